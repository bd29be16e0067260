// Rendered text: https://html.spec.whatwg.org/multipage/dom.html#rendered-text-collection-steps
// (`innerText`, `outerText`) and WebKit's `Selection.toString()`, which applies the same rules
// to a range.
//
// There is no layout engine, so "rendered" is decided from a small cascade: the user-agent
// `display` of each element, the `hidden` attribute, inline `style`, and the rules of the
// document's <style> elements (outside @-rules) that set display, visibility, white-space or
// text-transform. Observed WebKit output (oracle README (b), (f)) is the reference.

/** User-agent `display` values (HTML elements not listed are inline). */
const RENDERED_DISPLAY_DEFAULTS = (() => {
  const map = new Map();
  for (const name of ("html body address article aside blockquote center dd details dialog dir div dl dt " +
      "fieldset figcaption figure footer form frameset h1 h2 h3 h4 h5 h6 header hgroup hr legend listing " +
      "main menu nav ol p plaintext pre search section summary ul xmp optgroup option").split(" ")) map.set(name, "block");
  for (const name of ("head script style template title meta link base noscript datalist param rp area " +
      "noembed noframes source track embed-hidden").split(" ")) map.set(name, "none");
  const other = { li: "list-item", table: "table", caption: "table-caption", thead: "table-header-group",
    tbody: "table-row-group", tfoot: "table-footer-group", tr: "table-row", td: "table-cell", th: "table-cell",
    col: "table-column", colgroup: "table-column-group", input: "inline-block", button: "inline-block",
    select: "inline-block", textarea: "inline-block", meter: "inline-block", progress: "inline-block",
    ruby: "ruby", rt: "ruby-text" };
  for (const name in other) map.set(name, other[name]);
  return map;
})();

/** Replaced elements and form controls: their content is not part of the rendered text. */
const RENDERED_ATOMIC_ELEMENTS = new Set(["img", "input", "textarea", "select", "video", "audio",
  "iframe", "canvas", "object", "embed", "meter", "progress", "frame", "frameset", "math-hidden"]);

/**
 * Elements WebKit's TextIterator hands to handleReplacedElement (images, widgets, form
 * controls, legend, meter, progress): a collapsed space just before one is emitted.
 */
const RENDERED_SPACE_BEFORE_ELEMENTS = new Set(["img", "input", "textarea", "select", "button", "fieldset",
  "legend", "meter", "progress", "output", "iframe", "embed", "object", "video", "audio", "frame"]);

/** Elements after which WebKit emits two line breaks (the spec's "2 required line breaks" for p). */
const RENDERED_EXTRA_NEWLINE_AFTER = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6"]);

/** SVG elements that never render their text. */
const RENDERED_SVG_HIDDEN = new Set(["title", "desc", "defs", "style", "script", "metadata", "symbol",
  "clipPath", "mask", "pattern", "linearGradient", "radialGradient", "filter", "marker"]);

/** Parsed author style rules per document: {version, byId, byClass, byTag, universal}. */
const renderedSheetCache = new WeakMap();

/** Parsed inline `style` attributes by their text (bounded). */
const renderedInlineStyleCache = new Map();

// The computed style of the element last passed to renderedComputeStyle (scratch, to keep the
// hot loop free of per-element objects).
let renderedDisplay = "inline";
let renderedVisibility = "visible";
let renderedWhiteSpace = "normal";
let renderedTextTransform = "none";
// Whether that element is taken out of the line: floated, or absolutely/fixed positioned.
let renderedOutOfFlow = false;
// Whether that element is absolutely or fixed positioned.
let renderedAbsolutelyPositioned = false;
// That element's author `margin-bottom` (from `margin` or `margin-bottom`), or null when not set.
let renderedMarginBottom = null;
// Whether that element's box clips its overflow to an empty content box (TextIterator's
// fullyClipsContents): its text and replaced content are not emitted.
let renderedClipsContents = false;

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
 * `HTMLElement.innerText` getter: the element's rendered text, or its text content when it is
 * not being rendered (display:none on it or an ancestor, or not in a document).
 * @param {Element} element
 * @returns {string}
 */
function innerTextOf(element) {
  const chain = renderedStyleChain(element);
  if (chain === null) return renderedDescendantText(element);
  return innerTextByIterator(element, chain);
}

/**
 * The rendered text between two boundary points, as WebKit's `Selection.toString()` gives it:
 * breaks before the first text are dropped, breaks at the end are kept.
 * @param {Node} startNode @param {number} startOffset @param {Node} endNode @param {number} endOffset
 * @returns {string}
 */
function renderedTextOfRange(startNode, startOffset, endNode, endOffset) {
  let root = startNode;
  while (root[PARENT] !== null && root[PARENT] !== undefined) root = root[PARENT];
  const state = renderedNewState(null, false);
  renderedCollect(root, state, renderedMarker(startNode, startOffset), renderedMarker(endNode, endOffset));
  if (state.pendingBreaks > 0 && state.any && state.ended) state.text += "\n".repeat(state.pendingBreaks);
  return state.text;
}

/** A boundary point as the walk event it precedes: entering a node, leaving one, or inside text. */
function renderedMarker(node, offset) {
  if (node[DATA] !== undefined && typeof node[LOCAL_NAME] !== "string") return { kind: "text", node, offset };
  let child = node[FIRST];
  for (let i = 0; i < offset && child !== null; i++) child = child[NEXT];
  if (child !== null && child !== undefined) return { kind: "enter", node: child, offset: 0 };
  return { kind: "exit", node, offset: 0 };
}

function renderedDescendantText(root) {
  let text = "";
  for (let node = root[FIRST]; node !== null && node !== undefined; node = selectorNextInTree(node, root)) {
    if (node.nodeType === 3) text += node[DATA];
  }
  return text;
}

/**
 * The inherited style at `element` (an array [visibility, whiteSpace, textTransform, parentDisplay]),
 * or null when the element is not being rendered.
 */
function renderedStyleChain(element) {
  const ancestors = [];
  let node = element;
  for (; node !== null && node !== undefined && typeof node[LOCAL_NAME] === "string"; node = node[PARENT]) ancestors.push(node);
  if (node === null || node === undefined || node.nodeType !== 9) return null; // not in a document
  let visibility = "visible", whiteSpace = "normal", textTransform = "none", parentDisplay = "block";
  for (let i = ancestors.length - 1; i >= 0; i--) {
    renderedComputeStyle(ancestors[i], visibility, whiteSpace, textTransform, parentDisplay);
    if (renderedDisplay === "none") return null;
    if (i === 0) return [visibility, whiteSpace, textTransform, parentDisplay];
    visibility = renderedVisibility;
    whiteSpace = renderedWhiteSpace;
    textTransform = renderedTextTransform;
    parentDisplay = renderedDisplay;
  }
  return null;
}

function renderedNewState(chain, on) {
  return {
    text: "", any: false, pendingBreaks: 0, on, ended: false,
    lineHasContent: false, pendingSpace: false, sawSpace: false, lastWasWordCharacter: false, parentDisplay: "block",
    chain,
  };
}

function renderedEmit(state, string) {
  if (!state.on || string === "") return;
  if (state.pendingBreaks > 0) {
    if (state.any) state.text += "\n".repeat(state.pendingBreaks);
    state.pendingBreaks = 0;
  }
  state.text += string;
  state.any = true;
}

/** Content that renders as no characters (a replaced element): pending breaks are written. */
function renderedEmitNothing(state) {
  if (!state.on) return;
  if (state.pendingBreaks > 0) {
    if (state.any) state.text += "\n".repeat(state.pendingBreaks);
    state.pendingBreaks = 0;
  }
  state.any = true;
}

function renderedRequireBreaks(state, count) {
  if (state.on && count > state.pendingBreaks) state.pendingBreaks = count;
}

/** A block boundary or forced break: the next text starts a new line. */
function renderedNewLine(state) {
  state.lineHasContent = false;
  state.pendingSpace = false;
  // WebKit's TextIterator keeps "the last text node ended with a collapsed space" across line
  // breaks, but keeping it here gave more mismatches than it fixed (see docs/fidelity-text.md).
  state.sawSpace = false;
  state.lastWasWordCharacter = false;
}

function renderedTurnOn(state) {
  state.on = true;
  // A space collapsed before the start point belongs to the text before the range.
  state.pendingSpace = false;
  state.sawSpace = false;
}

function renderedIsBlockLevel(display) {
  return display === "block" || display === "list-item" || display === "table" || display === "flex" ||
    display === "grid" || display === "flow-root" || display === "table-caption" || display === "-webkit-box";
}

/** Whether `node` is `ancestor` or inside it. */
function renderedIsInclusiveDescendant(node, ancestor) {
  for (; node !== null && node !== undefined; node = node[PARENT]) if (node === ancestor) return true;
  return false;
}

/**
 * Walks `root`'s subtree (loops only) appending rendered text to `state`. With markers, output
 * is on only between `start` and `end`.
 */
function renderedCollect(root, state, start, end) {
  // Inherited values per depth, as parallel stacks.
  const visibilities = [], whiteSpaces = [], transforms = [], displays = [];
  if (state.chain !== null) {
    visibilities.push(state.chain[0]); whiteSpaces.push(state.chain[1]);
    transforms.push(state.chain[2]); displays.push(state.chain[3]);
  } else {
    visibilities.push("visible"); whiteSpaces.push("normal"); transforms.push("none"); displays.push("block");
  }
  let depth = 0;
  let node = root;
  for (;;) {
    // Entering `node`.
    if (start !== null && !state.on && !state.ended && start.kind === "enter" && start.node === node) renderedTurnOn(state);
    if (end !== null && state.on && end.kind === "enter" && end.node === node) { state.on = false; state.ended = true; }
    let descend = false;
    const localName = node[LOCAL_NAME];
    if (typeof localName === "string") {
      renderedComputeStyle(node, visibilities[depth], whiteSpaces[depth], transforms[depth], displays[depth]);
      const display = renderedDisplay;
      if (display === "none" || (renderedIsDetailsContentHidden(node))) {
        renderedSkipSubtree(node, state, start, end);
      } else {
        depth++;
        visibilities[depth] = renderedVisibility; whiteSpaces[depth] = renderedWhiteSpace;
        transforms[depth] = renderedTextTransform; displays[depth] = display;
        renderedEnterElement(node, localName, display, state);
        if (node[NAMESPACE] === SELECTOR_HTML_NAMESPACE && RENDERED_ATOMIC_ELEMENTS.has(localName)) {
          renderedSkipSubtree(node, state, start, end);
        } else {
          descend = node[FIRST] !== null && node[FIRST] !== undefined;
        }
        if (!descend) { renderedLeaveElement(node, state, start, end, displays[depth], visibilities[depth]); depth--; }
      }
    } else {
      const type = node.nodeType;
      if (type === 3 || type === 4) {
        state.parentDisplay = displays[depth];
        renderedText(node, state, start, end, visibilities[depth], whiteSpaces[depth], transforms[depth]);
      } else if (type === 9 || type === 11) {
        descend = node[FIRST] !== null && node[FIRST] !== undefined;
        if (descend) {
          depth++;
          visibilities[depth] = "visible"; whiteSpaces[depth] = "normal"; transforms[depth] = "none"; displays[depth] = "block";
        }
      } else if (start !== null && start.kind === "text" && start.node === node && !state.on && !state.ended) {
        renderedTurnOn(state);
      }
      if (end !== null && end.kind === "text" && end.node === node && state.on) { state.on = false; state.ended = true; }
      if (!descend && (type === 9 || type === 11)) renderedCheckExitMarkers(node, state, start, end);
    }
    if (descend) { node = node[FIRST]; continue; }
    // Leaving: go to the next sibling, closing finished ancestors on the way up.
    for (;;) {
      if (node === root) return;
      const next = node[NEXT];
      if (next !== null && next !== undefined) { node = next; break; }
      node = node[PARENT];
      if (typeof node[LOCAL_NAME] === "string") {
        renderedLeaveElement(node, state, start, end, displays[depth], visibilities[depth]);
      } else {
        renderedCheckExitMarkers(node, state, start, end);
      }
      depth--;
    }
  }
}

