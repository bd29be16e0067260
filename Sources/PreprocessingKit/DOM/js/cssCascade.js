// The small cascade: https://drafts.csswg.org/css-cascade/ for the few properties innerText,
// Selection.toString() and layout read (display, visibility, white-space, text-transform, float,
// position, box sizes, overflow), from the user-agent rules, the page's <style> sheets (indexed
// by cssSheets.js) and the style attribute. One computed-style record per element
// (renderedComputeStyle); the user-agent `display` table is shared with getComputedStyle.

/**
 * User-agent `display` values of HTML elements (those not listed are inline), the one table
 * getComputedStyle, innerText and layout read. Checked against WebKit where two former tables
 * disagreed: `option` is inline, `meter` and `progress` inline-block, `source` and `track`
 * inline (cases getComputedStyle-display-* in dom-cases/inner-text.json).
 */
const CSS_USER_AGENT_DISPLAY = (() => {
  const map = new Map();
  for (const name of ("html body address article aside blockquote center dd details dialog dir div dl dt " +
      "fieldset figcaption figure footer form frameset h1 h2 h3 h4 h5 h6 header hgroup hr legend listing " +
      "main menu nav ol p plaintext pre search section summary ul xmp optgroup").split(" ")) map.set(name, "block");
  for (const name of ("head script style template title meta link base noscript datalist param rp area " +
      "noembed noframes").split(" ")) map.set(name, "none");
  const other = { li: "list-item", table: "table", caption: "table-caption", thead: "table-header-group",
    tbody: "table-row-group", tfoot: "table-footer-group", tr: "table-row", td: "table-cell", th: "table-cell",
    col: "table-column", colgroup: "table-column-group", input: "inline-block", button: "inline-block",
    select: "inline-block", textarea: "inline-block", meter: "inline-block", progress: "inline-block",
    ruby: "ruby", rt: "ruby-text" };
  for (const name in other) map.set(name, other[name]);
  return map;
})();

/**
 * The user-agent style sheet's `display` for an element, attribute rules included: `[hidden]`
 * is none except on `embed` (WebKit's `embed[hidden] { display: inline }`), a closed `dialog`
 * and `input type=hidden` are none (getComputedStyle-display-dialog, -embed-hidden).
 * @param {Element} element @returns {string}
 */
function cssUserAgentDisplay(element) {
  if (element[NAMESPACE] !== SELECTOR_HTML_NAMESPACE) return "inline";
  const localName = element[LOCAL_NAME];
  if (localName === "dialog" && selectorAttribute(element, "open") === null) return "none";
  if (localName === "input" && selectorAsciiLower(selectorAttribute(element, "type") || "") === "hidden") return "none";
  if (selectorAttribute(element, "hidden") !== null && localName !== "embed") return "none";
  const display = CSS_USER_AGENT_DISPLAY.get(localName);
  return display === undefined ? "inline" : display;
}

/** SVG elements that never render their text. */
const RENDERED_SVG_HIDDEN = new Set(["title", "desc", "defs", "style", "script", "metadata", "symbol",
  "clipPath", "mask", "pattern", "linearGradient", "radialGradient", "filter", "marker"]);

/** Parsed author style rules per document: {version, byId, byClass, byTag, universal}. */
const renderedSheetCache = new WeakMap();

/** Parsed inline `style` attributes by their text (bounded). */
const renderedInlineStyleCache = new Map();

// The properties the cascade reads, as slots of one scratch array (winning value and priority).
const RENDERED_SLOT_DISPLAY = 0, RENDERED_SLOT_VISIBILITY = 1, RENDERED_SLOT_WHITE_SPACE = 2, RENDERED_SLOT_TRANSFORM = 3,
  RENDERED_SLOT_FLOAT = 4, RENDERED_SLOT_POSITION = 5, RENDERED_SLOT_MARGIN_BOTTOM = 6, RENDERED_SLOT_OVERFLOW_X = 7,
  RENDERED_SLOT_OVERFLOW_Y = 8, RENDERED_SLOT_WIDTH = 9, RENDERED_SLOT_HEIGHT = 10, RENDERED_SLOT_MAX_WIDTH = 11,
  RENDERED_SLOT_MAX_HEIGHT = 12, RENDERED_SLOT_FONT_SIZE = 13, RENDERED_SLOT_BOX_SIZING = 14, RENDERED_SLOT_PADDING_TOP = 15,
  RENDERED_SLOT_PADDING_RIGHT = 16, RENDERED_SLOT_PADDING_BOTTOM = 17, RENDERED_SLOT_PADDING_LEFT = 18, RENDERED_SLOT_COUNT = 19;
