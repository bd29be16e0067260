// HTMLScriptElement: https://html.spec.whatwg.org/#htmlscriptelement
// Page scripts never run in the simulator (the saved page is inert); scripts are only data.

class HTMLScriptElement extends HTMLElement {
  get text() { return descendantTextContent(this); }
  set text(value) { setTextContent(this, value); }
}
reflectAttributes(HTMLScriptElement.prototype, {
  src: "url", type: "string", noModule: ["boolean", "nomodule"], async: "boolean", defer: "boolean",
  crossOrigin: ["string", "crossorigin", null], integrity: "string", charset: "string", event: "string",
  htmlFor: ["string", "for"], referrerPolicy: ["string", "referrerpolicy"],
});
registerHTMLElement(HTMLScriptElement, "script");
