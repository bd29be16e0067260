// HTMLIFrameElement: https://html.spec.whatwg.org/#htmliframeelement
// Frames are not loaded: contentDocument and contentWindow are null.

class HTMLIFrameElement extends HTMLElement {
  get contentDocument() { return null; }
  get contentWindow() { return null; }
  getSVGDocument() { return null; }
}
reflectAttributes(HTMLIFrameElement.prototype, {
  src: "url", srcdoc: "string", name: "string", allow: "string", allowFullscreen: ["boolean", "allowfullscreen"],
  width: "string", height: "string", referrerPolicy: ["string", "referrerpolicy"], loading: "string",
  align: "string", scrolling: "string", frameBorder: ["string", "frameborder"], longDesc: ["url", "longdesc"],
  marginHeight: ["string", "marginheight"], marginWidth: ["string", "marginwidth"],
});
registerHTMLElement(HTMLIFrameElement, "iframe");

class HTMLFrameElement extends HTMLElement {
  get contentDocument() { return null; }
  get contentWindow() { return null; }
}
reflectAttributes(HTMLFrameElement.prototype, {
  src: "url", name: "string", scrolling: "string", frameBorder: ["string", "frameborder"], noResize: ["boolean", "noresize"],
});
registerHTMLElement(HTMLFrameElement, "frame");

class HTMLFrameSetElement extends HTMLElement {}
reflectAttributes(HTMLFrameSetElement.prototype, { cols: "string", rows: "string" });
registerHTMLElement(HTMLFrameSetElement, "frameset");
