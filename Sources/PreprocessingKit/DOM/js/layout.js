// Layout: https://www.w3.org/TR/CSS2/visuren.html (block and inline formatting contexts) and
// https://drafts.csswg.org/cssom-view/ (the geometry getters read it).
//
// A small box model, computed only when a script first asks for geometry and recomputed after
// the tree changed (the document's VERSION). It lays out the bare markup plus inline style and
// the page's <style> sheets in the oracle's 390×844 viewport, as WebKit does when no external
// sheet and no image loads: block widths from the containing block and CSS widths, margins
// (collapsing), padding and borders; line boxes from the DejaVu advances and metrics
// (layoutFonts.js, textIteratorWidths.js); replaced boxes from attributes, CSS or alt text; tables, flex rows,
// floats and positioned boxes roughly. Heights are estimates: the aim is the values scripts use
// (document and body sizes, image boxes, visibility tests), not exact layout.
//
// Three passes over the rendered elements, in tree order (loops, no recursion): the style of each
// element (renderedComputeStyle for display and friends, plus layoutStyle.js's cascade of box
// properties), then max/min-content widths bottom-up (for shrink-to-fit boxes, tables and flex
// rows), then the layout itself (this file drives it; layoutBlock.js, layoutTableFlex.js and
// layoutReplaced.js lay out the boxes; layoutGeometry.js answers the getters). Box coordinates are relative to the box of the containing
// block context; absolute ones are resolved once, at the end.

/** The root element's font size (px), for rem units: set while a document is laid out. */
let layoutRem = 16;

/** Layout per document: {version, boxes: Map(element → box), root metrics}. */
const layoutCache = new WeakMap();
/**
 * The layout box of `element` (null when it has none: not rendered, or not in a document),
 * laying the document out first if needed.
 * @param {Element} element
 */
function layoutBoxOf(element) {
  const doc = element[OWNER];
  if (doc === null || doc === undefined || !element.isConnected) return null;
  const layout = layoutOf(doc);
  return layout === null ? null : layout.boxes.get(element) || null;
}

/** The document's layout, recomputed when the tree changed since the last one. */
function layoutOf(doc) {
  let layout = layoutCache.get(doc);
  if (layout !== undefined && layout.version === doc[VERSION]) return layout;
  layoutLazyLoaded = LAYOUT_NO_LAZY_IMAGES;
  layout = layoutDocument(doc);
  // Lazy images load only once laid out in the viewport: lay out again with those loaded.
  const loaded = layoutLazyImagesInViewport(doc, layout);
  if (loaded !== null) {
    layoutLazyLoaded = loaded;
    layout = layoutDocument(doc);
  }
  layout.lazyLoaded = loaded;
  layoutLazyLoaded = null;
  layoutCache.set(doc, layout);
  return layout;
}

/** The lazy images that load, while a document is laid out (null outside a layout). */
let layoutLazyLoaded = null;
const LAYOUT_NO_LAZY_IMAGES = new Set();

/** The `loading=lazy` data: URL images whose boxes intersect the viewport, or null when there are none. */
function layoutLazyImagesInViewport(doc, layout) {
  let loaded = null;
  for (const [element, box] of layout.boxes) {
    if (element[LOCAL_NAME] !== "img" || !layoutIsLazy(element)) continue;
    // The viewport grown by its own size on each side (measured: loaded 451px below it, not 1285px).
    const height = layout.viewportHeight, width = layout.viewportWidth;
    if (box.ay >= 2 * height || box.ay + box.h < -height || box.ax >= 2 * width || box.ax + box.w < -width) continue;
    if (layoutImageSource(element) === null || layoutImageNaturalSize(element, true) === null) continue;
    if (loaded === null) loaded = new Set();
    loaded.add(element);
  }
  return loaded;
}

function layoutIsLazy(element) {
  return selectorAsciiLower((selectorAttribute(element, "loading") || "").trim()) === "lazy";
}