const renderedSlotValues = new Array(RENDERED_SLOT_COUNT).fill(null);
const renderedSlotPriorities = new Float64Array(RENDERED_SLOT_COUNT);
/** Property name → slot (shorthands are expanded by renderedParseDeclarations). */
const RENDERED_PROPERTY_SLOTS = new Map([["display", RENDERED_SLOT_DISPLAY], ["visibility", RENDERED_SLOT_VISIBILITY],
  ["white-space", RENDERED_SLOT_WHITE_SPACE], ["text-transform", RENDERED_SLOT_TRANSFORM], ["float", RENDERED_SLOT_FLOAT],
  ["position", RENDERED_SLOT_POSITION], ["margin-bottom", RENDERED_SLOT_MARGIN_BOTTOM], ["overflow-x", RENDERED_SLOT_OVERFLOW_X],
  ["overflow-y", RENDERED_SLOT_OVERFLOW_Y], ["width", RENDERED_SLOT_WIDTH], ["height", RENDERED_SLOT_HEIGHT],
  ["max-width", RENDERED_SLOT_MAX_WIDTH], ["max-height", RENDERED_SLOT_MAX_HEIGHT], ["font-size", RENDERED_SLOT_FONT_SIZE],
  ["box-sizing", RENDERED_SLOT_BOX_SIZING], ["padding-top", RENDERED_SLOT_PADDING_TOP], ["padding-right", RENDERED_SLOT_PADDING_RIGHT],
  ["padding-bottom", RENDERED_SLOT_PADDING_BOTTOM], ["padding-left", RENDERED_SLOT_PADDING_LEFT]]);
/** Cheap pre-test of a declaration block for any property the cascade reads. */
const RENDERED_PROPERTY_PATTERN = /display|visibility|white-space|text-transform|float|position|margin|overflow|width|height|font-size|padding|box-sizing/i;
/**
 * The computed style the rendered-text models and layout read, for `element` given its
 * parent's inherited values and display:
 * {display, visibility, whiteSpace, textTransform} (inherited ones resolved);
 * `outOfFlow`: floated, or absolutely/fixed positioned; `absolutelyPositioned`: absolute or fixed;
 * `marginBottom`: the author `margin-bottom` (from `margin` or `margin-bottom`), or null;
 * `clipsContents`: the box clips its overflow to an empty content box (TextIterator's
 * fullyClipsContents: its text and replaced content are not emitted);
 * and the author values (or null) of float, position, width, height, fontSize, overflowX, overflowY.
 * @returns {object}
 */
