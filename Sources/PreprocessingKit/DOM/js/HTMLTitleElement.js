// HTMLTitleElement: https://html.spec.whatwg.org/#htmltitleelement

class HTMLTitleElement extends HTMLElement {
  get text() { return descendantTextContent(this); }
  set text(value) { setTextContent(this, value); }
}
registerHTMLElement(HTMLTitleElement, "title");