/** Sets s.maxContent / s.minContent (content-box widths) of every element of `order`, last first. */
function layoutMeasure(order, styles) {
  for (let index = order.length - 1; index >= 0; index--) {
    const s = order[index];
    const element = s.element;
    if (s.kind === LK_REPLACED) {
      const size = layoutReplacedSize(element, s, NaN);
      s.maxContent = s.minContent = size[0];
    } else {
      let line = 0, maxContent = 0, minContent = 0, rowSum = 0, rowMin = 0, cells = 0;
      const pre = s.whiteSpace === "pre" || s.whiteSpace === "pre-wrap" || s.whiteSpace === "break-spaces";
      for (let child = element[FIRST]; child !== null && child !== undefined; child = child[NEXT]) {
        if (typeof child[LOCAL_NAME] !== "string") {
          if (child.nodeType !== 3 && child.nodeType !== 4) continue;
          const data = child[DATA];
          if (pre) {
            const lines = data.split("\n");
            for (let i = 0; i < lines.length; i++) {
              if (i > 0) { maxContent = Math.max(maxContent, line); line = 0; }
              const w = layoutTextWidth(lines[i].replace(/\t/g, "        "), s);
              line += w;
              minContent = Math.max(minContent, w);
            }
          } else {
            if (!/[^ \t\n\r\f]/.test(data)) { if (line > 0) line += s.space; continue; }
            const collapsed = data.replace(/[ \t\n\r\f]+/g, " ");
            line += layoutTextWidth(collapsed, s);
            if (s.whiteSpace === "nowrap") minContent = Math.max(minContent, line);
            else for (const word of collapsed.split(" ")) if (word.length > 0) minContent = Math.max(minContent, layoutTextWidth(word, s));
            s.hasText = true;
          }
          continue;
        }
        const c = styles.get(child);
        if (c === undefined) continue;
        if (c.hasText && c.kind === LK_INLINE) s.hasText = true;
        const outer = layoutHorizontalExtras(c);
        const cMax = layoutFixedWidth(c, c.maxContent) + outer, cMin = layoutFixedWidth(c, c.minContent) + outer;
        switch (c.kind) {
          case LK_BR: maxContent = Math.max(maxContent, line); line = 0; break;
          case LK_INLINE: case LK_CONTENTS: line += c.maxContent + outer; minContent = Math.max(minContent, c.minContent); break;
          case LK_CELL: rowSum += cMax + s.rowSpacing; rowMin += cMin; cells++; break;
          default:
            if (c.inlineLevel || c.outOfFlow) { line += cMax; minContent = Math.max(minContent, cMin); }
            else { maxContent = Math.max(maxContent, line, cMax); line = 0; minContent = Math.max(minContent, cMin); }
        }
      }
      maxContent = Math.max(maxContent, line);
      if (s.kind === LK_ROW && cells > 0) { maxContent = Math.max(maxContent, rowSum + s.rowSpacing); minContent = Math.max(minContent, rowMin + s.rowSpacing * (cells + 1)); }
      if (s.kind === LK_FLEX) {
        // A flex row's items sit side by side.
        let sum = 0, sumMin = 0;
        for (let child = element[FIRST]; child !== null && child !== undefined; child = child[NEXT]) {
          const c = styles.get(child);
          if (c === undefined || c.outOfFlow) continue;
          const outer = layoutHorizontalExtras(c);
          sum += layoutFixedWidth(c, c.maxContent) + outer;
          sumMin += layoutFixedWidth(c, c.minContent) + outer;
        }
        maxContent = Math.max(maxContent, sum);
        minContent = s.wrap ? minContent : Math.max(minContent, sumMin);
      }
      s.maxContent = maxContent;
      s.minContent = Math.min(minContent, maxContent);
    }
  }
}

/** Padding, borders and fixed margins on both sides. */
function layoutHorizontalExtras(s) {
  let extra = s.bl + s.br;
  if (typeof s.pl === "number") extra += s.pl;
  if (typeof s.pr === "number") extra += s.pr;
  if (typeof s.ml === "number") extra += s.ml;
  if (typeof s.mr === "number") extra += s.mr;
  return extra;
}

/** A fixed CSS width (content box) when given in absolute units, else `fallback`. */
function layoutFixedWidth(s, fallback) {
  if (s.kind === LK_REPLACED) return fallback;
  let width = typeof s.width === "number" ? s.width : fallback;
  if (typeof s.width === "number" && s.borderBox) width = Math.max(0, width - s.bl - s.br - (typeof s.pl === "number" ? s.pl : 0) - (typeof s.pr === "number" ? s.pr : 0));
  if (typeof s.maxWidth === "number" && width > s.maxWidth) width = s.maxWidth;
  if (typeof s.minWidth === "number" && width < s.minWidth) width = s.minWidth;
  return width;
}


