// Layout pass 1, styles: https://drafts.csswg.org/css-box-3/ box properties (margins, padding,
// borders, sizes, fonts) of each rendered element from the user-agent values, presentational
// hints, the page's sheets (read through cssSheets.js's rule walker) and the style attribute, on
// top of renderedComputeStyle's display and friends.

/** Parsed box-property rules per document: {key, cssText, byId, byClass, byTag, universal, clearAfter}. */
const layoutSheetCache = new WeakMap();
/** Parsed inline `style` declarations (box properties) by their text (bounded). */
const layoutInlineCache = new Map();

// The box properties layoutStyle's cascade reads, as slots of one scratch array.
const L_MT = 0, L_MR = 1, L_MB = 2, L_ML = 3, L_PT = 4, L_PR = 5, L_PB = 6, L_PL = 7,
  L_BTW = 8, L_BRW = 9, L_BBW = 10, L_BLW = 11, L_BTS = 12, L_BRS = 13, L_BBS = 14, L_BLS = 15,
  L_W = 16, L_H = 17, L_MINW = 18, L_MAXW = 19, L_MINH = 20, L_MAXH = 21, L_BOXSIZING = 22, L_LH = 23,
  L_FS = 24, L_FW = 25, L_FF = 26, L_FLEXDIR = 27, L_FLEXWRAP = 28, L_TOP = 29, L_LEFT = 30, L_RIGHT = 31,
  L_BOTTOM = 32, L_OVX = 33, L_OVY = 34, L_SPACING = 35, L_LIST = 36, L_CLEAR = 37, L_COUNT = 38;
const layoutValues = new Array(L_COUNT).fill(null);
const layoutPriorities = new Float64Array(L_COUNT);

const LAYOUT_LONGHANDS = new Map([["margin-top", L_MT], ["margin-right", L_MR], ["margin-bottom", L_MB], ["margin-left", L_ML],
  ["padding-top", L_PT], ["padding-right", L_PR], ["padding-bottom", L_PB], ["padding-left", L_PL],
  ["border-top-width", L_BTW], ["border-right-width", L_BRW], ["border-bottom-width", L_BBW], ["border-left-width", L_BLW],
  ["border-top-style", L_BTS], ["border-right-style", L_BRS], ["border-bottom-style", L_BBS], ["border-left-style", L_BLS],
  ["width", L_W], ["height", L_H], ["min-width", L_MINW], ["max-width", L_MAXW], ["min-height", L_MINH], ["max-height", L_MAXH],
  ["box-sizing", L_BOXSIZING], ["line-height", L_LH], ["font-size", L_FS], ["font-weight", L_FW], ["font-family", L_FF],
  ["flex-direction", L_FLEXDIR], ["flex-wrap", L_FLEXWRAP], ["top", L_TOP], ["left", L_LEFT], ["right", L_RIGHT],
  ["bottom", L_BOTTOM], ["overflow-x", L_OVX], ["overflow-y", L_OVY], ["border-spacing", L_SPACING],
  ["list-style-type", L_LIST], ["list-style", L_LIST], ["clear", L_CLEAR]]);
/** Cheap pre-test of a declaration block for any property the layout reads. */
const LAYOUT_PROPERTY_PATTERN = /margin|padding|border|width|height|font|line-height|box-sizing|flex|overflow|top|left|right|bottom|list-style|clear/i;

// Box kinds.
const LK_BLOCK = 1, LK_INLINE = 2, LK_ATOMIC = 3, LK_REPLACED = 4, LK_TABLE = 5, LK_ROWGROUP = 6, LK_ROW = 7,
  LK_CELL = 8, LK_FLEX = 9, LK_BR = 10, LK_CONTENTS = 11;

/** User-agent font sizes of headings (em) and their margins (em of their own size). */
const LAYOUT_HEADINGS = new Map([["h1", [2, 0.67]], ["h2", [1.5, 0.83]], ["h3", [1.17, 1]], ["h4", [1, 1.33]],
  ["h5", [0.83, 1.67]], ["h6", [0.67, 2.33]]]);
