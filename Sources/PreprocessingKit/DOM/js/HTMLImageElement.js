// HTMLImageElement: https://html.spec.whatwg.org/#htmlimageelement
// Images are never fetched, except data: URLs, whose header gives the natural size (others are
// 0); `complete` is true. width/height are the rendered content size, or the attributes when
// the image is not rendered (layout.js).

/** An image's x (`axis` 0) or y (1): its box's position, 0 when it has none. */
function imagePosition(image, axis) {
  const rect = layoutRectOf(image);
  return rect === null ? 0 : Math.round(rect[axis]);
}

class HTMLImageElement extends HTMLElement {
  get currentSrc() { return this.src; }
  get naturalWidth() { return modelAnswer("HTMLImageElement.naturalWidth", 0, layoutImageNaturalDimension, this, false); }
  get naturalHeight() { return modelAnswer("HTMLImageElement.naturalHeight", 0, layoutImageNaturalDimension, this, true); }
  get complete() { return true; }
  get x() { return modelAnswer("HTMLImageElement.x", 0, imagePosition, this, 0); }
  get y() { return modelAnswer("HTMLImageElement.y", 0, imagePosition, this, 1); }
  get width() { return modelAnswer("HTMLImageElement.width", 0, layoutImageDimension, this, false); }
  set width(value) { setAttributeValue(this, "width", String(value >>> 0)); }
  get height() { return modelAnswer("HTMLImageElement.height", 0, layoutImageDimension, this, true); }
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