/** A box: position relative to `rel`'s border box, border-box size, and its block-container state. */
function layoutNewBox(s, rel) {
  return { s, rel, x: 0, y: 0, w: 0, h: 0, oy: 0, cx: 0, cy: 0, cw: 0, ax: 0, ay: 0,
    // block container state
    cursor: 0, pendPos: 0, pendNeg: 0, pendQuirky: false, atTop: true, mtPos: 0, mtNeg: 0, topInto: false, parentBox: null,
    lineX: 0, lineA: 0, lineD: 0, lineHas: false, lineText: false, lineStarted: false, space: false, items: null,
    lines: null, inlines: null, textRight: 0, floatBottom: 0, floatX: 0, floatRightX: 0, floatY: -1, bfc: false,
    kind: s === null ? LK_BLOCK : s.kind, fixedHeight: NaN, rowCells: null, flexWidths: null, fx: 0, fy: 0, rowH: 0, flexItems: null,
    columns: null, cellIndex: 0, isInline: false, noExtent: false, clipped: false };
}

/** A length resolved against `base` for percentages, truncated to the layout unit (1/64 px). */
function layoutResolve(value, base, fontSize) {
  if (value === null || value === "auto") return NaN;
  const px = typeof value === "number" ? value : layoutLength(value, fontSize, base, layoutRem);
  return Math.floor(px * 64) / 64;
}

