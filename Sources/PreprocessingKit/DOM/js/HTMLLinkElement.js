// HTMLLinkElement: https://html.spec.whatwg.org/#htmllinkelement

class HTMLLinkElement extends HTMLElement {
  get relList() {
    const extras = elementExtras(this);
    return extras.relList || (extras.relList = createTokenList(this, "rel"));
  }
  get sizes() {
    const extras = elementExtras(this);
    return extras.sizes || (extras.sizes = createTokenList(this, "sizes"));
  }
  get sheet() { return null; }
}
reflectAttributes(HTMLLinkElement.prototype, {
  href: "url", rel: "string", media: "string", hreflang: "string", type: "string", as: "string",
  crossOrigin: ["string", "crossorigin", null], integrity: "string", disabled: "boolean",
  referrerPolicy: ["string", "referrerpolicy"], imageSrcset: ["string", "imagesrcset"],
  imageSizes: ["string", "imagesizes"], charset: "string", rev: "string", target: "string",
});
registerHTMLElement(HTMLLinkElement, "link");
