// The widths TextIterator's line breaking needs, estimated: text in the oracle's fonts, CSS
// lengths, replaced elements and form controls (see textIterator.js).

// Line breaking, roughly. Where a line wraps matters to TextIterator only next to atomic
// inlines (images, form controls, frames, svg): the white space before one that does not fit
// has no box, and after one that fills the line the next white space ends it. Widths are
// estimated from what the oracle's WebKit measured (16px DejaVu Sans; form controls in 13.33px
// system font): the page's own fonts and box sizes are mostly not known.

/**
 * The width of the body's lines: the document's layout viewport (viewport.js; 390 with a
 * viewport tag on the iPhone, 980 without) less the body's 8px margins.
 */
function iteratorViewportLineWidth(owner) {
  const state = owner !== null && owner !== undefined ? owner[DOC_STATE] : undefined;
  const width = state !== undefined && typeof state.viewportWidth === "number" && state.viewportWidth > 0 ? state.viewportWidth : 390;
  return width - 16;
}
/** User-agent indentation of block containers (list padding, blockquote/figure margins). */
const ITERATOR_INDENTS = new Map([["ul", 40], ["ol", 40], ["menu", 40], ["dir", 40], ["dd", 40],
  ["blockquote", 80], ["figure", 80], ["fieldset", 28]]);

/** Font size (relative to 16px) times boldness of user-agent headings, bold and small text. */
const ITERATOR_FONT_SCALES = new Map([["h1", 2 * 1.11], ["h2", 1.5 * 1.11], ["h3", 1.17 * 1.11], ["h4", 1.11],
  ["h5", 0.83 * 1.11], ["h6", 0.67 * 1.11], ["b", 1.11], ["strong", 1.11], ["th", 1.11], ["small", 0.83],
  ["big", 1.2], ["sub", 0.83], ["sup", 0.83]]);

/**
 * The element's text scale: its `font-size` from the cascade (px, em, %, rem), else the
 * user-agent one, relative to the parent's. `computed`: the element's renderedComputeStyle.
 */
function iteratorFontScale(element, computed, parentScale) {
  const author = iteratorAuthorFontSize(computed, parentScale);
  if (author !== null) return author / 16;
  if (element[NAMESPACE] !== SELECTOR_HTML_NAMESPACE) return parentScale;
  const factor = ITERATOR_FONT_SCALES.get(element[LOCAL_NAME]);
  return factor === undefined ? parentScale : parentScale * factor;
}

/** Absolute `font-size` keywords in pixels (WebKit's table for a 16px medium). */
const ITERATOR_FONT_SIZE_KEYWORDS = new Map([["xx-small", 9], ["x-small", 10], ["small", 13], ["medium", 16],
  ["large", 18], ["x-large", 24], ["xx-large", 32], ["xxx-large", 48]]);

/**
 * The `font-size` the cascade gave the element last styled, in pixels (px, pt, rem, em, %,
 * keywords; em, % and larger/smaller against the parent's `parentScale` × 16px), or null
 * when it has none that is understood. `computed`: the element's renderedComputeStyle.
 */
function iteratorAuthorFontSize(computed, parentScale) {
  const size = computed.fontSize;
  if (size === null) return null;
  if (renderedIsZeroLength(size)) return 0;
  const match = /^([0-9.]+)(px|em|rem|%|pt)$/.exec(size);
  if (match !== null) {
    const number = parseFloat(match[1]);
    switch (match[2]) {
      case "px": return number;
      case "pt": return number * 4 / 3;
      case "rem": return number * 16;
      case "em": return parentScale * number * 16;
      default: return parentScale * number * 16 / 100;
    }
  }
  const keyword = ITERATOR_FONT_SIZE_KEYWORDS.get(size);
  if (keyword !== undefined) return keyword;
  if (size === "larger") return parentScale * 16 * 1.2;
  if (size === "smaller") return parentScale * 16 / 1.2;
  return null;
}