/** Elements whose user-agent vertical margin is 1em and "quirky" (dropped at a body/cell edge in quirks mode). */
const LAYOUT_EM_MARGINS = new Set(["p", "ul", "ol", "dl", "menu", "dir", "blockquote", "figure"]);
/** `<font size>` → px. */
const LAYOUT_FONT_SIZES = [10, 10, 13, 16, 18, 24, 32, 48];
/** Intrinsic sizes of form controls in the oracle's WebKit (16px page, 13.33px controls). */
const LAYOUT_INPUT_SIZES = new Map([["checkbox", [12, 12]], ["radio", [12, 12]], ["file", [272, 24]], ["range", [129, 20]],
  ["date", [86, 25]], ["time", [86, 25]], ["datetime-local", [190, 25]], ["month", [120, 25]], ["week", [120, 25]], ["color", [44, 23]]]);

/** The document's box-property rules, re-read when its style sheets' text changed. */
function layoutSheetFor(doc) {
  const { key, sheets } = cssDocumentStyleSheets(doc);
  let sheet = layoutSheetCache.get(doc);
  if (sheet !== undefined && sheet.key === key) return sheet;
  const cssText = cssJoinedSheets(sheets, (text) => text);
  sheet = { key, cssText, order: 0, count: 0, byId: new Map(), byClass: new Map(), byTag: new Map(), universal: [], clearAfter: [] };
  const text = cssText.replace(/\/\*[\s\S]*?(\*\/|$)/g, " ").replace(/<!--|-->/g, " ");
  renderedParseRules(text, 0, text.length, sheet, 0, LAYOUT_RULE_READER);
  layoutSheetCache.set(doc, sheet);
  return sheet;
}

/** The box properties of a sheet's rules, read by renderedParseRules (@media, @supports entered). */
const LAYOUT_RULE_READER = {
  pattern: LAYOUT_PROPERTY_PATTERN,
  parseDeclarations: (body) => layoutParseDeclarations(body),
  pseudoElementRule(prelude, body, sheet) {
    // `::after { clear: both }` (the clearfix): the element's box grows to contain its floats.
    if (/:after\b/i.test(prelude) && /clear\s*:\s*(both|left|right)/i.test(body) && /content\s*:/i.test(body)) layoutAddClearAfterRules(prelude, sheet);
  },
};

/** Records the selectors of `prelude` whose ::after clears floats. */
function layoutAddClearAfterRules(prelude, sheet) {
  for (const part of prelude.split(",")) {
    const match = /::?after\s*$/i.exec(part.trim());
    if (match === null) continue;
    const base = part.trim().slice(0, match.index).trim();
    try { for (const complex of compileSelectors(base === "" ? "*" : base).list) sheet.clearAfter.push(complex); } catch (error) { /* not a selector we match */ }
  }
}

/** Four-side shorthand values (1–4 words) as [top, right, bottom, left]. */
function layoutFourSides(words) {
  const top = words[0], right = words[1] ?? top, bottom = words[2] ?? top, left = words[3] ?? right;
  return [top, right, bottom, left];
}

const LAYOUT_BORDER_STYLES = /^(none|hidden|dotted|dashed|solid|double|groove|ridge|inset|outset)$/;

