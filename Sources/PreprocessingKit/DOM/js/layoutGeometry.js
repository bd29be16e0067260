// What the CSSOM View getters read from the layout: https://drafts.csswg.org/cssom-view/
// (getBoundingClientRect, client/scroll/offset sizes, offsetParent) and the image size getters.

/** Rounds to WebKit's layout unit (1/64 px). */
function layoutUnit(value) {
  return Math.round(value * 64) / 64;
}

/** The border box of `element` in viewport coordinates (the page is never scrolled): [x, y, w, h] or null. */
function layoutRectOf(element) {
  const box = layoutBoxOf(element);
  if (box === null) return null;
  return [layoutUnit(box.ax), layoutUnit(box.ay), layoutUnit(box.w), layoutUnit(box.h)];
}

/** Element.getBoundingClientRect(). */
function layoutBoundingClientRect(element) {
  const rect = layoutRectOf(element);
  return rect === null ? new DOMRect(0, 0, 0, 0) : new DOMRect(rect[0], rect[1], rect[2], rect[3]);
}

/** Element.getClientRects(): one rectangle per box (inline boxes are not split per line). */
function layoutClientRects(element) {
  const rect = layoutRectOf(element);
  return rect === null ? [] : [new DOMRect(rect[0], rect[1], rect[2], rect[3])];
}

/** The viewport-sized element of the document's mode: html (standards) or body (quirks). */
function layoutIsViewportElement(element, layout) {
  const doc = element[OWNER];
  if (layout.quirks) return element === doc.body;
  return element === doc.documentElement;
}

/** clientWidth / clientHeight (`vertical`). */
function layoutClientSize(element, vertical) {
  const doc = element[OWNER];
  if (doc === null || doc === undefined || !element.isConnected) return 0;
  const layout = layoutOf(doc);
  if (layoutIsViewportElement(element, layout)) return vertical ? layout.viewportHeight : layout.viewportWidth;
  const box = layout.boxes.get(element);
  if (box === undefined || box.isInline || box.s.kind === LK_BR) return 0;
  const s = box.s;
  return Math.round(vertical ? box.h - s.bt - s.bb : box.w - s.bl - s.br);
}

/** scrollWidth / scrollHeight (`vertical`). */
function layoutScrollSize(element, vertical) {
  const doc = element[OWNER];
  if (doc === null || doc === undefined || !element.isConnected) return 0;
  const layout = layoutOf(doc);
  const viewport = vertical ? layout.viewportHeight : layout.viewportWidth;
  const extent = Math.round(vertical ? layout.extentBottom : layout.extentRight);
  if (element === doc.documentElement) {
    // In quirks mode the body, not the root, stands for the viewport: a root without a box
    // (display: none) scrolls nothing, 0 both ways (layout-hidden-root-quirks-scroll-sizes).
    if (layout.quirks && layout.html === null) return 0;
    if (layout.quirks && vertical) return Math.max(Math.round(layout.html.h), extent);
    return Math.max(viewport, extent);
  }
  if (layout.quirks && element === doc.body) return Math.max(viewport, extent);
  return layoutClientSize(element, vertical);
}

/** HTMLElement.offsetParent: https://drafts.csswg.org/cssom-view/#dom-htmlelement-offsetparent */
function layoutOffsetParent(element) {
  const doc = element[OWNER];
  if (doc === null || doc === undefined) return null;
  const box = layoutBoxOf(element);
  if (box === null || element === doc.body || element === doc.documentElement || box.s.position === "fixed") return null;
  const layout = layoutOf(doc);
  const positioned = box.s.position !== "static";
  for (let a = element[PARENT]; a !== null && a !== undefined && typeof a[LOCAL_NAME] === "string"; a = a[PARENT]) {
    if (a === doc.body) return a;
    const ab = layout.boxes.get(a);
    const position = ab !== undefined ? ab.s.position : "static";
    if (position !== "static") return a;
    if (!positioned && a[NAMESPACE] === SELECTOR_HTML_NAMESPACE && (a[LOCAL_NAME] === "td" || a[LOCAL_NAME] === "th" || a[LOCAL_NAME] === "table")) return a;
  }
  return doc.body;
}

/** offsetLeft / offsetTop (`vertical`), relative to the offset parent's padding edge. */
function layoutOffsetPosition(element, vertical) {
  const box = layoutBoxOf(element);
  if (box === null || element === element[OWNER].body) return 0;
  const parent = layoutOffsetParent(element);
  let value = vertical ? box.ay : box.ax;
  if (parent !== null && parent !== element[OWNER].body) {
    const pb = layoutBoxOf(parent);
    if (pb !== null) value -= vertical ? pb.ay + pb.s.bt : pb.ax + pb.s.bl;
  }
  return Math.round(value);
}

/** offsetWidth / offsetHeight (`vertical`). */
function layoutOffsetSize(element, vertical) {
  const box = layoutBoxOf(element);
  if (box === null) return 0;
  return Math.round(vertical ? box.h : box.w);
}

/** HTMLImageElement width/height: the content box when rendered, else the attribute or natural size. */
function layoutImageDimension(element, vertical) {
  const box = layoutBoxOf(element);
  if (box !== null) return Math.round(vertical ? box.contentHeight : box.cw);
  const attribute = layoutAttributeNumber(element, vertical ? "height" : "width");
  if (attribute >= 0) return Math.floor(attribute);
  const natural = layoutImageNaturalSize(element);
  return natural === null ? 0 : natural[vertical ? 1 : 0];
}

/** naturalWidth / naturalHeight: only data: URL images load (an SVG with only a ratio reports its rendered size). */
function layoutImageNaturalDimension(element, vertical) {
  const natural = layoutImageNaturalSize(element);
  if (natural === null) return 0;
  if (natural[2] === true) {
    const box = layoutBoxOf(element);
    return box === null ? 0 : Math.round(vertical ? box.contentHeight : box.cw);
  }
  return natural[vertical ? 1 : 0];
}

/** Range.getBoundingClientRect(): the union of the boxes of the elements holding its boundary points. */
function layoutRangeRect(range, startNode, endNode) {
  const elementOf = (node) => typeof node[LOCAL_NAME] === "string" ? node : node[PARENT];
  const a = startNode === null ? null : elementOf(startNode), b = endNode === null ? null : elementOf(endNode);
  const ra = a === null || a === undefined || typeof a[LOCAL_NAME] !== "string" ? null : layoutRectOf(a);
  const rb = b === null || b === undefined || typeof b[LOCAL_NAME] !== "string" ? null : layoutRectOf(b);
  if (ra === null && rb === null) return new DOMRect(0, 0, 0, 0);
  const r1 = ra || rb, r2 = rb || ra;
  const left = Math.min(r1[0], r2[0]), top = Math.min(r1[1], r2[1]);
  const right = Math.max(r1[0] + r1[2], r2[0] + r2[2]), bottom = Math.max(r1[1] + r1[3], r2[1] + r2[3]);
  return new DOMRect(left, top, right - left, bottom - top);
}
