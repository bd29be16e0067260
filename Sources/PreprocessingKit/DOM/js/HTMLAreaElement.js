// HTMLAreaElement: https://html.spec.whatwg.org/#htmlareaelement

class HTMLAreaElement extends HTMLElement {
  get relList() {
    const extras = elementExtras(this);
    return extras.relList || (extras.relList = createTokenList(this, "rel"));
  }
}
mixInto(HTMLAreaElement.prototype, HyperlinkElementUtilsMixin);
reflectAttributes(HTMLAreaElement.prototype, {
  alt: "string", coords: "string", shape: "string", target: "string", download: "string", ping: "string",
  rel: "string", referrerPolicy: ["string", "referrerpolicy"], noHref: ["boolean", "nohref"],
});
registerHTMLElement(HTMLAreaElement, "area");