/** The box-property declarations of a block, shorthands expanded: [{slot, value, important}]. */
function layoutParseDeclarations(body) {
  const out = [];
  for (const part of cssDeclarationParts(body)) {
    const property = part.name.toLowerCase();
    const value = part.value.toLowerCase();
    const important = part.important ? 1 : 0;
    if (value === "") continue;
    const slot = LAYOUT_LONGHANDS.get(property);
    if (slot !== undefined) { out.push({ slot, value, important }); continue; }
    const words = value.split(/\s+(?![^(]*\))/);
    switch (property) {
      case "margin": case "padding": {
        const sides = layoutFourSides(words), base = property === "margin" ? L_MT : L_PT;
        for (let i = 0; i < 4; i++) out.push({ slot: base + i, value: sides[i], important });
        break;
      }
      case "border-width": case "border-style": {
        const sides = layoutFourSides(words), base = property === "border-width" ? L_BTW : L_BTS;
        for (let i = 0; i < 4; i++) out.push({ slot: base + i, value: sides[i], important });
        break;
      }
      case "border": case "border-top": case "border-right": case "border-bottom": case "border-left": {
        let width = "medium", style = "none";
        for (const word of words) {
          if (LAYOUT_BORDER_STYLES.test(word)) style = word;
          else if (/^(thin|medium|thick)$/.test(word) || /^[-+]?[0-9.]+[a-z]*$/.test(word)) width = word;
        }
        const sides = property === "border" ? [0, 1, 2, 3] : [["border-top", "border-right", "border-bottom", "border-left"].indexOf(property)];
        for (const side of sides) {
          out.push({ slot: L_BTW + side, value: width, important });
          out.push({ slot: L_BTS + side, value: style, important });
        }
        break;
      }
      case "overflow":
        out.push({ slot: L_OVX, value: words[0], important });
        out.push({ slot: L_OVY, value: words[words.length > 1 ? 1 : 0], important });
        break;
      case "flex-flow":
        for (const word of words) {
          if (/^(row|column)(-reverse)?$/.test(word)) out.push({ slot: L_FLEXDIR, value: word, important });
          else if (/^(wrap|nowrap|wrap-reverse)$/.test(word)) out.push({ slot: L_FLEXWRAP, value: word, important });
        }
        break;
      case "font": {
        // [style] [variant] [weight] size[/line-height] family
        const match = /(^|\s)((?:[0-9.]+(?:px|pt|em|rem|%|vw)|xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger))(?:\s*\/\s*([^\s]+))?\s+(.+)$/.exec(value);
        if (match === null) break;
        out.push({ slot: L_FS, value: match[2], important });
        out.push({ slot: L_LH, value: match[3] ?? "normal", important });
        out.push({ slot: L_FF, value: match[4], important });
        out.push({ slot: L_FW, value: /\b(bold|bolder|[6-9]00)\b/.test(value.slice(0, match.index + 1)) ? "bold" : "normal", important });
        break;
      }
      case "inset": {
        const sides = layoutFourSides(words);
        for (let i = 0; i < 4; i++) out.push({ slot: [L_TOP, L_RIGHT, L_BOTTOM, L_LEFT][i], value: sides[i], important });
        break;
      }
      default: break;
    }
  }
  return out;
}

function layoutInlineDeclarations(styleText) {
  let declarations = layoutInlineCache.get(styleText);
  if (declarations !== undefined) return declarations;
  declarations = LAYOUT_PROPERTY_PATTERN.test(styleText) ? layoutParseDeclarations(styleText) : [];
  if (layoutInlineCache.size > 2000) layoutInlineCache.clear();
  layoutInlineCache.set(styleText, declarations);
  return declarations;
}

function layoutSet(slot, value, priority) {
  if (priority >= layoutPriorities[slot]) { layoutPriorities[slot] = priority; layoutValues[slot] = value; }
}