/** Lays out the document: returns {version, boxes, html, body, extentRight, extentBottom, quirks}. */
function layoutDocument(doc) {
  const version = doc[VERSION];
  const boxes = new Map();
  const result = { version, boxes, quirks: doc[DOC_STATE].compatMode === "quirks", html: null, body: null,
    extentRight: 0, extentBottom: 0, viewportWidth: doc[DOC_STATE].viewportWidth || 390, viewportHeight: doc[DOC_STATE].viewportHeight || 844 };
  const root = doc.documentElement;
  if (root === null) return result;
  const quirks = result.quirks;
  const sheet = layoutSheetFor(doc);
  // Pass 1: styles of the rendered elements, in tree order.
  const styles = new Map();
  const order = [];
  const initial = { visibility: "visible", whiteSpace: "normal", transform: "none", display: "block", fontSize: 16, bold: false,
    mono: false, serif: false, lineHeight: NaN, lineHeightFactor: 0, listNone: false };
  layoutRem = 16;
  const rootStyle = layoutStyle(root, initial, quirks, sheet);
  if (rootStyle === null) return result;
  // rem: the root's own lengths resolve against the initial font size, the others' against the root's.
  layoutRem = rootStyle.fontSize;
  styles.set(root, rootStyle);
  order.push(rootStyle);
  for (let node = root[FIRST]; node !== null && node !== undefined;) {
    let descend = false;
    if (typeof node[LOCAL_NAME] === "string") {
      const parent = styles.get(node[PARENT]);
      const s = parent === undefined ? null : layoutStyle(node, parent, quirks, sheet);
      if (s !== null) {
        if (parent.kind === LK_TABLE || parent.kind === LK_ROWGROUP) s.rowSpacing = parent.spacing || parent.rowSpacing || 0;
        else if (parent.kind === LK_ROW) s.rowSpacing = parent.rowSpacing || 0;
        if (s.kind === LK_TABLE) s.rowSpacing = s.spacing;
        if (s.kind === LK_ROW) s.rowSpacing = parent.rowSpacing || 0;
        styles.set(node, s);
        order.push(s);
        descend = s.kind !== LK_REPLACED && node[NAMESPACE] === SELECTOR_HTML_NAMESPACE;
      }
    }
    if (descend && node[FIRST] !== null && node[FIRST] !== undefined) { node = node[FIRST]; continue; }
    while (node !== null && node !== undefined && node !== root && (node[NEXT] === null || node[NEXT] === undefined)) node = node[PARENT];
    if (node === null || node === undefined || node === root) break;
    node = node[NEXT];
  }
  // Pass 2.
  layoutMeasure(order, styles);
  // Pass 3.
  const state = { quirks, styles, boxes, all: [], viewportWidth: result.viewportWidth, viewportHeight: result.viewportHeight, icb: null };
  const icb = layoutNewBox(null, null);
  icb.w = icb.cw = state.viewportWidth;
  icb.h = state.viewportHeight;
  // Percentage heights of the root resolve against the viewport.
  icb.fixedHeight = state.viewportHeight;
  icb.bfc = true;
  state.icb = icb;
  const html = layoutNewBox(rootStyle, icb);
  layoutSizeBlock(html, rootStyle, icb, state);
  html.x = 0; html.y = 0; html.bfc = true;
  boxes.set(root, html);
  state.all.push(html);
  const stack = [html]; // block containers
  for (let node = root[FIRST]; node !== null && node !== undefined;) {
    let descend = false;
    const top = stack[stack.length - 1];
    if (typeof node[LOCAL_NAME] === "string") {
      const s = styles.get(node);
      if (s !== undefined) descend = layoutEnter(node, s, stack, state);
    } else if (node.nodeType === 3 || node.nodeType === 4) {
      const parent = styles.get(node[PARENT]);
      if (parent !== undefined && parent.kind !== LK_TABLE && parent.kind !== LK_ROWGROUP && parent.kind !== LK_ROW) layoutText(top, node[DATA], parent, state);
    }
    if (descend && node[FIRST] !== null && node[FIRST] !== undefined) { node = node[FIRST]; continue; }
    if (descend) layoutExit(node, styles.get(node), stack, state);
    while (node !== null && node !== undefined && node !== root && (node[NEXT] === null || node[NEXT] === undefined)) {
      node = node[PARENT];
      if (node !== root) layoutExit(node, styles.get(node), stack, state);
    }
    if (node === null || node === undefined || node === root) break;
    node = node[NEXT];
  }
  layoutCloseBlock(html, state);
  html.h = Math.max(html.h, 0);
  const body = doc.body;
  const bodyBox = body === null ? undefined : boxes.get(body);
  if (quirks) {
    // Quirks mode: the html and body boxes stretch to fill the viewport.
    if (bodyBox !== undefined && bodyBox.rel === html && bodyBox.s.height === null) {
      const mb = typeof bodyBox.s.mb === "number" ? bodyBox.s.mb : 0;
      const stretched = state.viewportHeight - bodyBox.y - Math.max(mb, bodyBox.pendPosOut || 0);
      if (bodyBox.h < stretched) bodyBox.h = stretched;
    }
    html.h = Math.max(html.h, state.viewportHeight);
  }
  // Absolute positions and the document's scrollable extent.
  let right = 0, bottom = 0;
  for (const box of state.all) {
    const rel = box.rel;
    if (rel !== null && rel !== icb) {
      box.ax = rel.ax + box.x;
      box.ay = rel.ay + rel.oy + box.y;
      box.noExtent = box.noExtent || rel.noExtent;
      box.clipRight = rel.clipRight; box.clipBottom = rel.clipBottom;
    } else {
      box.ax = box.x; box.ay = box.y;
      box.clipRight = Infinity; box.clipBottom = Infinity;
    }
    if (box.noExtent) continue;
    const boxRight = box.ax + Math.max(box.w, box.cx + box.textRight);
    if (box.w > 0 || box.h > 0 || box.textRight > 0) {
      right = Math.max(right, Math.min(boxRight, box.clipRight));
      bottom = Math.max(bottom, Math.min(box.ay + box.h, box.clipBottom));
    }
    // The root's overflow, and the body's when the root's is visible, apply to the viewport, not to their boxes.
    if (box.s !== null && box.s.clips && box.s.kind !== LK_INLINE && box !== html && !(box.s.element === doc.body && !rootStyle.clips)) {
      box.clipRight = Math.min(box.clipRight, box.ax + box.w);
      box.clipBottom = Math.min(box.clipBottom, box.ay + box.h);
    }
  }
  result.extentRight = right;
  result.extentBottom = Math.max(bottom, html.h);
  result.html = html;
  result.body = bodyBox === undefined ? null : bodyBox;
  return result;
}

