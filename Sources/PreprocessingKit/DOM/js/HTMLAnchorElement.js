// HTMLAnchorElement: https://html.spec.whatwg.org/#htmlanchorelement

class HTMLAnchorElement extends HTMLElement {
  get text() { return descendantTextContent(this); }
  set text(value) { setTextContent(this, value); }
  get relList() {
    const extras = elementExtras(this);
    return extras.relList || (extras.relList = createTokenList(this, "rel"));
  }
}
mixInto(HTMLAnchorElement.prototype, HyperlinkElementUtilsMixin);
reflectAttributes(HTMLAnchorElement.prototype, {
  target: "string", download: "string", ping: "string", rel: "string", hreflang: "string", type: "string",
  referrerPolicy: ["string", "referrerpolicy"], name: "string", coords: "string", charset: "string",
  rev: "string", shape: "string",
});
registerHTMLElement(HTMLAnchorElement, "a");
