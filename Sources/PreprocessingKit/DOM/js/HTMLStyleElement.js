// HTMLStyleElement: https://html.spec.whatwg.org/#htmlstyleelement (no CSSOM: `sheet` is null)

class HTMLStyleElement extends HTMLElement {
  get sheet() { return null; }
}
reflectAttributes(HTMLStyleElement.prototype, { media: "string", type: "string", disabled: "boolean", blocking: "string" });
registerHTMLElement(HTMLStyleElement, "style");
