// HTMLCanvasElement: https://html.spec.whatwg.org/#htmlcanvaselement (no drawing: getContext is null)

class HTMLCanvasElement extends HTMLElement {
  getContext(type) { recordUnsupported("HTMLCanvasElement.getContext"); return null; }
  toDataURL() { return "data:,"; }
  toBlob(callback) { recordUnsupported("HTMLCanvasElement.toBlob"); }
}
reflectAttributes(HTMLCanvasElement.prototype, { width: ["unsigned", "width", 300], height: ["unsigned", "height", 150] });
registerHTMLElement(HTMLCanvasElement, "canvas");