/** A closed <details> renders only its first <summary>. */
function renderedIsDetailsContentHidden(element) {
  const parent = element[PARENT];
  if (parent === null || parent === undefined || parent[LOCAL_NAME] !== "details" || parent[NAMESPACE] !== SELECTOR_HTML_NAMESPACE) return false;
  if (selectorAttribute(parent, "open") !== null) return false;
  if (element[LOCAL_NAME] !== "summary") return true;
  for (let sibling = element[PREV]; sibling !== null && sibling !== undefined; sibling = sibling[PREV]) {
    if (sibling[LOCAL_NAME] === "summary") return true;
  }
  return false;
}

function renderedCheckExitMarkers(node, state, start, end) {
  if (start !== null && !state.on && !state.ended && start.kind === "exit" && start.node === node) renderedTurnOn(state);
  if (end !== null && state.on && end.kind === "exit" && end.node === node) { state.on = false; state.ended = true; }
}

/** Skips the subtree of a non-rendered element, honouring a range boundary inside it. */
function renderedSkipSubtree(node, state, start, end) {
  if (start !== null && !state.on && !state.ended && start.node !== node && renderedIsInclusiveDescendant(start.node, node)) renderedTurnOn(state);
  if (end !== null && state.on && end.node !== node && renderedIsInclusiveDescendant(end.node, node)) { state.on = false; state.ended = true; }
}

function renderedEnterElement(element, localName, display, state) {
  const isHTML = element[NAMESPACE] === SELECTOR_HTML_NAMESPACE;
  if (renderedIsBlockLevel(display)) {
    renderedRequireBreaks(state, 1);
    renderedNewLine(state);
  } else if (display === "table-row" || display === "table-cell" || display === "table-row-group" ||
      display === "table-header-group" || display === "table-footer-group") {
    renderedNewLine(state);
  } else if (isHTML && localName === "br") {
    renderedEmit(state, "\n");
    renderedNewLine(state);
  } else if (localName === "svg" && element[NAMESPACE] === "http://www.w3.org/2000/svg" && element[PARENT] !== null &&
      element[PARENT] !== undefined && element[PARENT][NAMESPACE] !== "http://www.w3.org/2000/svg") {
    // An <svg> in HTML content is an atomic inline that emits nothing (as for innerText): the
    // white space on both sides of it stays.
    if (state.pendingSpace) renderedEmit(state, " ");
    state.lineHasContent = true;
    state.pendingSpace = false;
    state.sawSpace = false;
  } else if (isHTML && RENDERED_SPACE_BEFORE_ELEMENTS.has(localName)) {
    // WebKit's TextIterator (handleReplacedElement): the space between inline content and the
    // element is a text box of its own; on top of it, when the text before ended with white
    // space that was collapsed away (`sawSpace`), one more space is emitted, even at the start
    // of a line (observed: "two\n  " before <textarea> and <input>). The element itself
    // emits nothing but counts as content: a block boundary after it gives a line break.
    if (state.pendingSpace) renderedEmit(state, " ");
    if (state.sawSpace) renderedEmit(state, " ");
    renderedEmitNothing(state);
    state.lineHasContent = true;
    state.pendingSpace = false;
    state.sawSpace = false;
  }
}

function renderedLeaveElement(element, state, start, end, display, visibility) {
  renderedCheckExitMarkers(element, state, start, end);
  const localName = element[LOCAL_NAME];
  if (renderedIsBlockLevel(display)) {
    // WebKit's TextIterator adds the extra newline only after p and h1–h6 (their bottom
    // margin), not before them: "UPPERCASED\nLine" for an inline span followed by a <p>.
    renderedRequireBreaks(state, element[NAMESPACE] === SELECTOR_HTML_NAMESPACE && RENDERED_EXTRA_NEWLINE_AFTER.has(localName) ? 2 : 1);
    renderedNewLine(state);
  } else if (display === "table-cell") {
    renderedNewLine(state);
    if (renderedHasFollowing(element, "table-cell")) renderedEmit(state, "\t");
  } else if (display === "table-row") {
    renderedNewLine(state);
    if (renderedHasFollowingRow(element)) renderedEmit(state, "\n");
  }
  void visibility;
}

/** Whether a later sibling has the given display (cells of a row). */
function renderedHasFollowing(element, display) {
  const parent = element[PARENT];
  for (let sibling = element[NEXT]; sibling !== null && sibling !== undefined; sibling = sibling[NEXT]) {
    if (typeof sibling[LOCAL_NAME] !== "string") continue;
    renderedComputeStyle(sibling, "visible", "normal", "none", "table-row");
    if (renderedDisplay === display) return true;
  }
  void parent;
  return false;
}

/** Whether a later row exists in the same table (this section or a later one). */
function renderedHasFollowingRow(row) {
  if (renderedHasFollowing(row, "table-row")) return true;
  const section = row[PARENT];
  if (section === null || section === undefined || typeof section[LOCAL_NAME] !== "string") return false;
  const sectionName = section[LOCAL_NAME];
  if (sectionName !== "tbody" && sectionName !== "thead" && sectionName !== "tfoot") return false;
  for (let sibling = section[NEXT]; sibling !== null && sibling !== undefined; sibling = sibling[NEXT]) {
    if (typeof sibling[LOCAL_NAME] !== "string") continue;
    if (sibling[LOCAL_NAME] === "tr") return true;
    for (let child = sibling[FIRST]; child !== null && child !== undefined; child = child[NEXT]) {
      if (child[LOCAL_NAME] === "tr") return true;
    }
  }
  return false;
}

/** Appends a text node's rendered text (or the part of it inside the range). */
function renderedText(node, state, start, end, visibility, whiteSpace, transform) {
  const data = node[DATA];
  let from = 0, to = data.length;
  const startsHere = start !== null && start.kind === "text" && start.node === node && !state.on && !state.ended;
  const endsHere = end !== null && end.kind === "text" && end.node === node;
  if (startsHere) from = Math.min(start.offset, data.length);
  if (endsHere) to = Math.max(Math.min(end.offset, data.length), 0);
  const parent = node[PARENT];
  const hidden = visibility !== "visible" || (parent !== null && parent !== undefined &&
    parent[LOCAL_NAME] === "details" && selectorAttribute(parent, "open") === null);
  if (startsHere) {
    if (from > 0) renderedTextPart(data.slice(0, from), state, whiteSpace, transform, true);
    renderedTurnOn(state);
    if (endsHere && to <= from) { state.on = false; state.ended = true; renderedTextPart(data.slice(from), state, whiteSpace, transform, true); return; }
    renderedTextPart(data.slice(from, to), state, whiteSpace, transform, hidden);
    if (endsHere) { state.on = false; state.ended = true; if (to < data.length) renderedTextPart(data.slice(to), state, whiteSpace, transform, true); }
    return;
  }
  if (endsHere && state.on) {
    renderedTextPart(data.slice(0, to), state, whiteSpace, transform, hidden);
    state.on = false; state.ended = true;
    if (to < data.length) renderedTextPart(data.slice(to), state, whiteSpace, transform, true);
    return;
  }
  renderedTextPart(data, state, whiteSpace, transform, hidden);
}

/**
 * White-space processing (https://drafts.csswg.org/css-text-3/#white-space-phase-1) of one
 * piece of text. `silent`: update the line state only (hidden text or outside the range).
 */
function renderedTextPart(text, state, whiteSpace, transform, silent) {
  if (text === "") return;
  if (silent) {
    // Invisible text still occupies the line for collapsing purposes only when visible; for
    // text outside the range, keep the collapsing state as if it had been written.
    if (!state.on || state.ended) renderedCollapse(text, state, whiteSpace, transform, true);
    return;
  }
  renderedCollapse(text, state, whiteSpace, transform, false);
}

function renderedCollapse(text, state, whiteSpace, transform, silent) {
  const wasOn = state.on;
  if (silent) state.on = false;
  try {
    if (whiteSpace === "pre" || whiteSpace === "pre-wrap" || whiteSpace === "break-spaces") {
      if (state.pendingSpace) renderedEmit(state, " ");
      renderedEmit(state, renderedTransform(text, transform, state));
      const endsWithNewline = text.charCodeAt(text.length - 1) === 10;
      state.lineHasContent = !endsWithNewline;
      state.pendingSpace = false;
      state.sawSpace = false;
      return;
    }
    if (whiteSpace === "pre-line") {
      const lines = text.split(/[ \t\f\r]*\n[ \t\f\r]*/);
      for (let i = 0; i < lines.length; i++) {
        if (i > 0) { renderedEmit(state, "\n"); renderedNewLine(state); }
        renderedCollapseLine(lines[i], state, transform);
      }
      return;
    }
    renderedCollapseLine(text, state, transform);
  } finally {
    if (silent) state.on = wasOn;
  }
}