function renderedComputeStyle(element, parentVisibility, parentWhiteSpace, parentTransform, parentDisplay) {
  const localName = element[LOCAL_NAME];
  const isHTML = element[NAMESPACE] === SELECTOR_HTML_NAMESPACE;
  let display = "inline";
  let whiteSpace = parentWhiteSpace;
  if (isHTML) {
    display = cssUserAgentDisplay(element);
    if (localName === "pre" || localName === "listing" || localName === "xmp" || localName === "plaintext") whiteSpace = "pre";
    else if (localName === "textarea") whiteSpace = "pre-wrap";
    else if (localName === "nobr") whiteSpace = "nowrap";
  } else if (element[NAMESPACE] === "http://www.w3.org/2000/svg" && RENDERED_SVG_HIDDEN.has(localName)) {
    display = "none";
  }

  // Author rules, then the style attribute; each property keeps its highest-priority value.
  const values = renderedSlotValues, priorities = renderedSlotPriorities;
  values.fill(null);
  priorities.fill(-1);
  // Presentational hint below every author rule: `align=left|right` floats images, frames,
  // embedded objects and tables.
  if (isHTML && RENDERED_ALIGN_FLOATS.has(localName)) {
    const align = selectorAsciiLower((selectorAttribute(element, "align") || "").trim());
    if (align === "left" || align === "right") { values[RENDERED_SLOT_FLOAT] = align; priorities[RENDERED_SLOT_FLOAT] = -0.5; }
  }
  const sheet = renderedSheetFor(element[OWNER]);
  if (sheet !== null && sheet.count > 0) {
    const candidates = renderedCandidateRules(sheet, element);
    if (candidates !== null) {
      const context = { scope: null, hasAnchor: null, quirks: documentFoldsClassCase(element[OWNER]) };
      for (let i = 0; i < candidates.length; i++) {
        const rule = candidates[i];
        if (!selectorMatchFrom(rule.complex, 0, element, context)) continue;
        renderedApplyDeclarations(rule.declarations, rule.weight);
      }
    }
  }
  const inline = selectorAttribute(element, "style");
  if (inline !== null && inline !== "") renderedApplyDeclarations(renderedInlineDeclarations(inline), 2e15);

  if (values[RENDERED_SLOT_DISPLAY] !== null) display = values[RENDERED_SLOT_DISPLAY];
  let visibility = values[RENDERED_SLOT_VISIBILITY] ?? parentVisibility;
  if (values[RENDERED_SLOT_WHITE_SPACE] !== null) whiteSpace = values[RENDERED_SLOT_WHITE_SPACE];
  let transform = values[RENDERED_SLOT_TRANSFORM] ?? parentTransform;
  if (visibility === "inherit") visibility = parentVisibility;
  if (whiteSpace === "inherit") whiteSpace = parentWhiteSpace;
  if (transform === "inherit") transform = parentTransform;
  if (display === "initial" || display === "inherit" || display === "unset" || display === "revert") display = "inline";
  // Children of flex and grid containers are blockified (css-display-3 §2.7): inline-level
  // displays become their block-level counterparts.
  // (Not those of the legacy -webkit-box, whose children WebKit lays out as they are.)
  const flexOrGridItem = parentDisplay === "flex" || parentDisplay === "grid" || parentDisplay === "inline-flex" || parentDisplay === "inline-grid";
  if (flexOrGridItem) display = renderedBlockified(display);
  const floatValue = values[RENDERED_SLOT_FLOAT], position = values[RENDERED_SLOT_POSITION];
  const absolutelyPositioned = position === "absolute" || position === "fixed";
  // `float` does not apply to flex and grid items (css-flexbox-1 §3).
  const outOfFlow = absolutelyPositioned || (!flexOrGridItem && (floatValue === "left" || floatValue === "right" ||
    floatValue === "inline-start" || floatValue === "inline-end"));
  // TextIterator skips the text of a box that clips its overflow to an empty content box
  // (fullyClipsContents): `overflow:hidden` with a zero width or height.
  // With `box-sizing: border-box` the padding comes out of the width and height: `width: 1px`
  // with horizontal padding leaves no content box.
  const overflowX = values[RENDERED_SLOT_OVERFLOW_X], overflowY = values[RENDERED_SLOT_OVERFLOW_Y];
  const width = values[RENDERED_SLOT_WIDTH], height = values[RENDERED_SLOT_HEIGHT];
  const clipsContents = (renderedIsClipping(overflowX) || renderedIsClipping(overflowY)) &&
    (renderedIsZeroLength(width) || renderedIsZeroLength(height) ||
     renderedIsZeroLength(values[RENDERED_SLOT_MAX_WIDTH]) || renderedIsZeroLength(values[RENDERED_SLOT_MAX_HEIGHT]) ||
     (values[RENDERED_SLOT_BOX_SIZING] === "border-box" &&
      (renderedBorderBoxLeavesNoContent(width, values[RENDERED_SLOT_PADDING_LEFT], values[RENDERED_SLOT_PADDING_RIGHT]) ||
       renderedBorderBoxLeavesNoContent(height, values[RENDERED_SLOT_PADDING_TOP], values[RENDERED_SLOT_PADDING_BOTTOM]))));
  // WebKit gives an <option> outside a <select> no renderer: its text is not in innerText
  // (innerText-around-option-in-div), though getComputedStyle reports it inline.
  if (isHTML && localName === "option") display = "none";
  return { display, visibility: visibility === "collapse" ? "hidden" : visibility, whiteSpace, textTransform: transform,
    outOfFlow, absolutelyPositioned, marginBottom: values[RENDERED_SLOT_MARGIN_BOTTOM], clipsContents,
    float: floatValue, position, width, height, fontSize: values[RENDERED_SLOT_FONT_SIZE], overflowX, overflowY };
}