/** Enters an element: creates its box. Returns whether its children are laid out. */
function layoutEnter(element, s, stack, state) {
  const b = stack[stack.length - 1];
  const parentStyle = state.styles.get(element[PARENT]) || null;
  const kind = s.kind;
  if (kind === LK_BR) {
    const box = layoutNewBox(s, b);
    layoutStartLine(b);
    box.x = b.cx + b.lineX; box.y = b.cy + b.cursor; box.h = s.ascent + s.descent;
    state.boxes.set(element, box); state.all.push(box);
    layoutCloseLine(b, true, state);
    return false;
  }
  if (kind === LK_CONTENTS) return true;
  if (kind === LK_INLINE) {
    const box = layoutNewBox(s, b);
    box.isInline = true;
    const cbw = b.cw;
    const start = (layoutResolve(s.ml, cbw, s.fontSize) || 0) + s.bl + (layoutResolve(s.pl, cbw, s.fontSize) || 0);
    if (start > 0) { layoutStartLine(b); b.lineX += start; }
    if (b.inlines === null) b.inlines = [];
    if (b.lines === null) b.lines = [];
    // Inline boxes share their block container's lines: text goes to the container.
    // A collapsible space pending before it belongs to the text before (it starts after it).
    const pendingSpace = b.space && b.lineHas && parentStyle !== null ? parentStyle.space : 0;
    box.inline = { line0: b.lines.length / 3, x0: b.lineX - start + pendingSpace, line1: 0, x1: 0 };
    b.inlines.push(box);
    state.boxes.set(element, box); state.all.push(box);
    box.container = b;
    return true;
  }
  if (kind === LK_REPLACED) {
    const box = layoutNewBox(s, b);
    const container = layoutContainerFor(b, s, state);
    const size = layoutReplacedSize(element, s, container.cw);
    const cbw = container.cw;
    const pl = layoutResolve(s.pl, cbw, s.fontSize) || 0, pr = layoutResolve(s.pr, cbw, s.fontSize) || 0;
    const pt = layoutResolve(s.pt, cbw, s.fontSize) || 0, pb = layoutResolve(s.pb, cbw, s.fontSize) || 0;
    box.cw = size[0];
    box.w = size[0] + pl + pr + s.bl + s.br;
    box.h = size[1] + pt + pb + s.bt + s.bb;
    box.cx = s.bl + pl; box.cy = s.bt + pt;
    box.contentHeight = size[1];
    state.boxes.set(element, box); state.all.push(box);
    const ml = layoutResolve(s.ml, cbw, s.fontSize), mr = layoutResolve(s.mr, cbw, s.fontSize);
    const mt = layoutResolve(s.mt, cbw, s.fontSize) || 0, mb = layoutResolve(s.mb, cbw, s.fontSize) || 0;
    const marginLeft = isNaN(ml) ? 0 : ml, marginRight = isNaN(mr) ? 0 : mr;
    if (s.localName === "input") {
      const type = selectorAsciiLower(selectorAttribute(element, "type") || "");
      if (type === "checkbox" || type === "radio") { box.extraMl = 2; box.extraMt = 3; }
    }
    const eml = marginLeft + (box.extraMl || 0), emt = mt + (box.extraMt || 0);
    const emr = marginRight + (box.extraMl || 0), emb = mb + (box.extraMt || 0);
    if (s.outOfFlow) { layoutPlaceOutOfFlow(box, s, b, eml, emt, state); return false; }
    if (layoutInFlexRow(b)) { layoutFlexItemBox(b, box, element, eml, emt, emr, emb); return false; }
    if (!s.inlineLevel && b.kind !== LK_ROW) {
      // A block-level replaced box: a block that is not stretched.
      layoutCloseLine(b, false, state);
      box.mt = emt; box.mb = emb;
      let x = eml;
      if (isNaN(ml) && isNaN(mr)) x = Math.max(0, (b.cw - box.w) / 2);
      layoutBlockPlaceTop(b, box, s, state);
      box.x = b.cx + x;
      layoutBlockAfter(b, box, s, state, false);
      return false;
    }
    // Text fields, buttons and menus sit on the baseline of their text; other replaced boxes on their bottom.
    if (layoutHasTextBaseline(element, s)) {
      const ascent = emt + box.cy + s.ascent + (s.localName === "select" ? 6 : 0);
      layoutPlaceAtomic(b, box, eml + box.w + emr, ascent, emt + box.h + emb - ascent, eml, emt, parentStyle, state);
    } else layoutPlaceAtomic(b, box, eml + box.w + emr, emt + box.h + emb, 0, eml, emt, parentStyle, state);
    return false;
  }
  // Block containers of every kind.
  const box = layoutNewBox(s, b);
  box.parentBox = b;
  state.boxes.set(element, box); state.all.push(box);
  const container = layoutContainerFor(b, s, state);
  if (s.outOfFlow) {
    layoutSizeBlock(box, s, container, state, true);
    if (s.absolute && s.width === null && s.left !== null && s.right !== null) {
      // Both insets given: the box stretches between them.
      const left = layoutResolve(s.left, container.cw, s.fontSize), right = layoutResolve(s.right, container.cw, s.fontSize);
      const extras = box.w - box.cw;
      if (!isNaN(left) && !isNaN(right)) { box.cw = Math.max(0, container.cw - left - right - extras); box.w = box.cw + extras; }
    }
    box.placedOutOfFlow = true;
    stack.push(box);
    return true;
  }
  if (b.kind === LK_ROW && kind === LK_CELL) {
    const columns = b.rowColumns;
    const index = b.cellIndex;
    const span = Math.max(1, parseInt(selectorAttribute(element, "colspan") || "1", 10) || 1);
    let width = 0;
    for (let k = 0; k < span; k++) width += columns !== null && index + k < columns.length ? columns[index + k] : 0;
    width += (span - 1) * (b.spacing || 0);
    if (columns === null || index >= columns.length) width = Math.min(s.maxContent + layoutHorizontalExtras(s), Math.max(0, b.cw - b.fx));
    b.cellIndex += span;
    const cbw = width;
    const pl = layoutResolve(s.pl, cbw, s.fontSize) || 0, pr = layoutResolve(s.pr, cbw, s.fontSize) || 0;
    box.cx = s.bl + pl; box.cy = s.bt + (layoutResolve(s.pt, cbw, s.fontSize) || 0);
    box.padBottom = layoutResolve(s.pb, cbw, s.fontSize) || 0;
    box.cw = Math.max(0, width - pl - pr - s.bl - s.br);
    box.w = width;
    box.x = b.fx; box.y = 0;
    b.fx += width + (b.spacing || 0);
    box.bfc = true;
    box.fixedHeight = layoutResolve(s.height, NaN, s.fontSize);
    if (b.rowCells === null) b.rowCells = [];
    b.rowCells.push(box);
    stack.push(box);
    return true;
  }
  if (layoutInFlexRow(b)) {
    const width = b.flexWidths.get(element);
    layoutSizeBlock(box, s, container, state, true);
    if (width !== undefined) { const extras = box.w - box.cw; box.cw = Math.max(0, width - extras); box.w = width; }
    box.bfc = true;
    box.flexItem = true;
    stack.push(box);
    return true;
  }
  // A button is as wide as its content even when it is block-level.
  const shrink = kind === LK_ATOMIC || kind === LK_TABLE || (s.inlineLevel && kind !== LK_BLOCK) || kind === LK_CELL ||
    (s.localName === "button" && s.isHTML);
  layoutSizeBlock(box, s, container, state, shrink);
  if (kind === LK_TABLE) layoutTableColumns(box, s, element, container, state);
  if (kind === LK_ROWGROUP || kind === LK_ROW) {
    // Row groups and rows are inset by the table's border-spacing; cells follow the columns.
    const spacing = b.spacing || 0;
    const inset = b.kind === LK_TABLE ? spacing : 0;
    box.cw = box.w = Math.max(0, b.cw - 2 * inset);
    box.cx = 0; box.cy = 0; box.ml = box.mr = 0; box.mt = box.mb = 0;
    box.spacing = spacing;
    box.columns = b.columns;
    box.rowColumns = b.columns;
    box.fx = 0;
    box.cellIndex = 0;
    box.kind = kind;
    box.fixedHeight = NaN;
  }
  if (kind === LK_FLEX) layoutFlexWidths(box, s, element, state);
  if (s.inlineLevel && (kind === LK_ATOMIC || kind === LK_TABLE || kind === LK_FLEX)) {
    box.atomic = true;
    box.inlineParentStyle = parentStyle;
    stack.push(box);
    return true;
  }
  layoutCloseLine(b, false, state);
  if (kind === LK_ROW || kind === LK_ROWGROUP) {
    const spacing = b.spacing || 0;
    const inTable = b.kind === LK_TABLE;
    box.x = b.cx + (inTable ? spacing : 0);
    // Rows are separated (and, directly in a table, surrounded) by the spacing.
    box.y = b.cy + b.cursor + (inTable || (b.rowCount || 0) > 0 ? spacing : 0);
    if (kind === LK_ROW) b.rowCount = (b.rowCount || 0) + 1;
    b.atTop = false;
    stack.push(box);
    return true;
  }
  layoutBlockPlaceTop(b, box, s, state);
  box.x = b.cx + box.ml;
  layoutNoteBlockInInlines(element, box, b, state);
  // The marker goes to the first line: the item's own, or its first block descendant's.
  if (b.marker !== undefined && b.marker !== null && (b.lines === null || b.lines.length === 0)) { box.marker = b.marker; b.marker = null; }
  if (s.marker) box.marker = s;
  stack.push(box);
  return true;
}