/** Collapsible white space: runs become one space; none at the start of a line. */
function renderedCollapseLine(text, state, transform) {
  const collapsed = text.replace(/[ \t\n\r\f]+/g, " ");
  if (collapsed === "") return;
  if (collapsed === " ") {
    // White space at the start of a line gets no renderer in WebKit (textRendererIsNeeded):
    // it neither renders nor marks a collapsed space.
    // Inside an inline element it does get one, with no text box: a collapsed space.
    if (!state.lineHasContent) {
      if (state.parentDisplay === "inline") state.sawSpace = true;
      return;
    }
    // Rendered as one space box; the rest of the run (or all of it, after a space) collapses.
    state.sawSpace = state.pendingSpace || text.length > 1;
    state.pendingSpace = true;
    state.lastWasWordCharacter = false;
    return;
  }
  const leading = collapsed.charCodeAt(0) === 32;
  const trailing = collapsed.charCodeAt(collapsed.length - 1) === 32;
  const core = collapsed.slice(leading ? 1 : 0, trailing ? collapsed.length - 1 : collapsed.length);
  if (leading) {
    if (state.lineHasContent) state.pendingSpace = true;
    state.lastWasWordCharacter = false;
  }
  if (state.pendingSpace) renderedEmit(state, " ");
  renderedEmit(state, renderedTransform(core, transform, state));
  state.lineHasContent = true;
  state.pendingSpace = trailing;
  // The trailing run keeps one space; more than one character means some was collapsed.
  state.sawSpace = trailing && /[ \t\n\r\f]{2}$/.test(text);
  if (trailing) state.lastWasWordCharacter = false;
}