/** A CSS length in pixels (px, em, rem, ex, pt at a 16px font), or -1 when not a length. */
function iteratorLength(value) {
  if (value === null || value === undefined) return -1;
  if (/^[-+]?0*\.?0+$/.test(value)) return 0;
  const match = /^([0-9.]+)(px|em|rem|ex|pt)$/.exec(value);
  if (match === null) return -1;
  const number = parseFloat(match[1]);
  switch (match[2]) {
    case "px": return number;
    case "em": case "rem": return number * 16;
    // DejaVu Sans x-height at 16px, as WebKit rounds it (measured: 10.03ex < 90.3px < 10.06ex).
    case "ex": return number * 9;
    default: return number * 4 / 3;
  }
}

/**
 * Advance widths of printable ASCII in DejaVu Sans (the oracle's default font), in 1/2048 em,
 * from U+0020 to U+007E.
 */
const ITERATOR_ASCII_ADVANCES = [651, 821, 940, 1716, 1303, 1946, 1593, 563, 799, 799, 1024, 1716, 651, 739, 651, 690,
  1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087,
  2048, 1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540, 604, 604, 1343, 1141, 1767, 1532, 1612,
  1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799, 690, 799, 1716, 1024,
  1024, 1255, 1300, 1126, 1300, 1260, 721, 1300, 1298, 569, 569, 1186, 569, 1995, 1298, 1253,
  1300, 1300, 842, 1067, 803, 1298, 1212, 1675, 1212, 1212, 1075, 1303, 690, 1303, 1716];

/** Rounded advances (px) of ASCII, then CJK, then other characters, per font scale. */
const iteratorAdvanceTables = new Map();

/**
 * WebKitGTK rounds each glyph's advance to whole pixels (measured: ten digits are exactly
 * 100px), so widths are sums of rounded advances. Outside ASCII: 1280 units, as measured for
 * CJK (the oracle has no CJK font), close to the average Latin letter.
 */
function iteratorAdvanceTable(scale) {
  let table = iteratorAdvanceTables.get(scale);
  if (table === undefined) {
    const pixelsPerUnit = 16 * scale / 2048;
    table = new Float64Array(ITERATOR_ASCII_ADVANCES.length + 2);
    for (let i = 0; i < ITERATOR_ASCII_ADVANCES.length; i++) table[i] = Math.round(ITERATOR_ASCII_ADVANCES[i] * pixelsPerUnit);
    table[ITERATOR_ASCII_ADVANCES.length] = Math.round(1280 * pixelsPerUnit);
    table[ITERATOR_ASCII_ADVANCES.length + 1] = Math.round(1200 * pixelsPerUnit);
    if (iteratorAdvanceTables.size > 64) iteratorAdvanceTables.clear();
    iteratorAdvanceTables.set(scale, table);
  }
  return table;
}

function iteratorAdvance(table, code) {
  return code >= 32 && code <= 126 ? table[code - 32] : table[code >= 0x2e80 ? 95 : 96];
}

/** Estimated width of a run of text at `scale` × 16px. */
function iteratorTextWidth(text, scale) {
  const table = iteratorAdvanceTable(scale === undefined ? 1 : scale);
  let width = 0;
  for (let i = 0; i < text.length; i++) width += iteratorAdvance(table, text.charCodeAt(i));
  return width;
}

/** Whether lines may wrap at soft wrap opportunities under `white-space` (not nowrap or pre). */
function iteratorWraps(whiteSpace) {
  return whiteSpace !== "nowrap" && whiteSpace !== "pre";
}

/** The width of `data`'s first word, with one space before it when `data` starts with white space. */
function iteratorLeadingWordWidth(data, scale) {
  const table = iteratorAdvanceTable(scale);
  let i = 0, width = 0;
  while (i < data.length && iteratorIsCollapsibleCode(data.charCodeAt(i))) i++;
  if (i > 0) width += table[0];
  for (; i < data.length; i++) {
    const code = data.charCodeAt(i);
    if (iteratorIsCollapsibleCode(code)) break;
    width += iteratorAdvance(table, code);
    // CJK text may break after any character.
    if (code >= 0x2e80) break;
  }
  return width;
}

