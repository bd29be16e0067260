// HTMLMetaElement: https://html.spec.whatwg.org/#htmlmetaelement

class HTMLMetaElement extends HTMLElement {}
reflectAttributes(HTMLMetaElement.prototype, {
  name: "string", content: "string", httpEquiv: ["string", "http-equiv"], media: "string", scheme: "string",
});
registerHTMLElement(HTMLMetaElement, "meta");