function renderedTransform(text, transform, state) {
  let result = text;
  if (transform === "uppercase") result = text.toUpperCase();
  else if (transform === "lowercase") result = text.toLowerCase();
  else if (transform === "capitalize") {
    let after = state.lastWasWordCharacter;
    result = "";
    for (const character of text) {
      const isWord = /[\p{L}\p{N}]/u.test(character);
      result += isWord && !after ? character.toUpperCase() : character;
      after = isWord || (after && (character === "'" || character === "\u2019"));
    }
  }
  if (text.length > 0) {
    const last = text.charAt(text.length - 1);
    state.lastWasWordCharacter = /[\p{L}\p{N}]/u.test(last);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// innerText as WebKit's TextIterator produces it (HTMLElement::innerText is plainText() over the
// element's contents). A minimal render-tree model decides which nodes have renderers; inline
// layout is reduced to white-space collapsing per line, with no line wrapping (a soft wrap
// gives a space in TextIterator output anyway).

/** Elements TextIterator hands to handleReplacedElement (isRendererReplacedElement). */
// <object> is not among them: its data is never loaded here (nor in the oracle, which blocks
// every subresource), so WebKit renders its fallback content as an ordinary inline.
// <canvas> is not among them either (RenderHTMLCanvas is neither an image nor a widget): it is
// an atomic inline that TextIterator passes over, like an <svg>.
const ITERATOR_REPLACED_ELEMENTS = new Set(["img", "input", "textarea", "select", "button", "fieldset",
  "legend", "meter", "progress", "output", "iframe", "embed", "video", "audio", "frame"]);

/** Replaced elements whose DOM children get no renderers (shadow trees or fallback content). */
const ITERATOR_CHILDLESS_ELEMENTS = new Set(["img", "input", "textarea", "select", "iframe", "embed",
  "video", "audio", "frame", "canvas", "meter", "progress"]);

const ITERATOR_SVG_TEXT_ELEMENTS = new Set(["text", "tspan", "textPath", "a"]);

/**
 * One line-layout context: a block container (block, cell, float, inline-block) whose inline
 * content is laid out in lines.
 */
function iteratorNewLine(available) {
  // `inner`: the widest line of the block containers inside.
  return { hasContent: false, endsWithSpace: false, width: 0, widest: 0, inner: 0, full: false, available };
}

// Line breaking, roughly. Where a line wraps matters to TextIterator only next to atomic
// inlines (images, form controls, frames, svg): the white space before one that does not fit
// has no box, and after one that fills the line the next white space ends it. Widths are
// estimated from what the oracle's WebKit measured (16px DejaVu Sans; form controls in 13.33px
// system font): the page's own fonts and box sizes are mostly not known.

/** The width of the body's lines in the oracle's 390px-wide viewport (minus 8px margins). */
const ITERATOR_VIEWPORT_LINE_WIDTH = 374;
/** User-agent indentation of block containers (list padding, blockquote/figure margins). */
const ITERATOR_INDENTS = new Map([["ul", 40], ["ol", 40], ["menu", 40], ["dir", 40], ["dd", 40],
  ["blockquote", 80], ["figure", 80], ["fieldset", 28]]);

/** Font size (relative to 16px) times boldness of user-agent headings, bold and small text. */
const ITERATOR_FONT_SCALES = new Map([["h1", 2 * 1.11], ["h2", 1.5 * 1.11], ["h3", 1.17 * 1.11], ["h4", 1.11],
  ["h5", 0.83 * 1.11], ["h6", 0.67 * 1.11], ["b", 1.11], ["strong", 1.11], ["th", 1.11], ["small", 0.83],
  ["big", 1.2], ["sub", 0.83], ["sup", 0.83]]);

/**
 * The element's text scale: its `font-size` from the cascade (px, em, %, rem), else the
 * user-agent one, relative to the parent's. Call right after renderedComputeStyle(element).
 */
function iteratorFontScale(element, parentScale) {
  const author = iteratorAuthorFontSize(parentScale);
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
 * when it has none that is understood. Call right after renderedComputeStyle(element).
 */
function iteratorAuthorFontSize(parentScale) {
  const size = renderedSlotValues[RENDERED_SLOT_FONT_SIZE];
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

function iteratorNewState() {
  return {
    out: [], lastChar: "", hasEmitted: false, collapsedSpace: false, sawTextNode: false, emitCount: 0,
    // Boxes laid out so far (text, hidden or not, and replaced elements): a block with none has
    // no height, so no extra newline for its bottom margin.
    boxCount: 0,
    // Boxes laid out inside floats so far: only a block formatting context grows to hold them.
    floatBoxCount: 0,
    // A rendered trailing space that disappears if its line ends before more content comes.
    removable: -1, removableLine: null, removableLastChar: "", removableHasEmitted: false, removableIsWholeBox: false,
    lastWasWordCharacter: false,
    // Quirks mode: a line holding only replaced boxes has no strut, so zero-height images give
    // it no height.
    quirks: false,
    // Absolutely positioned boxes entered so far: they escape their ancestors' clip.
    absoluteCount: 0,
  };
}

/** emitCharacter / emitText: clears the collapsed-space flag. */
function iteratorEmit(it, string) {
  if (string === "") return;
  it.out.push(string);
  it.lastChar = string.charAt(string.length - 1);
  it.hasEmitted = true;
  it.collapsedSpace = false;
  it.removable = -1;
  it.emitCount++;
}

/** The end of a line in `line`: a trailing rendered space of that line collapses away. */
function iteratorEndLine(it, line) {
  if (it.removable >= 0 && it.removableLine === line) {
    it.out[it.removable] = "";
    it.lastChar = it.removableLastChar;
    // The space never had a box: if nothing came before it, nothing has been emitted.
    it.hasEmitted = it.removableHasEmitted;
    // A text box that was only this space is gone: in quirks mode it gave the line no height.
    if (it.removableIsWholeBox && it.quirks) it.boxCount--;
    it.collapsedSpace = true;
    it.removable = -1;
  }
  line.hasContent = false;
  line.endsWithSpace = false;
  line.widest = Math.max(line.widest, line.width);
  line.width = 0;
  line.full = false;
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
      for (let node = element[FIRST]; node !== null && node !== undefined; node = selectorNextInTree(node, element)) {
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
      renderedComputeStyle(node, "visible", "normal", "none", "inline-block");
      if (renderedDisplay !== "none") {
        const replaced = iteratorReplacedWidth(node, localName, { width: renderedSlotValues[RENDERED_SLOT_WIDTH] });
        if (isFinite(replaced)) width += replaced;
      }
      node = selectorNextSkippingChildren(node, button);
      continue;
    }
    node = selectorNextInTree(node, button);
  }
  return width + iteratorTextWidth(text.replace(/[ \t\n\r\f]+/g, " ").trim(), 0.833);
}

/** The natural [width, height] of an image that loads (a data: URL with a size), else null. */
function iteratorLoadedImageSize(element) {
  if (typeof layoutImageNaturalSize !== "function") return null;
  const natural = layoutImageNaturalSize(element);
  return natural === null || natural[2] === true ? null : natural;
}

function iteratorIsCollapsible(character) {
  return character === " " || character === "\n" || character === "\t";
}

/**
 * `innerText` of a rendered element, as WebKit's TextIterator gives it.
 * @param {Element} element @param {Array} chain its inherited style (renderedStyleChain)
 * @returns {string}
 */
function innerTextByIterator(element, chain) {
  const it = iteratorNewState();
  const owner = documentOf(element);
  it.quirks = owner !== null && owner !== undefined && owner[DOC_STATE].compatMode === "quirks";
  // The element itself is the start container: nothing is emitted for entering it.
  renderedComputeStyle(element, chain[0], chain[1], chain[2], chain[3]);
  const style = { display: renderedDisplay, visibility: renderedVisibility, whiteSpace: renderedWhiteSpace,
    transform: renderedTextTransform, outOfFlow: renderedOutOfFlow, marginBottom: renderedMarginBottom,
    clipped: renderedClipsContents && renderedDisplay !== "inline", width: renderedSlotValues[RENDERED_SLOT_WIDTH], height: renderedSlotValues[RENDERED_SLOT_HEIGHT],
    fontScale: iteratorFontScale(element, 1) };
  const line = iteratorNewLine(iteratorAvailableWidth(element[LOCAL_NAME], style, ITERATOR_VIEWPORT_LINE_WIDTH));
  iteratorChildren(element, style, line, it, 0);
  iteratorEndLine(it, line);
  return it.out.join("");
}

function iteratorIsInlineLevel(display) {
  return display === "inline" || display === "inline-block" || display === "inline-table" ||
    display === "inline-flex" || display === "inline-grid" || display === "ruby" || display === "contents" ||
    display === "ruby-text" || display === "-webkit-inline-box";
}

/** Whether whitespace-only text gets a renderer (WebKit's textRendererIsNeeded). */
function iteratorWhitespaceRendered(parentStyle, parentIsSVG, previous, blockChildSeen, inFlowChildSeen) {
  if (parentIsSVG) return false;
  const display = parentStyle.display;
  if (display === "table" || display === "inline-table" || display === "table-row" || display === "table-row-group" ||
      display === "table-header-group" || display === "table-footer-group" || display === "table-column" ||
      display === "table-column-group" || display === "flex" || display === "inline-flex" || display === "grid" ||
      display === "inline-grid") return false;
  const ws = parentStyle.whiteSpace;
  if (ws === "pre" || ws === "pre-wrap" || ws === "pre-line" || ws === "break-spaces") return true;
  if (previous !== null && previous.isBR) return false;
  if (display === "inline" && !parentStyle.outOfFlow) {
    return !(previous !== null && !previous.isInline && !previous.outOfFlow);
  }
  if (blockChildSeen && (previous === null || !previous.isInline)) return false;
  return inFlowChildSeen;
}

/** Walks `parent`'s children. Returns whether the last child has a renderer. */
function iteratorChildren(parent, parentStyle, line, it, depth) {
  let previous = null; // the previous sibling with a renderer: {isInline, isBR, outOfFlow}
  let blockChildSeen = false, inFlowChildSeen = false, lastRendered = false;
  const parentIsSVG = parent[NAMESPACE] === "http://www.w3.org/2000/svg" && !ITERATOR_SVG_TEXT_ELEMENTS.has(parent[LOCAL_NAME]);
  for (let child = parent[FIRST]; child !== null && child !== undefined; child = child[NEXT]) {
    const localName = child[LOCAL_NAME];
    if (typeof localName === "string") {
      renderedComputeStyle(child, parentStyle.visibility, parentStyle.whiteSpace, parentStyle.transform, parentStyle.display);
      if (renderedDisplay === "none" || renderedIsDetailsContentHidden(child)) { lastRendered = false; continue; }
      const style = { display: renderedDisplay, visibility: renderedVisibility, whiteSpace: renderedWhiteSpace,
        transform: renderedTextTransform, outOfFlow: renderedOutOfFlow, marginBottom: renderedMarginBottom,
        // An absolutely positioned box escapes its ancestors' clip (ignoresContainerClip).
        clipped: (parentStyle.clipped && !renderedAbsolutelyPositioned) ||
          (renderedClipsContents && (renderedDisplay !== "inline" || renderedOutOfFlow)),
        width: renderedSlotValues[RENDERED_SLOT_WIDTH], height: renderedSlotValues[RENDERED_SLOT_HEIGHT], fontScale: iteratorFontScale(child, parentStyle.fontScale),
        authorFontSize: iteratorAuthorFontSize(parentStyle.fontScale), parentWhiteSpace: parentStyle.whiteSpace,
        clipsOverflow: (renderedIsClipping(renderedSlotValues[RENDERED_SLOT_OVERFLOW_X]) || renderedIsClipping(renderedSlotValues[RENDERED_SLOT_OVERFLOW_Y])) &&
          (renderedDisplay !== "inline" || renderedOutOfFlow), absolute: renderedAbsolutelyPositioned, containsFloats: renderedOutOfFlow || ITERATOR_FORMATTING_CONTEXT_DISPLAYS.has(renderedDisplay) ||
          renderedIsClipping(renderedSlotValues[RENDERED_SLOT_OVERFLOW_X]) || renderedIsClipping(renderedSlotValues[RENDERED_SLOT_OVERFLOW_Y]) };
      if (style.outOfFlow && iteratorIsInlineLevel(style.display)) style.display = style.display === "inline-table" ? "table" : "block";
      iteratorElement(child, localName, style, line, it, depth + 1);
      const isBR = localName === "br" && child[NAMESPACE] === SELECTOR_HTML_NAMESPACE;
      const isInline = !style.outOfFlow && (iteratorIsInlineLevel(style.display) || isBR);
      previous = { isInline, isBR, outOfFlow: style.outOfFlow };
      if (!style.outOfFlow) { inFlowChildSeen = true; if (!isInline) blockChildSeen = true; }
      lastRendered = true;
    } else if (child.nodeType === 3 || child.nodeType === 4) {
      const data = child[DATA];
      if (data === "") { lastRendered = false; continue; }
      const whitespaceOnly = !/[^ \t\n\r\f]/.test(data);
      if (parentIsSVG || (whitespaceOnly && !iteratorWhitespaceRendered(parentStyle, parentIsSVG, previous, blockChildSeen, inFlowChildSeen))) {
        lastRendered = false;
        continue;
      }
      iteratorText(data, parentStyle, line, it);
      previous = { isInline: true, isBR: false, outOfFlow: false };
      inFlowChildSeen = true;
      lastRendered = true;
    } else {
      lastRendered = false;
    }
  }
  return lastRendered;
}

function iteratorText(data, style, line, it) {
  if (style.clipped) return;
  it.sawTextNode = true;
  const visible = style.visibility === "visible";
  const ws = style.whiteSpace;
  if (ws === "pre" || ws === "pre-wrap" || ws === "break-spaces") {
    it.boxCount++;
    if (!visible) return;
    if (it.collapsedSpace) iteratorEmit(it, " ");
    iteratorEmit(it, iteratorTransform(data, style.transform, it));
    const endsWithNewline = data.charCodeAt(data.length - 1) === 10;
    line.hasContent = !endsWithNewline;
    line.endsWithSpace = false;
    return;
  }
  if (ws === "pre-line") {
    // Spaces collapse, segment breaks are forced line breaks. TextIterator emits the break's
    // "\n" run as a space (handleTextRun translates newlines), the spaces before it stay in
    // their line's box, and those after it start the next line and have no box.
    const parts = data.split("\n");
    for (let i = 0; i < parts.length; i++) {
      if (i > 0) {
        it.boxCount++;
        if (visible) iteratorEmit(it, " ");
        iteratorEndLine(it, line);
      }
      if (parts[i] !== "") iteratorCollapsedText(parts[i], style, line, it, visible);
    }
    return;
  }
  iteratorCollapsedText(data, style, line, it, visible);
}

/** Collapsible text: its boxes on the current line, as TextIterator walks them. */
function iteratorCollapsedText(data, style, line, it, visible) {
  // A break opportunity where the next word no longer fits ends the line (after an image, the
  // white space then has no box and no space is emitted for it). White space alone never
  // overflows (it hangs at the line's end); what comes after it decides.
  const startsWithSpace = iteratorIsCollapsible(data.charAt(0));
  if ((startsWithSpace || line.endsWithSpace) && line.hasContent && iteratorWraps(style.whiteSpace) &&
      (line.full || (/[^ \t\n\r\f]/.test(data) && line.width + iteratorLeadingWordWidth(data, style.fontScale) > line.available))) {
    iteratorEndLine(it, line);
  }
  const collapsed = data.replace(/[ \t\n\r\f]+/g, " ");
  let text = collapsed;
  const leadingSpace = text.charCodeAt(0) === 32;
  let leadingCollapsed = false;
  if (leadingSpace && (!line.hasContent || line.endsWithSpace)) { text = text.slice(1); leadingCollapsed = true; }
  if (text === "") {
    // No text box at all: "entire block is collapsed space".
    if (visible) it.collapsedSpace = true;
    return;
  }
  it.boxCount++;
  if (!visible) {
    // Hidden text still takes part in the line (it has boxes), but emits nothing.
    iteratorAdvanceLine(line, text, style.fontScale, style.whiteSpace);
    line.hasContent = true;
    line.endsWithSpace = text.charCodeAt(text.length - 1) === 32;
    return;
  }
  // A collapsed space before this box is written out (handleTextBox's needSpace), even when the
  // box starts with a space of its own ("Home " in a button, then " ", gives "Home  "). When
  // the box is only that space and the line ends after it, neither is there (iteratorEndLine).
  // Whether the last character is collapsible is the text's own style's question: with
  // pre-line a newline is not (so a block's leading space after "\n" is written).
  let spaceBefore = (it.collapsedSpace || leadingCollapsed) && it.lastChar !== "" &&
    !(iteratorIsCollapsible(it.lastChar) && !(it.lastChar === "\n" && style.whiteSpace === "pre-line")) ? " " : "";
  const trailing = text.length > 0 && text.charCodeAt(text.length - 1) === 32;
  const core = trailing ? text.slice(0, -1) : text;
  if (core !== "") { iteratorEmit(it, spaceBefore + iteratorTransform(core, style.transform, it)); spaceBefore = ""; }
  if (trailing) {
    const before = it.lastChar, hadEmitted = it.hasEmitted;
    iteratorEmit(it, spaceBefore + " ");
    it.removable = it.out.length - 1;
    it.removableLine = line;
    it.removableLastChar = before;
    it.removableHasEmitted = hadEmitted;
    it.removableIsWholeBox = core === "";
    it.lastWasWordCharacter = false;
    // The box ends before the text does (the rest of the white space collapsed): TextIterator
    // notes "collapsed space at the end", which a following replaced element turns into a space.
    if (/[ \t\n\r\f]{2}$/.test(data)) it.collapsedSpace = true;
  }
  iteratorAdvanceLine(line, text, style.fontScale, style.whiteSpace);
  line.hasContent = true;
  line.endsWithSpace = trailing;
}

function iteratorTransform(text, transform, it) {
  if (transform === "none" || transform === undefined) {
    if (text.length > 0) it.lastWasWordCharacter = /[\p{L}\p{N}]/u.test(text.charAt(text.length - 1));
    return text;
  }
  return renderedTransform(text, transform, it);
}

/**
 * The widest form control, image or frame inside `container` with a fixed width, plus the list
 * indentation around it: a lower bound of the container's min-content width.
 */
function iteratorWidestReplacedDescendant(container) {
  let widest = 0;
  for (let node = container[FIRST]; node !== null && node !== undefined; node = selectorNextInTree(node, container)) {
    const localName = node[LOCAL_NAME];
    if (typeof localName !== "string" || node[NAMESPACE] !== SELECTOR_HTML_NAMESPACE || !ITERATOR_REPLACED_ELEMENTS.has(localName)) continue;
    if (localName === "input" && selectorAsciiLower(selectorAttribute(node, "type") || "") === "hidden") continue;
    renderedComputeStyle(node, "visible", "normal", "none", "block");
    if (renderedDisplay === "none") continue;
    const cssWidth = renderedSlotValues[RENDERED_SLOT_WIDTH];
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

/** A ::before/::after box with `text` on the line: it emits nothing but is line content. */
function iteratorGeneratedBox(text, style, line, it) {
  if (text === "") return;
  iteratorLineContent(it, line);
  iteratorAdvanceLine(line, text, style.fontScale, style.whiteSpace);
  line.endsWithSpace = iteratorIsCollapsible(text.charAt(text.length - 1));
  it.boxCount++;
}

/** Content that is part of the line (an atomic inline): a trailing space before it stays. */
function iteratorLineContent(it, line) {
  if (it.removable >= 0 && it.removableLine === line) it.removable = -1;
  line.hasContent = true;
  line.endsWithSpace = false;
}

/** Displays whose box is a new formatting context, which grows to contain its floats. */
const ITERATOR_FORMATTING_CONTEXT_DISPLAYS = new Set(["flow-root", "inline-block", "table-cell", "table-caption", "flex",
  "grid", "inline-flex", "inline-grid", "table", "inline-table", "-webkit-box", "-webkit-inline-box"]);

function iteratorIsBlockContainerDisplay(display) {
  return display === "block" || display === "list-item" || display === "table" || display === "flex" ||
    display === "grid" || display === "flow-root" || display === "table-caption" || display === "-webkit-box";
}

function iteratorElement(element, localName, style, line, it, depth) {
  const isHTML = element[NAMESPACE] === SELECTOR_HTML_NAMESPACE;
  const display = style.display;
  if (isHTML && localName === "br") {
    iteratorEndLine(it, line);
    iteratorEmit(it, "\n");
    it.boxCount++;
    return;
  }
  const objectImage = isHTML && localName === "object" && (iteratorObjectIsImage(element) || !iteratorObjectHasFallback(element));
  const replaced = (isHTML && ITERATOR_REPLACED_ELEMENTS.has(localName)) || objectImage ||
    selectorAsciiLower(selectorAttribute(element, "role") || "") === "img";
  const blockLevel = !style.outOfFlow && iteratorIsBlockContainerDisplay(display);
  const isRow = display === "table-row";
  const isCell = display === "table-cell";
  const ownsLines = blockLevel || isCell || style.outOfFlow || display === "inline-block" || display === "inline-flex" ||
    display === "inline-grid" || display === "inline-table" || display === "table-caption" || display === "-webkit-inline-box";
  if (blockLevel || isRow || isCell) iteratorEndLine(it, line);
  // A float or absolutely positioned box is not on the line: when nothing in the line follows
  // it, the line ends here and a space before it has no box.
  if (style.outOfFlow && it.removable >= 0 && it.removableLine === line && !iteratorInlineContentFollows(element)) {
    iteratorEndLine(it, line);
  }
  const marginBottom = style.marginBottom;
  // Whether the line may break before this atomic inline (the white-space of its parent).
  const wraps = iteratorWraps(style.parentWhiteSpace);
  const boxCountAtStart = it.boxCount;
  if (style.absolute) it.absoluteCount++;
  if (replaced) {
    const width = !style.outOfFlow && !blockLevel ? iteratorReplacedWidth(element, localName, style) : 0;
    // It does not fit after what is already on the line: the line breaks before it.
    if (width > 0 && line.width > 0 && line.width + width > line.available && wraps) iteratorEndLine(it, line);
    line.width += width;
    if (style.visibility === "visible" && !style.clipped) {
      if (it.collapsedSpace && it.sawTextNode) iteratorEmit(it, " ");
      it.hasEmitted = true;
      it.lastChar = "";
      it.removable = it.removableLine === line ? -1 : it.removable;
      it.emitCount++;
    }
    if (!style.outOfFlow && !blockLevel) iteratorLineContent(it, line);
    if (line.width >= line.available) line.full = true;
    // A blocked image with no alt text and no height is 0 pixels high: as a block it gives its
    // container no height; an inline one still sits on a line with a strut, except in quirks
    // mode, where a line of such images is 0 high too.
    const zeroHeightImage = localName === "img" && isHTML && !(selectorAttribute(element, "alt") || "") &&
      selectorAttribute(element, "height") === null && iteratorLength(style.height) <= 0 && iteratorLoadedImageSize(element) === null;
    if (!(zeroHeightImage && ((blockLevel && width === 0) || (it.quirks && !blockLevel)))) it.boxCount++;
  } else if (isCell) {
    if (iteratorHasCellBeforeOrAbove(element) && it.hasEmitted && it.lastChar !== "\n") iteratorEmit(it, "\t");
  } else if (blockLevel || isRow) {
    if (it.hasEmitted && it.lastChar !== "\n") iteratorEmit(it, "\n");
  }
  if (ownsLines && !style.outOfFlow && !blockLevel && !isCell) {
    // An inline-block that does not fit after what is on the line starts the next one.
    if (!replaced) {
      const width = Math.max(iteratorCssWidth(style.width, line.available), 0);
      if (line.width > 0 && line.width + width > line.available && wraps) iteratorEndLine(it, line);
      // An atomic inline, even an empty one, makes its line box non-empty: the line has a
      // strut, so its block has height. In quirks mode only a box with a height does.
      if (!it.quirks || iteratorLength(style.height) > 0) it.boxCount++;
      // An inline table is represented by a space before it (once the line it is on is known).
      if (display === "inline-table" && it.hasEmitted && it.lastChar !== "\n") iteratorEmit(it, " ");
    }
    iteratorLineContent(it, line);
  }
  // An <svg> in HTML content (RenderSVGRoot) and a <canvas> are atomic inlines on the line,
  // though TextIterator emits nothing for them: white space on both sides of them stays.
  const atomicSilent = (isHTML && localName === "canvas") || (localName === "svg" && element[NAMESPACE] === "http://www.w3.org/2000/svg" &&
    element[PARENT] !== null && element[PARENT] !== undefined && element[PARENT][NAMESPACE] !== "http://www.w3.org/2000/svg");
  if (atomicSilent && !style.outOfFlow && !blockLevel) {
    const width = Math.min(iteratorReplacedWidth(element, localName, style), line.available);
    if (line.width > 0 && line.width + width > line.available && wraps) iteratorEndLine(it, line);
    line.width += width;
    iteratorLineContent(it, line);
    if (line.width >= line.available) line.full = true;
    it.boxCount++;
  }
  let lastRendered = false;
  // The newline written for entering the block is not content: an empty <p> has no height.
  const boxCountBefore = it.boxCount, floatBoxCountBefore = it.floatBoxCount;
  let childAvailable = ownsLines ? iteratorAvailableWidth(localName, style, line.available) : 0;
  // A fieldset is at least as wide as its content's min-content width (a wide textarea widens it).
  if (ownsLines && isHTML && localName === "fieldset" && iteratorLength(style.width) < 0) {
    childAvailable = Math.max(childAvailable, iteratorWidestReplacedDescendant(element));
  }
  const childLine = ownsLines ? iteratorNewLine(childAvailable) : line;
  const hasGeneratedBoxes = isHTML && !replaced && !style.clipped && !ITERATOR_CHILDLESS_ELEMENTS.has(localName);
  // A box that clips its overflow and has no height of its own is as high as its content.
  // When nothing in it gives a line height (a blocked image in quirks mode), its content box
  // is empty and TextIterator skips its content (fullyClipsContents): what it emitted is undone.
  // Likewise a shrink-to-fit box (inline-block, float, absolutely positioned) without a CSS
  // width is as wide as its content: text in `font-size: 0` leaves it no content box.
  const saved = style.clipsOverflow === true && !style.clipped && !replaced ? iteratorSave(it) : null;
  if (hasGeneratedBoxes) iteratorGeneratedBox(renderedGeneratedText(element, "before"), style, childLine, it);
  if (!(isHTML && (ITERATOR_CHILDLESS_ELEMENTS.has(localName) || objectImage)) && depth < 900) {
    lastRendered = iteratorChildren(element, style, childLine, it, depth);
  }
  if (hasGeneratedBoxes) iteratorGeneratedBox(renderedGeneratedText(element, "after"), style, childLine, it);
  if (ownsLines) {
    // (A clipping box always has lines of its own; a space its last line drops is no box.)
    iteratorEndLine(it, childLine);
    if (saved !== null && it.floatBoxCount === floatBoxCountBefore && it.absoluteCount === saved.absoluteCount &&
        ((it.boxCount === boxCountBefore && !(iteratorLength(style.height) > 0) && iteratorEmittedOnlyWhiteSpaceSince(it, saved)) ||
         (!blockLevel && !isCell && iteratorCssWidth(style.width, line.available) < 0 && childLine.widest === 0 && childLine.inner === 0))) {
      iteratorRestore(it, saved);
    }
    // A block's lines are part of its container's content width (for a shrink-to-fit container).
    if (blockLevel) line.inner = Math.max(line.inner, childLine.widest, childLine.inner);
    // An inline-block takes its CSS width on the outer line, else its content's (shrink-to-fit).
    if (!replaced && !blockLevel && !isCell && !style.outOfFlow) {
      line.width += iteratorCssWidth(style.width, line.available) >= 0 ? childLine.available : Math.min(childLine.widest, childLine.available);
    }
  }
  // TextIterator calls exitNode for an element when, climbing back from its last child, that
  // child has a renderer, and again when the element has a next sibling (of any kind): a
  // heading whose last child is white space or a comment still gets its newlines if a sibling
  // follows it. An element without children is never exited.
  const hasNextSibling = element[NEXT] !== null && element[NEXT] !== undefined;
  const hasChildren = element[FIRST] !== null && element[FIRST] !== undefined;
  if ((lastRendered || (hasChildren && hasNextSibling)) && it.hasEmitted) {
    if ((blockLevel || isRow) && it.sawTextNode && iteratorHasRenderedFollowing(element)) {
      const extra = isHTML && RENDERED_EXTRA_NEWLINE_AFTER.has(localName) &&
        (it.boxCount !== boxCountBefore || (style.containsFloats && it.floatBoxCount !== floatBoxCountBefore)) &&
        iteratorMarginGivesExtraNewline(marginBottom, localName, style.authorFontSize);
      if (it.lastChar !== "\n") {
        iteratorEmit(it, "\n");
        if (extra) iteratorEmit(it, "\n");
      } else if (extra) iteratorEmit(it, "\n");
    } else if (display === "inline-table") {
      iteratorEmit(it, " ");
    }
  }
  if (blockLevel || isRow || isCell) iteratorEndLine(it, line);
  // A float or absolutely positioned box adds nothing to its container's height: a <p> holding
  // only a float gets no extra newline (unless the <p> is a formatting context, which grows
  // to contain its floats).
  if (style.outOfFlow) {
    if (!style.absolute) it.floatBoxCount += it.boxCount - boxCountAtStart;
    it.boxCount = boxCountAtStart;
  }
}

/** The iterator's output state, to undo what a subtree emitted (iteratorRestore). */
function iteratorSave(it) {
  return { length: it.out.length, lastChar: it.lastChar, hasEmitted: it.hasEmitted, collapsedSpace: it.collapsedSpace,
    sawTextNode: it.sawTextNode, emitCount: it.emitCount, removable: it.removable, removableLine: it.removableLine,
    removableLastChar: it.removableLastChar, removableHasEmitted: it.removableHasEmitted,
    removableIsWholeBox: it.removableIsWholeBox, lastWasWordCharacter: it.lastWasWordCharacter, absoluteCount: it.absoluteCount };
}

function iteratorRestore(it, saved) {
  it.out.length = saved.length;
  it.lastChar = saved.lastChar; it.hasEmitted = saved.hasEmitted; it.collapsedSpace = saved.collapsedSpace;
  it.sawTextNode = saved.sawTextNode; it.emitCount = saved.emitCount;
  it.removable = saved.removable; it.removableLine = saved.removableLine; it.removableLastChar = saved.removableLastChar;
  it.removableHasEmitted = saved.removableHasEmitted; it.removableIsWholeBox = saved.removableIsWholeBox;
  it.lastWasWordCharacter = saved.lastWasWordCharacter;
}

/** Whether everything emitted since `saved` is white space (no text). */
function iteratorEmittedOnlyWhiteSpaceSince(it, saved) {
  for (let i = saved.length; i < it.out.length; i++) if (/[^ \t\n]/.test(it.out[i])) return false;
  return true;
}

/**
 * Whether an <object> shows an image (WebKit renders those as images even when the load is
 * blocked); other objects render their fallback content. Decided by `type`, else by the
 * extension of `data`.
 */
function iteratorObjectIsImage(element) {
  const type = selectorAsciiLower(selectorAttribute(element, "type") || "").trim();
  if (type !== "") return type.startsWith("image/");
  const data = selectorAsciiLower(selectorAttribute(element, "data") || "").replace(/[?#].*$/, "");
  return /\.(png|jpe?g|gif|webp|bmp|ico|svg|avif|tiff?)$/.test(data);
}

/**
 * Whether an <object> has fallback content to show when its data cannot be shown: a child
 * other than <param> and white-space text. Without any, WebKit keeps the object as a replaced
 * box (the "plug-in unavailable" one), and TextIterator treats it like an image.
 */
function iteratorObjectHasFallback(element) {
  for (let child = element[FIRST]; child !== null && child !== undefined; child = child[NEXT]) {
    if (child.nodeType === 3 || child.nodeType === 4) {
      if (!/^[ \t\n\r\f]*$/.test(child.data)) return true;
    } else if (child.nodeType === 1 && !(child[NAMESPACE] === SELECTOR_HTML_NAMESPACE && child[LOCAL_NAME] === "param")) return true;
  }
  return false;
}

/**
 * Whether in-flow inline content follows `element` on its line: a later sibling (or a later
 * sibling of an inline ancestor) that is non-white-space text or a rendered in-flow inline.
 */
function iteratorInlineContentFollows(element) {
  for (let node = element; node !== null && node !== undefined; node = node[PARENT]) {
    for (let sibling = node[NEXT]; sibling !== null && sibling !== undefined; sibling = sibling[NEXT]) {
      if (typeof sibling[LOCAL_NAME] !== "string") {
        if ((sibling.nodeType === 3 || sibling.nodeType === 4) && /[^ \t\n\r\f]/.test(sibling[DATA])) return true;
        continue;
      }
      renderedComputeStyle(sibling, "visible", "normal", "none", "block");
      if (renderedDisplay === "none" || renderedOutOfFlow) continue;
      return iteratorIsInlineLevel(renderedDisplay);
    }
    const parent = node[PARENT];
    if (parent === null || parent === undefined || typeof parent[LOCAL_NAME] !== "string") return false;
    renderedComputeStyle(parent, "visible", "normal", "none", "block");
    if (renderedDisplay !== "inline" || renderedOutOfFlow) return false;
  }
  return false;
}

/** Whether a table cell has a cell before it in its row or a row above it (cellBefore/cellAbove). */
function iteratorHasCellBeforeOrAbove(cell) {
  for (let sibling = cell[PREV]; sibling !== null && sibling !== undefined; sibling = sibling[PREV]) {
    if (iteratorHasTableDisplay(sibling, "td", "th", "table-cell")) return true;
  }
  const row = cell[PARENT];
  if (row === null || row === undefined) return false;
  for (let sibling = row[PREV]; sibling !== null && sibling !== undefined; sibling = sibling[PREV]) {
    if (iteratorHasTableDisplay(sibling, "tr", "tr", "table-row")) return true;
  }
  const section = row[PARENT];
  if (section === null || section === undefined || section[LOCAL_NAME] === "table") return false;
  for (let sibling = section[PREV]; sibling !== null && sibling !== undefined; sibling = sibling[PREV]) {
    if (sibling[LOCAL_NAME] === "thead" || sibling[LOCAL_NAME] === "tbody" || sibling[LOCAL_NAME] === "tfoot") {
      for (let child = sibling[FIRST]; child !== null && child !== undefined; child = child[NEXT]) if (child[LOCAL_NAME] === "tr") return true;
    }
  }
  return false;
}

/**
 * Whether `node` is a rendered table part: a <td>/<th>/<tr> by tag (`tag`, `otherTag`), or
 * any element whose CSS display is `display` (a `display:table-cell` span is a cell too).
 * Uses the shared cascade state, so call it only once the caller's own style is taken.
 */
function iteratorHasTableDisplay(node, tag, otherTag, display) {
  const localName = node[LOCAL_NAME];
  if (typeof localName !== "string") return false;
  if (localName === tag || localName === otherTag) return true;
  renderedComputeStyle(node, "visible", "normal", "none", "table-row");
  return renderedDisplay === display;
}

/**
 * Whether some node after `element` (skipping its children, anywhere in the document) has a
 * renderer: WebKit emits no newline after the last block of the document.
 */
function iteratorHasRenderedFollowing(element) {
  let node = element;
  // nextSkippingChildren
  for (;;) {
    while (node !== null && node !== undefined && (node[NEXT] === null || node[NEXT] === undefined)) node = node[PARENT];
    if (node === null || node === undefined) return false;
    node = node[NEXT];
    if (iteratorMayHaveRenderer(node)) return true;
    // Descend into a rendered element's children is unnecessary: the element itself renders.
  }
}

function iteratorMayHaveRenderer(node) {
  const localName = node[LOCAL_NAME];
  if (typeof localName === "string") {
    renderedComputeStyle(node, "visible", "normal", "none", "block");
    return renderedDisplay !== "none";
  }
  if (node.nodeType === 3 || node.nodeType === 4) return /[^ \t\n\r\f]/.test(node[DATA]);
  return false;
}

// ---------------------------------------------------------------------------------------------
// The small cascade.

/**
 * Sets renderedDisplay/Visibility/WhiteSpace/TextTransform for `element` given its parent's
 * inherited values and display.
 */
function renderedComputeStyle(element, parentVisibility, parentWhiteSpace, parentTransform, parentDisplay) {
  const localName = element[LOCAL_NAME];
  const isHTML = element[NAMESPACE] === SELECTOR_HTML_NAMESPACE;
  let display = "inline";
  let whiteSpace = parentWhiteSpace;
  if (isHTML) {
    const defaultDisplay = RENDERED_DISPLAY_DEFAULTS.get(localName);
    if (defaultDisplay !== undefined) display = defaultDisplay;
    if (localName === "pre" || localName === "listing" || localName === "xmp" || localName === "plaintext") whiteSpace = "pre";
    else if (localName === "textarea") whiteSpace = "pre-wrap";
    else if (localName === "nobr") whiteSpace = "nowrap";
    if (localName === "dialog" && selectorAttribute(element, "open") === null) display = "none";
    if (localName === "input" && selectorAsciiLower(selectorAttribute(element, "type") || "") === "hidden") display = "none";
    if (selectorAttribute(element, "hidden") !== null && localName !== "embed") display = "none";
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
      const context = { scope: null, hasAnchor: null };
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
  renderedAbsolutelyPositioned = position === "absolute" || position === "fixed";
  // `float` does not apply to flex and grid items (css-flexbox-1 §3).
  renderedOutOfFlow = renderedAbsolutelyPositioned || (!flexOrGridItem && (floatValue === "left" || floatValue === "right" ||
    floatValue === "inline-start" || floatValue === "inline-end"));
  renderedMarginBottom = values[RENDERED_SLOT_MARGIN_BOTTOM];
  // TextIterator skips the text of a box that clips its overflow to an empty content box
  // (fullyClipsContents): `overflow:hidden` with a zero width or height.
  // With `box-sizing: border-box` the padding comes out of the width and height: `width: 1px`
  // with horizontal padding leaves no content box.
  renderedClipsContents = (renderedIsClipping(values[RENDERED_SLOT_OVERFLOW_X]) || renderedIsClipping(values[RENDERED_SLOT_OVERFLOW_Y])) &&
    (renderedIsZeroLength(values[RENDERED_SLOT_WIDTH]) || renderedIsZeroLength(values[RENDERED_SLOT_HEIGHT]) ||
     renderedIsZeroLength(values[RENDERED_SLOT_MAX_WIDTH]) || renderedIsZeroLength(values[RENDERED_SLOT_MAX_HEIGHT]) ||
     (values[RENDERED_SLOT_BOX_SIZING] === "border-box" &&
      (renderedBorderBoxLeavesNoContent(values[RENDERED_SLOT_WIDTH], values[RENDERED_SLOT_PADDING_LEFT], values[RENDERED_SLOT_PADDING_RIGHT]) ||
       renderedBorderBoxLeavesNoContent(values[RENDERED_SLOT_HEIGHT], values[RENDERED_SLOT_PADDING_TOP], values[RENDERED_SLOT_PADDING_BOTTOM]))));
  renderedDisplay = display;
  renderedVisibility = visibility === "collapse" ? "hidden" : visibility;
  renderedWhiteSpace = whiteSpace;
  renderedTextTransform = transform;
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
  if (id !== null) { const rules = sheet.byId.get(id); if (rules !== undefined) list = rules.slice(); }
  const classes = selectorAttribute(element, "class");
  if (classes !== null && classes !== "") {
    for (const name of classes.split(/[ \t\n\f\r]+/)) {
      const rules = name === "" ? undefined : sheet.byClass.get(name);
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
  // The sheets' texts and media attributes, in order; `cssText` (all of them) is the cache key.
  let cssText = "";
  const parts = [];
  for (let node = doc[FIRST]; node !== null && node !== undefined; node = selectorNextInTree(node, doc)) {
    if (node[LOCAL_NAME] === "style" && (node[NAMESPACE] === SELECTOR_HTML_NAMESPACE || node[NAMESPACE] === "http://www.w3.org/2000/svg")) {
      const type = selectorAttribute(node, "type");
      if (type !== null && type.trim() !== "" && selectorAsciiLower(type.trim()) !== "text/css") continue;
      const media = selectorAttribute(node, "media");
      const text = renderedDescendantText(node);
      parts.push(media, text);
      cssText += (media === null ? "" : media) + "{" + text + "}\n";
    }
  }
  if (sheet !== undefined && sheet.cssText === cssText) {
    sheet.version = version;
    return sheet;
  }
  // Each <style> is a sheet of its own: its open blocks, strings and comments end with it.
  let tokenized = "";
  for (let i = 0; i < parts.length; i += 2) {
    const media = parts[i], text = renderedTokenizeSheet(parts[i + 1]);
    // A media attribute scopes the whole sheet, as an @media block would.
    tokenized += (media !== null && media.trim() !== "" ? "@media " + media + " {\n" + text + "\n}" : text) + "\n";
  }
  sheet = renderedParseTokenizedSheet(tokenized);
  sheet.cssText = cssText;
  sheet.version = version;
  renderedSheetCache.set(doc, sheet);
  return sheet;
}


/** Top-level style rules (no @-rule contents) that set one of the properties we use. */
function renderedParseSheet(cssText) {
  const sheet = renderedParseTokenizedSheet(renderedTokenizeSheet(cssText));
  sheet.cssText = cssText;
  return sheet;
}

/** Marks a bad-string token in tokenized sheet text (a NUL never survives CSS preprocessing). */
const RENDERED_BAD_STRING = "\u0000";

/**
 * One style sheet's text as CSS Syntax's tokenizer reads it (https://drafts.csswg.org/css-syntax-3/#tokenization),
 * rewritten so the rule parser only has to skip strings and count brackets: CR, CRLF and FF
 * become LF and NUL U+FFFD (§3.3); comments become a space; a string ended by a newline (a
 * bad-string token) becomes RENDERED_BAD_STRING, with the newline kept; a string open at the
 * end is closed. `{}`, `[]` and `()` blocks nest (§5.4.8): a closing bracket that does not
 * match the innermost open block inside one is only a token there (it becomes a space), and
 * the blocks still open at the end of the sheet are closed.
 * @param {string} text @returns {string}
 */
function renderedTokenizeSheet(text) {
  if (/[\r\f\u0000]/.test(text)) text = text.replace(/\r\n?|\f/g, "\n").replace(/\u0000/g, "\ufffd");
  const closers = [];
  let out = "", copied = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code === 47 && text.charCodeAt(i + 1) === 42) { // "/*"
      const end = text.indexOf("*/", i + 2);
      out += text.slice(copied, i) + " ";
      i = end < 0 ? length : end + 1;
      copied = i + 1;
    } else if (code === 34 || code === 39) {
      let j = i + 1;
      for (; j < length; j++) {
        const next = text.charCodeAt(j);
        if (next === code || next === 10) break;
        if (next === 92) j++; // an escape; an escaped newline continues the string
      }
      if (j >= length) {
        out += text.slice(copied) + text.charAt(i);
        copied = length;
        i = length;
      } else if (text.charCodeAt(j) === 10) {
        out += text.slice(copied, i) + RENDERED_BAD_STRING;
        copied = j;
        i = j - 1;
      } else i = j;
    } else if (code === 92) {
      i++;
    } else if (code === 123) closers.push("}");
    else if (code === 91) closers.push("]");
    else if (code === 40) {
      const end = renderedIsUrlFunction(text, i) ? renderedUrlTokenEnd(text, i + 1) : 0;
      if (end === 0) closers.push(")");
      else if (end < 0) {
        // A bad-url token (§4.3.6): up to the next ")", it makes its declaration invalid.
        out += text.slice(copied, i + 1) + RENDERED_BAD_STRING + ")";
        i = -end;
        copied = i + 1;
      } else if (end >= length) {
        out += text.slice(copied) + ")";
        copied = i = length;
      } else i = end;
    } else if (code === 125 || code === 93 || code === 41) {
      if (closers.length === 0) continue; // at the top level it is part of the next rule's prelude
      if (closers[closers.length - 1] === text.charAt(i)) { closers.pop(); continue; }
      out += text.slice(copied, i) + " ";
      copied = i + 1;
    }
  }
  if (copied < length) out += text.slice(copied);
  for (let k = closers.length - 1; k >= 0; k--) out += closers[k];
  return out;
}

/** Whether the "(" at `open` follows the identifier `url` and opens an unquoted url token. */
function renderedIsUrlFunction(text, open) {
  if (open < 3 || selectorAsciiLower(text.slice(open - 3, open)) !== "url") return false;
  if (open > 3 && /[-\w\\\u0080-\uffff]/.test(text.charAt(open - 4))) return false;
  let i = open + 1;
  while (i < text.length && /[ \t\n]/.test(text.charAt(i))) i++;
  const next = text.charAt(i);
  return next !== "\"" && next !== "'";
}

/**
 * The end of an unquoted url token whose contents start at `from` (§4.3.6): the index of its
 * ")" (the text's length when it runs to the end), or minus the index of the ")" ending a
 * bad-url token (white space inside, a quote, "(" or a control character).
 */
function renderedUrlTokenEnd(text, from) {
  let i = from;
  while (i < text.length && iteratorIsCollapsibleCode(text.charCodeAt(i))) i++;
  let bad = false, spaceSeen = false;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 41) return bad ? -i : i;
    if (code === 92) {
      if (text.charCodeAt(i + 1) === 10) bad = true;
      i++;
    } else if (code === 32 || code === 9 || code === 10) spaceSeen = true;
    else if (spaceSeen || code === 34 || code === 39 || code === 40 || code < 32 || code === 127) bad = true;
  }
  return bad ? -text.length : text.length;
}

/** The rules of a sheet text already tokenized by renderedTokenizeSheet. */
function renderedParseTokenizedSheet(text) {
  const sheet = { cssText: text, version: 0, count: 0, order: 0, byId: new Map(), byClass: new Map(), byTag: new Map(), universal: [],
    // ::before/::after rules, bucketed the same way: {complex, side, weight, content, display, outOfFlow}.
    generated: { count: 0, byId: new Map(), byClass: new Map(), byTag: new Map(), universal: [] } };
  // The CDO/CDC tokens old pages wrap sheets in separate nothing.
  if (text.indexOf("<!--") >= 0 || text.indexOf("-->") >= 0) text = text.replace(/<!--|-->/g, " ");
  renderedParseRules(text, 0, text.length, sheet, 0);
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

/**
 * The style rules of `text` between `from` and `to`, into `sheet`; the contents of @media
 * blocks whose query matches the oracle's viewport and of @supports blocks are read too.
 * `reader` says which declaration blocks matter (`pattern`), how they are read, and what a
 * rule for ::before/::after adds; the layout model reads the same rules for box properties.
 */
function renderedParseRules(text, from, to, sheet, nesting, reader = RENDERED_RULE_READER) {
  let pos = from;
  while (pos < to) {
    // Only at-rules end at ";" (@import, @charset…); a style rule's prelude runs to "{".
    const atRule = text.slice(pos, Math.min(to, pos + 200)).trimStart().charAt(0) === "@";
    const open = renderedFindOutside(text, pos, atRule ? "{;" : "{");
    if (open < 0 || open >= to) break;
    const prelude = text.slice(pos, open).trim();
    if (text.charAt(open) === ";") { pos = open + 1; continue; }
    let close = renderedMatchingBrace(text, open);
    if (close < 0 || close > to) close = to;
    pos = close + 1;
    if (prelude === "" || prelude.indexOf(RENDERED_BAD_STRING) >= 0) continue;
    if (prelude.charAt(0) === "@") {
      const name = selectorAsciiLower(/^@[-\w]+/.exec(prelude)?.[0] ?? "");
      const condition = prelude.slice(name.length).trim();
      const enter = name === "@media" ? renderedMediaMatches(condition) :
        name === "@supports" ? !/^not\b/i.test(condition) : name === "@layer" || name === "@container";
      if (enter && nesting < 8) renderedParseRules(text, open + 1, close, sheet, nesting + 1, reader);
      continue;
    }
    const body = text.slice(open + 1, close);
    reader.pseudoElementRule(prelude, body, sheet);
    if (!reader.pattern.test(body)) continue;
    const declarations = reader.parseDeclarations(body);
    if (declarations.length === 0) continue;
    // Rules for pseudo-elements style boxes that are not the element's own.
    const selectorText = renderedWithoutPseudoElementSelectors(prelude);
    if (selectorText === "") continue;
    let compiled;
    try { compiled = compileSelectors(selectorText); } catch (error) { continue; }
    for (const complex of compiled.list) renderedIndexRule(sheet, complex, declarations);
  }
}

/**
 * The viewport media queries are evaluated against: the oracle's WebKit window (390×844 CSS
 * pixels, device pixel ratio 1, a screen with a mouse). The simulator documents an iPhone
 * viewport of the same width; its pixel ratio differs, but no page's text depends on it.
 */
const RENDERED_MEDIA = { width: 390, height: 844, ratio: 1 };

/** Whether a media query list (`screen and (max-width: 600px), print`) matches. */
function renderedMediaMatches(queryList) {
  const queries = queryList.split(",");
  for (const raw of queries) {
    let query = selectorAsciiLower(raw.trim());
    if (query === "") continue;
    let negate = false;
    if (query.startsWith("not ")) { negate = true; query = query.slice(4).trim(); }
    else if (query.startsWith("only ")) query = query.slice(5).trim();
    let matches = true;
    for (const part of query.split(/\s+and\s+/)) {
      const term = part.trim();
      if (term === "" || term === "all" || term === "screen") continue;
      if (term.charAt(0) !== "(") { matches = false; break; }
      if (!renderedMediaFeatureMatches(term.replace(/^\(|\)$/g, "").trim())) { matches = false; break; }
    }
    if (matches !== negate) return true;
  }
  return false;
}

function renderedMediaFeatureMatches(feature) {
  const colon = feature.indexOf(":");
  if (colon < 0) {
    return feature === "color" || feature === "hover" || feature === "pointer" || feature === "any-hover" || feature === "any-pointer";
  }
  const name = feature.slice(0, colon).trim();
  const value = feature.slice(colon + 1).trim();
  const length = (text) => {
    const match = /^(-?[0-9.]+)(px|em|rem)?$/.exec(text);
    if (match === null) return NaN;
    return parseFloat(match[1]) * (match[2] === "em" || match[2] === "rem" ? 16 : 1);
  };
  const ratio = (text) => {
    const match = /^([0-9.]+)\s*(?:\/\s*([0-9.]+))?(dppx|x|dpi)?$/.exec(text);
    if (match === null) return NaN;
    const number = match[2] !== undefined ? parseFloat(match[1]) / parseFloat(match[2]) : parseFloat(match[1]);
    return match[3] === "dpi" ? number / 96 : number;
  };
  switch (name.replace(/^-webkit-/, "")) {
    case "min-width": case "min-device-width": return RENDERED_MEDIA.width >= length(value);
    case "max-width": case "max-device-width": return RENDERED_MEDIA.width <= length(value);
    case "width": case "device-width": return RENDERED_MEDIA.width === length(value);
    case "min-height": case "min-device-height": return RENDERED_MEDIA.height >= length(value);
    case "max-height": case "max-device-height": return RENDERED_MEDIA.height <= length(value);
    case "orientation": return value === "portrait";
    case "min-device-pixel-ratio": case "min-resolution": return RENDERED_MEDIA.ratio >= ratio(value);
    case "max-device-pixel-ratio": case "max-resolution": return RENDERED_MEDIA.ratio <= ratio(value);
    case "device-pixel-ratio": case "resolution": return RENDERED_MEDIA.ratio === ratio(value);
    case "prefers-reduced-motion": case "prefers-contrast": case "forced-colors": case "inverted-colors": return value === "no-preference" || value === "none";
    case "prefers-color-scheme": return value === "light";
    case "hover": case "any-hover": return value === "hover";
    case "pointer": case "any-pointer": return value === "fine";
    case "display-mode": return value === "browser";
    case "scripting": return value === "enabled";
    default: return false;
  }
}

/** The bottom value of a `margin` shorthand (1–4 values). */
function renderedMarginBottomOf(value) {
  const parts = value.split(/\s+/);
  return parts.length >= 3 ? parts[2] : parts[0];
}

/**
 * Whether a bottom margin is large enough for TextIterator's extra newline after p and h1–h6
 * (margin × 2 ≥ font size), against the element's author `font-size` in pixels when it has
 * one, else the user-agent size. Unset: the user-agent margins (1em, 0.67em…) always are.
 */
function iteratorMarginGivesExtraNewline(margin, localName, authorFontSize) {
  if (margin === null || margin === undefined) return true;
  const match = /^(-?[0-9.]+)(px|em|rem|%|pt)?$/.exec(margin);
  if (match === null) return true;
  const number = parseFloat(match[1]);
  const fontSizes = { h1: 32, h2: 24, h3: 18.72, h4: 16, h5: 13.28, h6: 10.72 };
  const fontSize = authorFontSize !== null && authorFontSize !== undefined ? authorFontSize : fontSizes[localName] || 16;
  const unit = match[2] || "px";
  const pixels = unit === "em" ? number * fontSize : unit === "rem" ? number * 16 : unit === "pt" ? number * 4 / 3 : unit === "%" ? number * 8 : number;
  return pixels * 2 >= fontSize;
}

/**
 * Records the ::before/::after rules of a style rule. TextIterator never emits generated
 * content, but its boxes are on the line: a space next to them is not at a line's edge, so it
 * is not collapsed away (`More by <span hidden>` then `::after{content:"Author"}` keeps "More by ").
 */
function renderedAddGeneratedRules(prelude, body, sheet) {
  let content = null, display = null, outOfFlow = null;
  for (const part of body.split(/;(?=(?:[^"']|"[^"]*"|'[^']*')*$)/)) {
    const colon = part.indexOf(":");
    if (colon < 0) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).replace(/!\s*important\s*$/i, "").trim();
    if (property === "content") content = value;
    else if (property === "display") display = renderedDisplayKeyword(value.toLowerCase());
    else if (property === "position") outOfFlow = /^(absolute|fixed)$/i.test(value);
    else if (property === "float") outOfFlow = outOfFlow === true || /^(left|right|inline-start|inline-end)$/i.test(value);
  }
  if (content === null && display === null && outOfFlow === null) return;
  let from = 0;
  for (;;) {
    const comma = renderedFindOutside(prelude, from, ",");
    const part = prelude.slice(from, comma < 0 ? prelude.length : comma).trim();
    const pseudo = /::?(before|after)$/i.exec(part);
    if (pseudo !== null) {
      const base = part.slice(0, pseudo.index).trim();
      let compiled = null;
      try { compiled = compileSelectors(base === "" ? "*" : base); } catch (error) { compiled = null; }
      if (compiled !== null) {
        for (const complex of compiled.list) {
          const sp = complex.specificity;
          const rule = { complex, side: selectorAsciiLower(pseudo[1]), content, display, outOfFlow,
            weight: Math.min(sp[0], 999) * 1e12 + Math.min(sp[1], 999) * 1e9 + Math.min(sp[2], 999) * 1e6 + Math.min(sheet.order++, 999999) };
          const generated = sheet.generated;
          generated.count++;
          const key = complex.subjectKey;
          if (key === null || key === undefined) generated.universal.push(rule);
          else {
            const code = key.charCodeAt(0);
            const map = code === 35 ? generated.byId : code === 46 ? generated.byClass : generated.byTag;
            const name = code === 35 || code === 46 ? key.slice(1) : key;
            const bucket = map.get(name);
            if (bucket === undefined) map.set(name, [rule]); else bucket.push(rule);
          }
        }
      }
    }
    if (comma < 0) break;
    from = comma + 1;
  }
}

/**
 * The text of `element`'s in-flow inline ::before or ::after box (`side`), or "" when it has
 * none or it is empty. Strings, attr() and quotes count; images (url()) and counters are
 * taken as one character.
 */
function renderedGeneratedText(element, side) {
  const sheet = renderedSheetFor(element[OWNER]);
  if (sheet === null || sheet.generated.count === 0) return "";
  const candidates = renderedCandidateRules(sheet.generated, element);
  if (candidates === null) return "";
  let content = null, contentWeight = -1, display = null, displayWeight = -1, outOfFlow = null, outOfFlowWeight = -1;
  const context = { scope: null, hasAnchor: null };
  for (let i = 0; i < candidates.length; i++) {
    const rule = candidates[i];
    if (rule.side !== side) continue;
    if (rule.weight <= contentWeight && rule.weight <= displayWeight && rule.weight <= outOfFlowWeight) continue;
    if (!selectorMatchFrom(rule.complex, 0, element, context)) continue;
    if (rule.content !== null && rule.weight > contentWeight) { content = rule.content; contentWeight = rule.weight; }
    if (rule.display !== null && rule.weight > displayWeight) { display = rule.display; displayWeight = rule.weight; }
    if (rule.outOfFlow !== null && rule.weight > outOfFlowWeight) { outOfFlow = rule.outOfFlow; outOfFlowWeight = rule.weight; }
  }
  if (content === null || outOfFlow === true) return "";
  if (display !== null && display !== "inline" && display !== "inline-block" && display !== "inline-flex") return "";
  let text = "";
  const token = /"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|attr\(\s*([-\w]+)\s*\)|(url\(|counters?\(|open-quote|close-quote)|([-\w]+)/gi;
  for (let match = token.exec(content); match !== null; match = token.exec(content)) {
    if (match[1] !== undefined || match[2] !== undefined) {
      text += (match[1] ?? match[2]).replace(/\\([0-9a-fA-F]{1,6})\s?/g, "x").replace(/\\(.)/g, "$1").replace(/\\\n/g, "");
    } else if (match[3] !== undefined) text += selectorAttribute(element, match[3]) || "";
    else if (match[4] !== undefined) text += "x";
    else if (/^(none|normal)$/i.test(match[5])) return "";
  }
  return text;
}

/** Elements an `align=left|right` attribute floats (HTML's presentational hints). */
const RENDERED_ALIGN_FLOATS = new Set(["img", "iframe", "embed", "object", "table"]);

/** A selector list without its selectors for pseudo-elements (::before, :after, …). */
function renderedWithoutPseudoElementSelectors(prelude) {
  if (prelude.indexOf(":") < 0) return prelude;
  const kept = [];
  let from = 0;
  for (;;) {
    const comma = renderedFindOutside(prelude, from, ",");
    const part = prelude.slice(from, comma < 0 ? prelude.length : comma);
    if (!/::|:(before|after|first-letter|first-line)\b/i.test(part)) kept.push(part);
    if (comma < 0) break;
    from = comma + 1;
  }
  return kept.join(",").trim();
}

/** Index of the first of `characters` at or after `from`, outside strings and brackets. */
function renderedFindOutside(text, from, characters) {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const character = text.charAt(i);
    if (character === "\"" || character === "'") {
      i = renderedStringEnd(text, i);
      continue;
    }
    if (character === "\\") { i++; continue; }
    if (character === "(" || character === "[") depth++;
    else if ((character === ")" || character === "]") && depth > 0) depth--;
    else if (depth === 0 && characters.indexOf(character) >= 0) return i;
  }
  return -1;
}

/** The index of the quote that ends the string opening at `quote` (escapes skipped), or the text's end. */
function renderedStringEnd(text, quote) {
  const code = text.charCodeAt(quote);
  for (let i = quote + 1; i < text.length; i++) {
    const next = text.charCodeAt(i);
    if (next === code) return i;
    if (next === 92) i++;
  }
  return text.length;
}

function renderedMatchingBrace(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const character = text.charAt(i);
    if (character === "\"" || character === "'") {
      i = renderedStringEnd(text, i);
      continue;
    }
    if (character === "\\") { i++; continue; }
    if (character === "{") depth++;
    else if (character === "}") { depth--; if (depth === 0) return i; }
  }
  return -1;
}

/**
 * Files a rule under its subject's id, class or tag (or as universal), so that matching an
 * element looks only at the rules that can apply to it. The weight orders the cascade:
 * specificity first, then source order (later wins); inline style is 2e15, !important adds 4e15.
 */
function renderedIndexRule(sheet, complex, declarations) {
  const s = complex.specificity;
  const rule = { complex, declarations, weight: Math.min(s[0], 999) * 1e12 + Math.min(s[1], 999) * 1e9 + Math.min(s[2], 999) * 1e6 + Math.min(sheet.order++, 999999) };
  sheet.count++;
  const key = complex.subjectKey;
  if (key === null || key === undefined) { sheet.universal.push(rule); return; }
  const code = key.charCodeAt(0);
  const map = code === 35 ? sheet.byId : code === 46 ? sheet.byClass : sheet.byTag;
  const name = code === 35 || code === 46 ? key.slice(1) : key;
  const bucket = map.get(name);
  if (bucket === undefined) map.set(name, [rule]); else bucket.push(rule);
}

/** The declarations of interest in a declaration block: [{property, value, important}]. */
function renderedParseDeclarations(body) {
  const declarations = [];
  // Declarations end at ";" outside strings and brackets; one holding a bad string is invalid.
  for (let from = 0; from <= body.length;) {
    let end = body.indexOf(";", from) < 0 ? -1 : renderedFindOutside(body, from, ";");
    if (end < 0) end = body.length;
    const part = body.slice(from, end);
    from = end + 1;
    const colon = part.indexOf(":");
    if (colon < 0 || part.indexOf(RENDERED_BAD_STRING) >= 0) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    if (property !== "margin" && property !== "overflow" && property !== "padding" && !RENDERED_PROPERTY_SLOTS.has(property)) continue;
    let value = part.slice(colon + 1).trim().toLowerCase();
    let important = 0;
    const bang = value.search(/!\s*important$/);
    if (bang >= 0) { important = 1; value = value.slice(0, bang).trim(); }
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