function iteratorIsCollapsibleCode(code) {
  return code === 32 || code === 10 || code === 9 || code === 13 || code === 12;
}

/**
 * Adds collapsed text to the line's width, wrapping at its spaces when it overflows (unless
 * `whiteSpace` forbids wrapping).
 */
function iteratorAdvanceLine(line, text, scale, whiteSpace) {
  const wraps = iteratorWraps(whiteSpace);
  const table = iteratorAdvanceTable(scale);
  let word = 0;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 32;
    if (code !== 32) {
      word += iteratorAdvance(table, code);
      // CJK text may break after any character: each one is placed on its own.
      if (code < 0x2e80) continue;
    }
    // (An empty word, after a space, never wraps: the space hangs at the line's end.)
    if (wraps && word > 0 && line.width > 0 && line.width + word > line.available) {
      line.widest = Math.max(line.widest, line.width);
      line.width = word;
      // The word starts a new line: an atomic inline that filled the old one no longer ends it.
      line.full = false;
    } else line.width += word;
    word = 0;
    if (code === 32 && i < text.length) line.width += table[0];
  }
}

/** A CSS `width` in pixels, a percentage of the containing block's `available` width, or -1. */
function iteratorCssWidth(value, available) {
  const length = iteratorLength(value);
  if (length >= 0 || value === null || value === undefined) return length;
  const match = /^([0-9.]+)%$/.exec(value);
  return match === null ? -1 : parseFloat(match[1]) * available / 100;
}

/** The width of the lines of a block container inside a line context of width `available`. */
function iteratorAvailableWidth(localName, style, available) {
  const width = iteratorCssWidth(style.width, available);
  if (width >= 0) return width;
  return Math.max(available - (ITERATOR_INDENTS.get(localName) || 0), 20);
}
/** The estimated laid-out width of a replaced element (0 when not known). */
function iteratorReplacedWidth(element, localName, style) {
  const cssWidth = iteratorLength(style.width);
  if (cssWidth >= 0) return cssWidth;
  const attribute = selectorAttribute(element, "width");
  if (attribute !== null && /^\s*[0-9.]+\s*(px)?\s*$/i.test(attribute) && localName !== "input" && localName !== "select") {
    return parseFloat(attribute) + (localName === "iframe" ? 4 : 0);
  }
  switch (localName) {
    case "iframe": return 304;
    case "video": case "canvas": case "embed": return 300;
    // A plug-in object that cannot load is 300px wide; a blocked image object has no size.
    case "object": return iteratorObjectIsImage(element) ? 0 : 300;
    // With a viewBox and no width, an svg scales to fill its container's width.
    case "svg": return selectorAttribute(element, "viewBox") !== null || selectorAttribute(element, "viewbox") !== null ? Infinity : 300;
    case "img": {
      // A data: URL image loads (the oracle blocks only network loads): its natural width.
      const natural = iteratorLoadedImageSize(element);
      if (natural !== null) return natural[0];
      const alt = selectorAttribute(element, "alt");
      return alt !== null && alt !== "" ? iteratorTextWidth(alt) + 1 : 0;
    }
    // cols (default 20) monospace characters of 8px, plus padding and border.
    case "textarea": {
      const cols = /^\s*([0-9]+)\s*$/.exec(selectorAttribute(element, "cols") || "");
      return (cols !== null && parseInt(cols[1], 10) > 0 ? parseInt(cols[1], 10) : 20) * 8 + 6;
    }
    case "button": return iteratorButtonContentWidth(element) + 15.5;
    case "select": {
      let widest = 0;
      for (let node = element[FIRST]; node !== null && node !== undefined; node = nextInTree(node, element)) {
        if (node[LOCAL_NAME] === "option") widest = Math.max(widest, iteratorTextWidth(renderedDescendantText(node).trim(), 0.833));
      }
      return widest + 28;
    }
    case "input": {
      const type = selectorAsciiLower(selectorAttribute(element, "type") || "text");
      if (type === "submit" || type === "reset" || type === "button") {
        const value = selectorAttribute(element, "value") ?? (type === "submit" ? "Submit" : type === "reset" ? "Reset" : "");
        return iteratorTextWidth(value, 0.833) + 15.5;
      }
      if (type === "checkbox" || type === "radio") return 19;
      if (type === "file") return 272;
      if (type === "range") return 129;
      if (type === "date" || type === "time") return 86;
      if (type === "image" || type === "color") return 0;
      // `size` (default 20) average characters of about 7.95px, plus padding and border.
      const size = /^\s*([0-9]+)\s*$/.exec(selectorAttribute(element, "size") || "");
      return size !== null && parseInt(size[1], 10) > 0 ? parseInt(size[1], 10) * 7.95 + 11.5 : 171;
    }
    default: return 0;
  }
}