/** The block-level counterpart of an inline-level display (blockification); others unchanged. */
function renderedBlockified(display) {
  switch (display) {
    case "inline": case "inline-block": case "ruby": return "block";
    case "inline-table": return "table";
    case "inline-flex": return "flex";
    case "inline-grid": return "grid";
    case "-webkit-inline-box": return "-webkit-box";
    default: return display;
  }
}

/** Applies parsed declarations ({slot, value, important}) of one rule at the given weight. */
function renderedApplyDeclarations(declarations, weight) {
  for (let k = 0; k < declarations.length; k++) {
    const declaration = declarations[k];
    const priority = declaration.important * 4e15 + weight;
    if (priority >= renderedSlotPriorities[declaration.slot]) {
      renderedSlotPriorities[declaration.slot] = priority;
      renderedSlotValues[declaration.slot] = declaration.value;
    }
  }
}

function renderedIsClipping(overflow) {
  return overflow === "hidden" || overflow === "scroll" || overflow === "auto" || overflow === "clip" || overflow === "overlay";
}

/** Whether a border-box `size` in pixels is used up by its two paddings (so no content box is left). */
function renderedBorderBoxLeavesNoContent(size, paddingStart, paddingEnd) {
  const total = iteratorLength(size);
  if (total < 0) return false;
  const padding = Math.max(iteratorLength(paddingStart), 0) + Math.max(iteratorLength(paddingEnd), 0);
  return padding > 0 && total - padding <= 0;
}

/** Whether a length is zero (`0`, `0px`, `0em`…); percentages and keywords are not. */
function renderedIsZeroLength(value) {
  return value !== null && /^[-+]?0*\.?0+(px|em|rem|pt|vw|vh|ex|ch)?$/.test(value);
}

/** The rules that could match `element`, bucketed by their subject's id, class or tag. */
function renderedCandidateRules(sheet, element) {
  let list = null;
  const id = selectorAttribute(element, "id");
  if (id !== null) { const rules = sheet.byId.get(selectorAsciiLower(id)); if (rules !== undefined) list = rules.slice(); }
  const classes = selectorAttribute(element, "class");
  if (classes !== null && classes !== "") {
    // Buckets are keyed by ASCII lower case (renderedFileRule); a name that folds to one
    // already taken adds nothing.
    const names = selectorAsciiLower(classes).split(/[ \t\n\f\r]+/);
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      const rules = name === "" || names.indexOf(name) < i ? undefined : sheet.byClass.get(name);
      if (rules !== undefined) list = list === null ? rules.slice() : list.concat(rules);
    }
  }
  const rules = sheet.byTag.get(selectorAsciiLower(element[LOCAL_NAME]));
  if (rules !== undefined) list = list === null ? rules.slice() : list.concat(rules);
  if (sheet.universal.length > 0) list = list === null ? sheet.universal.slice() : list.concat(sheet.universal);
  return list;
}

/** The document's parsed author rules, re-read when the tree changed. */
function renderedSheetFor(doc) {
  if (doc === null || doc === undefined) return null;
  let sheet = renderedSheetCache.get(doc);
  const version = doc[VERSION];
  if (sheet !== undefined && sheet.version === version) return sheet;
  const { key: cssText, sheets: parts } = cssDocumentStyleSheets(doc);
  if (sheet !== undefined && sheet.cssText === cssText) {
    sheet.version = version;
    return sheet;
  }
  // Each <style> is a sheet of its own: its open blocks, strings and comments end with it.
  sheet = renderedParseTokenizedSheet(cssJoinedSheets(parts, renderedTokenizeSheet));
  sheet.cssText = cssText;
  sheet.version = version;
  renderedSheetCache.set(doc, sheet);
  return sheet;
}