/** User-agent values and presentational hints for `element` (below every author rule). */
function layoutUserAgentStyle(element, localName, quirks) {
  const set = (slot, value) => layoutSet(slot, value, -2);
  const hint = (slot, value) => layoutSet(slot, value, -1);
  const heading = LAYOUT_HEADINGS.get(localName);
  if (heading !== undefined) {
    set(L_FS, heading[0] + "em"); set(L_FW, "bold");
    set(L_MT, heading[1] + "em"); set(L_MB, heading[1] + "em");
  } else if (LAYOUT_EM_MARGINS.has(localName)) {
    set(L_MT, "1em"); set(L_MB, "1em");
    if (localName === "blockquote" || localName === "figure") { set(L_ML, "40px"); set(L_MR, "40px"); }
    if (localName === "ul" || localName === "ol" || localName === "menu" || localName === "dir") {
      set(L_PL, "40px");
      // Nested lists have no vertical margins.
      for (let a = element[PARENT]; a !== null && a !== undefined && typeof a[LOCAL_NAME] === "string"; a = a[PARENT]) {
        const n = a[LOCAL_NAME];
        if (n === "ul" || n === "ol" || n === "menu" || n === "dir") { set(L_MT, "0"); set(L_MB, "0"); break; }
      }
    }
  }
  switch (localName) {
    case "body": for (let i = 0; i < 4; i++) set(L_MT + i, "8px"); break;
    case "pre": case "xmp": case "listing": case "plaintext":
      set(L_FF, "monospace"); set(L_FS, "13px"); set(L_MT, "1em"); set(L_MB, "1em"); break;
    case "code": case "kbd": case "samp": case "tt": set(L_FF, "monospace"); set(L_FS, "13px"); break;
    case "b": case "strong": case "th": set(L_FW, "bold"); break;
    case "small": case "sub": case "sup": set(L_FS, "smaller"); break;
    case "big": set(L_FS, "larger"); break;
    case "dd": set(L_ML, "40px"); break;
    case "hr": set(L_MT, "0.5em"); set(L_MB, "0.5em"); set(L_ML, "auto"); set(L_MR, "auto");
      for (let i = 0; i < 4; i++) { set(L_BTW + i, "1px"); set(L_BTS + i, "inset"); }
      break;
    case "fieldset": set(L_ML, "2px"); set(L_MR, "2px"); set(L_PT, "0.35em"); set(L_PB, "0.625em"); set(L_PL, "0.75em"); set(L_PR, "0.75em");
      for (let i = 0; i < 4; i++) { set(L_BTW + i, "2px"); set(L_BTS + i, "groove"); }
      break;
    case "td": case "th": {
      for (let i = 0; i < 4; i++) set(L_PT + i, "1px");
      const table = layoutTableOf(element);
      if (table !== null) {
        const padding = selectorAttribute(table, "cellpadding");
        if (padding !== null && /^\s*[0-9]+/.test(padding)) for (let i = 0; i < 4; i++) hint(L_PT + i, parseInt(padding, 10) + "px");
        const border = selectorAttribute(table, "border");
        if (border !== null && (border.trim() === "" || parseInt(border, 10) > 0)) for (let i = 0; i < 4; i++) { hint(L_BTW + i, "1px"); hint(L_BTS + i, "inset"); }
      }
      break;
    }
    case "table": {
      set(L_SPACING, "2px");
      const spacing = selectorAttribute(element, "cellspacing");
      if (spacing !== null && /^\s*[0-9]+/.test(spacing)) hint(L_SPACING, parseInt(spacing, 10) + "px");
      const border = selectorAttribute(element, "border");
      if (border !== null) {
        const width = border.trim() === "" ? 1 : parseInt(border, 10);
        if (width > 0) for (let i = 0; i < 4; i++) { hint(L_BTW + i, width + "px"); hint(L_BTS + i, "outset"); }
      }
      break;
    }
    case "iframe": {
      // frameborder=0 (or "no") removes the frame's 2px inset border.
      const frameBorder = (selectorAttribute(element, "frameborder") || "").trim().toLowerCase();
      if (frameBorder !== "0" && frameBorder !== "no") for (let i = 0; i < 4; i++) { set(L_BTW + i, "2px"); set(L_BTS + i, "inset"); }
      break;
    }
    // Form controls: their own font (not inherited), padding and borders (the oracle's WebKitGTK theme).
    case "button": case "input": case "select": case "textarea": {
      set(L_FS, "13.333px"); set(L_FW, "normal"); set(L_LH, "normal");
      const type = localName === "input" ? selectorAsciiLower(selectorAttribute(element, "type") || "text") : "";
      const isButton = localName === "button" || type === "submit" || type === "reset" || type === "button";
      const isText = localName === "input" && !isButton && !LAYOUT_INPUT_SIZES.has(type) && type !== "image";
      if (isButton) { set(L_PT, "2px"); set(L_PB, "3px"); set(L_PL, "6px"); set(L_PR, "6px"); }
      else if (isText) for (let i = 0; i < 4; i++) set(L_PT + i, "1px");
      if (isButton || isText) for (let i = 0; i < 4; i++) { set(L_BTW + i, "2px"); set(L_BTS + i, "inset"); }
      break;
    }
    case "font": {
      const size = selectorAttribute(element, "size");
      if (size !== null) {
        const match = /^\s*([-+]?)([0-9]+)/.exec(size);
        if (match !== null) {
          let n = parseInt(match[2], 10);
          if (match[1] === "+") n = 3 + n; else if (match[1] === "-") n = 3 - n;
          hint(L_FS, LAYOUT_FONT_SIZES[Math.max(1, Math.min(7, n))] + "px");
        }
      }
      break;
    }
    default: break;
  }
  // width/height attributes map to the properties (presentational hints).
  if (localName === "img" || localName === "video" || localName === "canvas" || localName === "iframe" || localName === "embed" ||
      localName === "object" || localName === "table" || localName === "td" || localName === "th" || localName === "col" ||
      (localName === "input" && selectorAsciiLower(selectorAttribute(element, "type") || "") === "image")) {
    const width = selectorAttribute(element, "width"), height = selectorAttribute(element, "height");
    const lengthHint = (value) => {
      const match = /^\s*([0-9]+(?:\.[0-9]+)?)\s*(%?)/.exec(value);
      return match === null || (localName === "td" || localName === "th" || localName === "table") && parseFloat(match[1]) === 0 ? null : match[1] + (match[2] || "px");
    };
    if (width !== null) { const v = lengthHint(width); if (v !== null) hint(L_W, v); }
    if (height !== null) { const v = lengthHint(height); if (v !== null) hint(L_H, v); }
  }
  // Quirks mode: tables do not inherit font size, weight and line height.
  if (quirks && localName === "table") { set(L_FS, "medium"); set(L_FW, "normal"); set(L_LH, "normal"); }
}

