// HTMLCanvasElement: https://html.spec.whatwg.org/#htmlcanvaselement (no drawing: getContext is null)

class HTMLCanvasElement extends HTMLElement {
  getContext(type) { recordUnsupported("HTMLCanvasElement.getContext"); return null; }
  // Nothing is drawn, so there is no image: WebKit returns "data:," for an empty canvas too.
  toDataURL() { recordUnsupported("HTMLCanvasElement.toDataURL"); return "data:,"; }
  toBlob(callback) { recordUnsupported("HTMLCanvasElement.toBlob"); }
}
reflectAttributes(HTMLCanvasElement.prototype, { width: ["unsigned", "width", 300], height: ["unsigned", "height", 150] });
registerHTMLElement(HTMLCanvasElement, "canvas");
