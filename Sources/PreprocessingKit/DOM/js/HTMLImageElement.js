// HTMLImageElement: https://html.spec.whatwg.org/#htmlimageelement
// Images are never fetched, except data: URLs, whose header gives the natural size (others are
// 0); `complete` is true. width/height are the rendered content size, or the attributes when
// the image is not rendered (layout.js).

class HTMLImageElement extends HTMLElement {
  get currentSrc() { return this.src; }
  get naturalWidth() { return layoutImageNaturalDimension(this, false); }
  get naturalHeight() { return layoutImageNaturalDimension(this, true); }
  get complete() { return true; }
  get x() { const rect = layoutRectOf(this); return rect === null ? 0 : Math.round(rect[0]); }
  get y() { const rect = layoutRectOf(this); return rect === null ? 0 : Math.round(rect[1]); }
  get width() { return layoutImageDimension(this, false); }
  set width(value) { setAttributeValue(this, "width", String(value >>> 0)); }
  get height() { return layoutImageDimension(this, true); }
  set height(value) { setAttributeValue(this, "height", String(value >>> 0)); }
  decode() { return Promise.resolve(); }
}
reflectAttributes(HTMLImageElement.prototype, {
  src: "url", alt: "string", srcset: "string", sizes: "string", crossOrigin: ["string", "crossorigin", null],
  useMap: ["string", "usemap"], isMap: ["boolean", "ismap"],
  referrerPolicy: ["string", "referrerpolicy"], decoding: ["enum", "decoding", "auto", ["sync", "async", "auto"]],
  loading: ["enum", "loading", "auto", ["lazy", "eager"]], name: "string", lowsrc: "url", align: "string",
  hspace: "unsigned", vspace: "unsigned", longDesc: ["url", "longdesc"], border: "string",
  fetchPriority: ["enum", "fetchpriority", "auto", ["high", "low", "auto"]],
});
registerHTMLElement(HTMLImageElement, "img");