function layoutTableOf(cell) {
  for (let a = cell[PARENT]; a !== null && a !== undefined && typeof a[LOCAL_NAME] === "string"; a = a[PARENT]) {
    if (a[LOCAL_NAME] === "table") return a;
  }
  return null;
}

/** A font-size value in px, given the parent's. */
function layoutFontSize(value, parent) {
  if (value === null) return parent;
  switch (value) {
    case "xx-small": return 9; case "x-small": return 10; case "small": return 13; case "medium": return 16;
    case "large": return 18; case "x-large": return 24; case "xx-large": return 32; case "xxx-large": return 48;
    case "smaller": return parent / 1.2; case "larger": return parent * 1.2;
    case "inherit": return parent; case "initial": return 16;
    default: {
      const px = layoutLength(value, parent, parent, layoutRem);
      return isNaN(px) || px < 0 ? parent : px;
    }
  }
}

/**
 * A CSS length in px: px, em (of `fontSize`), rem, ex, pt, pc, in, cm, mm, vw, vh, % (of
 * `percentBase`, NaN when that is not known) and simple calc() sums. NaN for auto and keywords.
 */
function layoutLength(value, fontSize, percentBase, rootFontSize) {
  if (typeof value === "number") return value;
  if (value === null || value === undefined) return NaN;
  const match = /^([-+]?[0-9]*\.?[0-9]+(?:e[-+]?[0-9]+)?)(px|em|rem|ex|ch|pt|pc|in|cm|mm|q|vw|vh|vmin|vmax|%)?$/.exec(value);
  if (match !== null) {
    const n = parseFloat(match[1]);
    switch (match[2]) {
      case undefined: return n === 0 ? 0 : NaN;
      case "px": return n;
      case "em": return n * fontSize;
      case "rem": return n * rootFontSize;
      case "ex": return n * fontSize * 0.5625;
      case "ch": return n * fontSize * 0.636;
      case "pt": return n * 4 / 3;
      case "pc": return n * 16;
      case "in": return n * 96;
      case "cm": return n * 96 / 2.54;
      case "mm": return n * 96 / 25.4;
      case "q": return n * 96 / 101.6;
      case "vw": return n * 3.9;
      case "vh": return n * 8.44;
      case "vmin": return n * 3.9;
      case "vmax": return n * 8.44;
      default: return percentBase === undefined || isNaN(percentBase) ? NaN : n * percentBase / 100;
    }
  }
  if (value.startsWith("calc(") && value.endsWith(")")) {
    const terms = value.slice(5, -1).replace(/[()]/g, " ").trim().split(/\s+([-+])\s+/);
    let total = 0, sign = 1;
    for (let i = 0; i < terms.length; i++) {
      if (i % 2 === 1) { sign = terms[i] === "-" ? -1 : 1; continue; }
      const v = layoutLength(terms[i].trim(), fontSize, percentBase, rootFontSize);
      if (isNaN(v)) return NaN;
      total += sign * v;
    }
    return total;
  }
  if (value === "thin") return 1;
  if (value === "medium") return 3;
  if (value === "thick") return 5;
  return NaN;
}