/** What the rendered-text cascade keeps of a sheet: see renderedParseRules. */
const RENDERED_RULE_READER = {
  pattern: RENDERED_PROPERTY_PATTERN,
  parseDeclarations: (body) => renderedParseDeclarations(body),
  pseudoElementRule(prelude, body, sheet) {
    if (/:(before|after)\b/i.test(prelude) && /content|display|position|float/i.test(body)) renderedAddGeneratedRules(prelude, body, sheet);
  },
};

/** The bottom value of a `margin` shorthand (1–4 values). */
function renderedMarginBottomOf(value) {
  const parts = value.split(/\s+/);
  return parts.length >= 3 ? parts[2] : parts[0];
}

/** Elements an `align=left|right` attribute floats (HTML's presentational hints). */
const RENDERED_ALIGN_FLOATS = new Set(["img", "iframe", "embed", "object", "table"]);

/** The declarations of interest in a declaration block: [{property, value, important}]. */
function renderedParseDeclarations(body) {
  const declarations = [];
  for (const part of cssDeclarationParts(body)) {
    // A declaration holding a bad string is invalid.
    if (part.name.indexOf(RENDERED_BAD_STRING) >= 0 || part.value.indexOf(RENDERED_BAD_STRING) >= 0) continue;
    const property = part.name.toLowerCase();
    if (property !== "margin" && property !== "overflow" && property !== "padding" && !RENDERED_PROPERTY_SLOTS.has(property)) continue;
    let value = part.value.toLowerCase();
    const important = part.important ? 1 : 0;
    if (value === "") continue;
    if (property === "padding") {
      // 1–4 values: top, right, bottom, left.
      const words = value.split(/\s+/);
      const right = words.length > 1 ? words[1] : words[0];
      declarations.push({ slot: RENDERED_SLOT_PADDING_TOP, value: words[0], important });
      declarations.push({ slot: RENDERED_SLOT_PADDING_RIGHT, value: right, important });
      declarations.push({ slot: RENDERED_SLOT_PADDING_BOTTOM, value: words.length > 2 ? words[2] : words[0], important });
      declarations.push({ slot: RENDERED_SLOT_PADDING_LEFT, value: words.length > 3 ? words[3] : right, important });
    } else if (property === "margin") {
      declarations.push({ slot: RENDERED_SLOT_MARGIN_BOTTOM, value: renderedMarginBottomOf(value), important });
    } else if (property === "overflow") {
      // One value sets both axes; two values are x then y.
      const words = value.split(/\s+/);
      declarations.push({ slot: RENDERED_SLOT_OVERFLOW_X, value: words[0], important });
      declarations.push({ slot: RENDERED_SLOT_OVERFLOW_Y, value: words[words.length > 1 ? 1 : 0], important });
    } else {
      if (property === "display") value = renderedDisplayKeyword(value);
      else if (property === "white-space") value = value.split(/\s+/)[0];
      declarations.push({ slot: RENDERED_PROPERTY_SLOTS.get(property), value, important });
    }
  }
  return declarations;
}

/** Reduces multi-keyword `display` values ("block flow", "inline flow-root") to the legacy keyword. */
function renderedDisplayKeyword(value) {
  const words = value.split(/\s+/);
  if (words.length === 1) return words[0];
  const outer = words.indexOf("inline") >= 0 ? "inline" : "block";
  if (words.indexOf("list-item") >= 0) return "list-item";
  if (words.indexOf("flow-root") >= 0) return outer === "inline" ? "inline-block" : "flow-root";
  if (words.indexOf("flex") >= 0) return outer === "inline" ? "inline-flex" : "flex";
  if (words.indexOf("grid") >= 0) return outer === "inline" ? "inline-grid" : "grid";
  if (words.indexOf("table") >= 0) return outer === "inline" ? "inline-table" : "table";
  return outer;
}

function renderedInlineDeclarations(styleText) {
  let declarations = renderedInlineStyleCache.get(styleText);
  if (declarations !== undefined) return declarations;
  declarations = RENDERED_PROPERTY_PATTERN.test(styleText) ? renderedParseDeclarations(renderedTokenizeSheet(styleText)) : [];
  if (renderedInlineStyleCache.size > 2000) renderedInlineStyleCache.clear();
  renderedInlineStyleCache.set(styleText, declarations);
  return declarations;
}