/**
 * A button's shrink-to-fit content width: its text in 13.33px plus the widths of the images and
 * svgs in it (an svg that scales to its container adds nothing there).
 */
function iteratorButtonContentWidth(button) {
  let text = "", width = 0;
  for (let node = button[FIRST]; node !== null && node !== undefined;) {
    const localName = node[LOCAL_NAME];
    if (typeof localName !== "string") {
      if (node.nodeType === 3 || node.nodeType === 4) text += node[DATA];
    } else if ((localName === "svg" && node[NAMESPACE] === "http://www.w3.org/2000/svg") ||
        (localName === "img" && node[NAMESPACE] === SELECTOR_HTML_NAMESPACE)) {
      const computed = renderedComputeStyle(node, "visible", "normal", "none", "inline-block");
      if (computed.display !== "none") {
        const replaced = iteratorReplacedWidth(node, localName, { width: computed.width });
        if (isFinite(replaced)) width += replaced;
      }
      node = nextSkippingChildren(node, button);
      continue;
    }
    node = nextInTree(node, button);
  }
  return width + iteratorTextWidth(text.replace(/[ \t\n\r\f]+/g, " ").trim(), 0.833);
}

/** The natural [width, height] of an image that loads (a data: URL with a size), else null. */
function iteratorLoadedImageSize(element) {
  if (typeof layoutImageNaturalSize !== "function") return null;
  const natural = layoutImageNaturalSize(element);
  return natural === null || natural[2] === true ? null : natural;
}
/**
 * The widest form control, image or frame inside `container` with a fixed width, plus the list
 * indentation around it: a lower bound of the container's min-content width.
 */
function iteratorWidestReplacedDescendant(container) {
  let widest = 0;
  for (let node = container[FIRST]; node !== null && node !== undefined; node = nextInTree(node, container)) {
    const localName = node[LOCAL_NAME];
    if (typeof localName !== "string" || node[NAMESPACE] !== SELECTOR_HTML_NAMESPACE || !ITERATOR_REPLACED_ELEMENTS.has(localName)) continue;
    if (localName === "input" && selectorAsciiLower(selectorAttribute(node, "type") || "") === "hidden") continue;
    const computed = renderedComputeStyle(node, "visible", "normal", "none", "block");
    if (computed.display === "none") continue;
    const cssWidth = computed.width;
    // A percentage width shrinks with its container: it adds nothing to the min-content width.
    if (cssWidth !== null && iteratorLength(cssWidth) < 0 && cssWidth !== "auto") continue;
    let width = iteratorReplacedWidth(node, localName, { width: cssWidth });
    if (!isFinite(width)) continue;
    for (let ancestor = node[PARENT]; ancestor !== null && ancestor !== undefined && ancestor !== container; ancestor = ancestor[PARENT]) {
      width += ITERATOR_INDENTS.get(ancestor[LOCAL_NAME]) || 0;
    }
    widest = Math.max(widest, width);
  }
  return widest;
}