/**
 * The style record of a rendered element (null for display:none), given its parent's record.
 * Lengths that depend on the containing block stay strings, resolved during layout.
 */
function layoutStyle(element, parent, quirks, sheet) {
  const computed = renderedComputeStyle(element, parent.visibility, parent.whiteSpace, parent.transform, parent.display);
  if (computed.display === "none" || renderedIsDetailsContentHidden(element)) return null;
  const localName = element[LOCAL_NAME];
  const isHTML = element[NAMESPACE] === SELECTOR_HTML_NAMESPACE;
  const s = { element, localName, isHTML, display: computed.display, visibility: computed.visibility, whiteSpace: computed.whiteSpace,
    transform: computed.textTransform, outOfFlow: computed.outOfFlow, absolute: computed.absolutelyPositioned,
    floatRight: computed.float === "right" || computed.float === "inline-end",
    position: computed.position || "static", kind: LK_INLINE,
    fontSize: 16, bold: false, mono: false, lineHeight: NaN, ascent: 0, descent: 0, table: null, space: 0,
    mt: 0, mr: 0, mb: 0, ml: 0, pt: 0, pr: 0, pb: 0, pl: 0, bt: 0, br: 0, bb: 0, bl: 0,
    width: null, height: null, minWidth: null, maxWidth: null, minHeight: null, maxHeight: null, borderBox: false,
    top: null, left: null, right: null, bottom: null, clips: false, column: false, wrap: false, spacing: 0,
    mtQuirky: false, mbQuirky: false, maxContent: 0, minContent: 0, hasText: false, rowSpacing: 0, pt0: 0, pb0: 0 };
  const values = layoutValues, priorities = layoutPriorities;
  values.fill(null);
  priorities.fill(-3);
  if (isHTML) layoutUserAgentStyle(element, localName, quirks);
  const uaTop = values[L_MT], uaBottom = values[L_MB];
  if (sheet.count > 0) {
    const candidates = renderedCandidateRules(sheet, element);
    if (candidates !== null) {
      const context = { scope: null, hasAnchor: null, quirks };
      for (let i = 0; i < candidates.length; i++) {
        const rule = candidates[i];
        if (!selectorMatchFrom(rule.complex, 0, element, context)) continue;
        const declarations = rule.declarations;
        for (let k = 0; k < declarations.length; k++) layoutSet(declarations[k].slot, declarations[k].value, declarations[k].important * 4e15 + rule.weight);
      }
    }
  }
  const inline = selectorAttribute(element, "style");
  if (inline !== null && inline !== "") {
    const declarations = layoutInlineDeclarations(inline);
    for (let k = 0; k < declarations.length; k++) layoutSet(declarations[k].slot, declarations[k].value, declarations[k].important * 4e15 + 2e15);
  }
  // UA margins of p, lists, headings… are "quirky": an author value is not.
  s.mtQuirky = uaTop !== null && values[L_MT] === uaTop && priorities[L_MT] === -2;
  s.mbQuirky = uaBottom !== null && values[L_MB] === uaBottom && priorities[L_MB] === -2;
  // Font.
  const fsValue = values[L_FS];
  s.fontSize = layoutFontSize(fsValue === "inherit" ? null : fsValue, parent.fontSize);
  const fw = values[L_FW];
  s.bold = fw === null || fw === "inherit" ? parent.bold : fw === "bold" || fw === "bolder" || /^[6-9]00$/.test(fw);
  const ff = values[L_FF];
  const face = ff === null || ff === "inherit" ? null : layoutFontFace(ff);
  s.mono = ff === null || ff === "inherit" ? parent.mono : face === "mono";
  s.serif = ff === null || ff === "inherit" ? parent.serif === true : face === "serif";
  // monospace text defaults to 13px, unless a size was given (the generic family's own default).
  if (s.mono && !parent.mono && fsValue === null && ff !== null && localName !== "pre") s.fontSize = parent.fontSize * 13 / 16;
  const fontSize = s.fontSize;
  const lh = values[L_LH];
  if (lh === null || lh === "inherit") s.lineHeight = parent.lineHeightFactor > 0 ? parent.lineHeightFactor * fontSize : parent.lineHeight;
  else if (lh === "normal") s.lineHeight = NaN;
  else if (/^[0-9.]+$/.test(lh)) { s.lineHeightFactor = parseFloat(lh); s.lineHeight = s.lineHeightFactor * fontSize; }
  else s.lineHeight = layoutLength(lh, fontSize, fontSize, layoutRem);
  if (s.lineHeightFactor === undefined) s.lineHeightFactor = lh === null || lh === "inherit" ? parent.lineHeightFactor : 0;
  s.ascent = Math.round(fontSize * LAYOUT_ASCENT / 2048);
  s.descent = Math.round(fontSize * LAYOUT_DESCENT / 2048);
  if (!s.mono) {
    s.table = layoutAdvanceTable((s.serif ? 2 : 0) + (s.bold ? 1 : 0), fontSize);
    s.space = s.table[0];
  } else s.space = Math.round(LAYOUT_MONO_ADVANCE * fontSize / 2048);
  // Box properties.
  const px = (slot) => {
    const v = values[slot];
    if (v === null || v === "auto" || v === "inherit" || v === "initial" || v === "unset" || v === "none") return null;
    const n = layoutLength(v, fontSize, NaN, layoutRem);
    return isNaN(n) ? v : n;
  };
  s.mt = px(L_MT) ?? 0; s.mb = px(L_MB) ?? 0;
  s.ml = values[L_ML] === "auto" ? "auto" : px(L_ML) ?? 0;
  s.mr = values[L_MR] === "auto" ? "auto" : px(L_MR) ?? 0;
  s.pt = px(L_PT) ?? 0; s.pr = px(L_PR) ?? 0; s.pb = px(L_PB) ?? 0; s.pl = px(L_PL) ?? 0;
  const border = (w, st) => {
    const style = values[st];
    if (style === null || style === "none" || style === "hidden") return 0;
    const n = values[w] === null ? 3 : layoutLength(values[w], fontSize, NaN, layoutRem);
    return isNaN(n) || n < 0 ? 0 : n;
  };
  s.bt = border(L_BTW, L_BTS); s.br = border(L_BRW, L_BRS); s.bb = border(L_BBW, L_BBS); s.bl = border(L_BLW, L_BLS);
  s.width = px(L_W); s.height = px(L_H);
  s.minWidth = px(L_MINW); s.maxWidth = px(L_MAXW); s.minHeight = px(L_MINH); s.maxHeight = px(L_MAXH);
  s.heightAuto = values[L_H] === "auto";
  s.borderBox = values[L_BOXSIZING] === "border-box";
  s.top = px(L_TOP); s.left = px(L_LEFT); s.right = px(L_RIGHT); s.bottom = px(L_BOTTOM);
  s.clips = renderedIsClipping(values[L_OVX]) || renderedIsClipping(values[L_OVY]);
  s.column = /^column/.test(values[L_FLEXDIR] || "");
  // list-style-type is inherited; `none` (also inside the shorthand) removes the marker.
  const list = values[L_LIST];
  s.listNone = list === null || list === "inherit" ? parent.listNone === true : /(^|\s)none(\s|$)/.test(list);
  s.marker = s.display === "list-item" && !s.listNone;
  const clear = values[L_CLEAR];
  s.clear = clear === "both" || clear === "left" || clear === "right";
  if (sheet.clearAfter.length > 0) {
    const context = { scope: null, hasAnchor: null, quirks };
    for (const complex of sheet.clearAfter) if (selectorMatchFrom(complex, 0, element, context)) { s.clearfix = true; break; }
  }
  s.wrap = values[L_FLEXWRAP] === "wrap" || values[L_FLEXWRAP] === "wrap-reverse";
  if (values[L_SPACING] !== null) { const n = layoutLength(values[L_SPACING].split(/\s+/)[0], fontSize, NaN, layoutRem); s.spacing = isNaN(n) ? 0 : n; }
  // Kind.
  const display = s.display;
  if (isHTML && localName === "br") s.kind = LK_BR;
  else if (layoutIsReplaced(element, localName, isHTML)) s.kind = LK_REPLACED;
  else if (display === "contents") s.kind = LK_CONTENTS;
  else if (display === "table" || display === "inline-table") s.kind = LK_TABLE;
  else if (display === "table-row-group" || display === "table-header-group" || display === "table-footer-group") s.kind = LK_ROWGROUP;
  else if (display === "table-row") s.kind = LK_ROW;
  else if (display === "table-cell") s.kind = LK_CELL;
  else if ((display === "flex" || display === "inline-flex" || display === "-webkit-box" || display === "-webkit-inline-box") && !s.column) s.kind = LK_FLEX;
  else if (display === "inline" || display === "ruby" || display === "ruby-text") s.kind = s.outOfFlow ? LK_BLOCK : LK_INLINE;
  else if (display === "table-column" || display === "table-column-group") return null;
  else s.kind = display === "inline-block" || display === "inline-flex" || display === "inline-grid" || display === "-webkit-inline-box" ? LK_ATOMIC : LK_BLOCK;
  // Inline-level boxes of the outer line: inline-block, inline-table, inline-flex, inline replaced.
  // An inline box's rectangle covers its vertical padding and borders.
  s.pt0 = (typeof s.pt === "number" ? s.pt : 0) + s.bt;
  s.pb0 = (typeof s.pb === "number" ? s.pb : 0) + s.bb;
  s.inlineLevel = !s.outOfFlow && (display === "inline" || display === "inline-block" || display === "inline-table" ||
    display === "inline-flex" || display === "inline-grid" || display === "-webkit-inline-box" || display === "ruby" || display === "contents");
  return s;
}

/** Whether a replaced box's baseline is its text's (text fields, button-like inputs, menus). */
function layoutHasTextBaseline(element, s) {
  if (!s.isHTML) return false;
  if (s.localName === "select") return true;
  if (s.localName !== "input") return false;
  const type = selectorAsciiLower(selectorAttribute(element, "type") || "text");
  return !LAYOUT_INPUT_SIZES.has(type) && type !== "image";
}

/** Elements laid out as one replaced box (their children get no boxes). */
function layoutIsReplaced(element, localName, isHTML) {
  if (!isHTML) return localName === "svg" && element[NAMESPACE] === "http://www.w3.org/2000/svg";
  switch (localName) {
    case "img": case "input": case "textarea": case "select": case "iframe": case "embed": case "video":
    case "audio": case "canvas": case "meter": case "progress": case "frame":
      return true;
    case "object": return iteratorObjectIsImage(element) || !iteratorObjectHasFallback(element);
    default: return false;
  }
}