/** A block inside inline elements (`<a><div>`): their rectangles grow to cover it. */
function layoutNoteBlockInInlines(element, box, b, state) {
  for (let a = element[PARENT]; a !== null && a !== undefined; a = a[PARENT]) {
    const inline = state.boxes.get(a);
    if (inline === undefined || !inline.isInline || inline.container !== b) return;
    if (inline.blocks === undefined) inline.blocks = [];
    inline.blocks.push(box);
  }
}

/** The containing block for percentages: the block container the box is in. */
function layoutContainerFor(b, s, state) {
  return b;
}

function layoutInFlexRow(b) {
  return b.kind === LK_FLEX && b.flexWidths !== null;
}

/** Exits an element whose box was opened by layoutEnter. */
function layoutExit(element, s, stack, state) {
  if (s === undefined) return;
  const kind = s.kind;
  if (kind === LK_REPLACED || kind === LK_BR || kind === LK_CONTENTS) return;
  if (kind === LK_INLINE) {
    const box = state.boxes.get(element);
    if (box === undefined || box.container === undefined) return;
    const b = box.container;
    const cbw = b.cw;
    const end = (layoutResolve(s.mr, cbw, s.fontSize) || 0) + s.br + (layoutResolve(s.pr, cbw, s.fontSize) || 0);
    if (end > 0 && b.lineHas) b.lineX += end;
    box.inline.line1 = b.lines === null ? 0 : b.lines.length / 3;
    box.inline.x1 = b.lineX;
    return;
  }
  const box = stack[stack.length - 1];
  if (box.s !== s) return;
  stack.pop();
  const b = stack[stack.length - 1];
  if (kind === LK_ROW) {
    layoutCloseLine(box, false, state);
    let height = 0;
    const cells = box.rowCells || [];
    for (const cell of cells) height = Math.max(height, cell.h);
    const fixed = layoutResolve(s.height, NaN, s.fontSize);
    if (!isNaN(fixed)) height = Math.max(height, fixed);
    for (const cell of cells) {
      // Cells stretch to the row; their content is centered vertically (vertical-align: middle).
      cell.oy = Math.max(0, (height - cell.h) / 2);
      cell.h = height;
    }
    box.h = height;
    b.cursor = box.y - b.cy + height;
    b.atTop = false;
    return;
  }
  if (kind === LK_ROWGROUP) {
    layoutCloseLine(box, false, state);
    box.h = box.cursor;
    b.cursor = box.y - b.cy + box.h;
    b.atTop = false;
    return;
  }
  layoutCloseBlock(box, state);
  if (box.placedOutOfFlow) {
    // Shrink-to-fit boxes take the width of their content when narrower.
    layoutPlaceOutOfFlow(box, s, b, box.ml, box.mt, state);
    return;
  }
  if (b.kind === LK_ROW && kind === LK_CELL) return;
  if (box.flexItem) { layoutFlexItemBox(b, box, element, box.ml, box.mt, box.mr, box.mb); return; }
  if (box.atomic) {
    const parentStyle = box.inlineParentStyle;
    const lines = box.lines;
    let ascent = box.mt + box.h + box.mb, descent = 0;
    if (lines !== null && lines.length > 0 && !s.clips) {
      const baseline = box.cy + lines[lines.length - 3] + lines[lines.length - 2] + box.oy;
      ascent = box.mt + baseline;
      descent = box.h - baseline + box.mb;
    }
    layoutPlaceAtomic(b, box, box.ml + box.w + box.mr, ascent, descent, box.ml, box.mt, parentStyle, state);
    return;
  }
  layoutBlockAfter(b, box, s, state, box.carryPos, box.carryNeg, box.carryQuirky);
}
