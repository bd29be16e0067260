// HTMLImageElement: https://html.spec.whatwg.org/#htmlimageelement
// Images are never fetched: natural sizes are 0, `complete` is true, width/height come from
// the attributes (what WebKit reports for an image that is not rendered).

class HTMLImageElement extends HTMLElement {
  get currentSrc() { return this.src; }
  get naturalWidth() { return 0; }
  get naturalHeight() { return 0; }
  get complete() { return true; }
  get x() { return 0; }
  get y() { return 0; }
  decode() { return Promise.resolve(); }
}
reflectAttributes(HTMLImageElement.prototype, {
  src: "url", alt: "string", srcset: "string", sizes: "string", crossOrigin: ["string", "crossorigin", null],
  useMap: ["string", "usemap"], isMap: ["boolean", "ismap"], width: "unsigned", height: "unsigned",
  referrerPolicy: ["string", "referrerpolicy"], decoding: ["enum", "decoding", "auto", ["sync", "async", "auto"]],
  loading: ["enum", "loading", "auto", ["lazy", "eager"]], name: "string", lowsrc: "url", align: "string",
  hspace: "unsigned", vspace: "unsigned", longDesc: ["url", "longdesc"], border: "string",
  fetchPriority: ["enum", "fetchpriority", "auto", ["high", "low", "auto"]],
});
registerHTMLElement(HTMLImageElement, "img");
