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
// That element's author `margin-bottom` (from `margin` or `margin-bottom`), or null when not set.
let renderedMarginBottom = null;

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
const ITERATOR_REPLACED_ELEMENTS = new Set(["img", "input", "textarea", "select", "button", "fieldset",
  "legend", "meter", "progress", "output", "iframe", "embed", "object", "video", "audio", "frame", "canvas"]);

/** Replaced elements whose DOM children get no renderers (shadow trees or fallback content). */
const ITERATOR_CHILDLESS_ELEMENTS = new Set(["img", "input", "textarea", "select", "iframe", "embed",
  "object", "video", "audio", "frame", "canvas", "meter", "progress"]);

const ITERATOR_SVG_TEXT_ELEMENTS = new Set(["text", "tspan", "textPath", "a"]);

/**
 * One line-layout context: a block container (block, cell, float, inline-block) whose inline
 * content is laid out in lines.
 */
function iteratorNewLine() { return { hasContent: false, endsWithSpace: false }; }

function iteratorNewState() {
  return {
    out: [], lastChar: "", hasEmitted: false, collapsedSpace: false, sawTextNode: false, emitCount: 0,
    // A rendered trailing space that disappears if its line ends before more content comes.
    removable: -1, removableLine: null, removableLastChar: "",
    lastWasWordCharacter: false,
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
    it.collapsedSpace = true;
    it.removable = -1;
  }
  line.hasContent = false;
  line.endsWithSpace = false;
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
  // The element itself is the start container: nothing is emitted for entering it.
  const line = iteratorNewLine();
  renderedComputeStyle(element, chain[0], chain[1], chain[2], chain[3]);
  const style = { display: renderedDisplay, visibility: renderedVisibility, whiteSpace: renderedWhiteSpace,
    transform: renderedTextTransform, outOfFlow: renderedOutOfFlow, marginBottom: renderedMarginBottom };
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
        transform: renderedTextTransform, outOfFlow: renderedOutOfFlow, marginBottom: renderedMarginBottom };
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
  it.sawTextNode = true;
  const visible = style.visibility === "visible";
  const ws = style.whiteSpace;
  if (ws === "pre" || ws === "pre-wrap" || ws === "break-spaces") {
    if (!visible) return;
    if (it.collapsedSpace) iteratorEmit(it, " ");
    iteratorEmit(it, iteratorTransform(data, style.transform, it));
    const endsWithNewline = data.charCodeAt(data.length - 1) === 10;
    line.hasContent = !endsWithNewline;
    line.endsWithSpace = false;
    return;
  }
  if (ws === "pre-line") {
    const parts = data.split(/[ \t\f\r]*\n[ \t\f\r]*/);
    for (let i = 0; i < parts.length; i++) {
      if (i > 0 && visible) { iteratorEndLine(it, line); iteratorEmit(it, "\n"); }
      if (parts[i] !== "") iteratorCollapsedText(parts[i], style, line, it, visible);
    }
    return;
  }
  iteratorCollapsedText(data, style, line, it, visible);
}

/** Collapsible text: its boxes on the current line, as TextIterator walks them. */
function iteratorCollapsedText(data, style, line, it, visible) {
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
  if (!visible) {
    // Hidden text still takes part in the line (it has boxes), but emits nothing.
    line.hasContent = true;
    line.endsWithSpace = text.charCodeAt(text.length - 1) === 32;
    return;
  }
  // A collapsed space before this box is written out, unless the box starts with a space of its
  // own (which, at the end of a line, has no box either: see iteratorEndLine).
  if ((it.collapsedSpace || leadingCollapsed) && it.lastChar !== "" && !iteratorIsCollapsible(it.lastChar) &&
      text.charCodeAt(0) !== 32) iteratorEmit(it, " ");
  const trailing = text.length > 0 && text.charCodeAt(text.length - 1) === 32;
  const core = trailing ? text.slice(0, -1) : text;
  if (core !== "") iteratorEmit(it, iteratorTransform(core, style.transform, it));
  if (trailing) {
    const before = it.lastChar;
    iteratorEmit(it, " ");
    it.removable = it.out.length - 1;
    it.removableLine = line;
    it.removableLastChar = before;
    it.lastWasWordCharacter = false;
    // The box ends before the text does (the rest of the white space collapsed): TextIterator
    // notes "collapsed space at the end", which a following replaced element turns into a space.
    if (/[ \t\n\r\f]{2}$/.test(data)) it.collapsedSpace = true;
  }
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

/** Content that is part of the line (an atomic inline): a trailing space before it stays. */
function iteratorLineContent(it, line) {
  if (it.removable >= 0 && it.removableLine === line) it.removable = -1;
  line.hasContent = true;
  line.endsWithSpace = false;
}

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
    return;
  }
  const replaced = (isHTML && ITERATOR_REPLACED_ELEMENTS.has(localName)) ||
    selectorAsciiLower(selectorAttribute(element, "role") || "") === "img";
  const blockLevel = !style.outOfFlow && iteratorIsBlockContainerDisplay(display);
  const isRow = display === "table-row";
  const isCell = display === "table-cell";
  const ownsLines = blockLevel || isCell || style.outOfFlow || display === "inline-block" || display === "inline-flex" ||
    display === "inline-grid" || display === "inline-table" || display === "table-caption" || display === "-webkit-inline-box";
  if (blockLevel || isRow || isCell) iteratorEndLine(it, line);
  const emitCountBefore = it.emitCount;
  const marginBottom = style.marginBottom;
  if (replaced) {
    if (style.visibility === "visible") {
      if (it.collapsedSpace && it.sawTextNode) iteratorEmit(it, " ");
      it.hasEmitted = true;
      it.lastChar = "";
      it.removable = it.removableLine === line ? -1 : it.removable;
      it.emitCount++;
    }
    if (!style.outOfFlow && !blockLevel) iteratorLineContent(it, line);
  } else if (isCell) {
    if (iteratorHasCellBeforeOrAbove(element) && it.hasEmitted && it.lastChar !== "\n") iteratorEmit(it, "\t");
  } else if (blockLevel || isRow) {
    if (it.hasEmitted && it.lastChar !== "\n") iteratorEmit(it, "\n");
  } else if (display === "inline-table") {
    if (it.hasEmitted && it.lastChar !== "\n") iteratorEmit(it, " ");
  }
  if (ownsLines && !style.outOfFlow && !blockLevel && !isCell) iteratorLineContent(it, line);
  let lastRendered = false;
  const childLine = ownsLines ? iteratorNewLine() : line;
  if (!(replaced && isHTML && ITERATOR_CHILDLESS_ELEMENTS.has(localName)) && depth < 900) {
    lastRendered = iteratorChildren(element, style, childLine, it, depth);
  }
  if (ownsLines) iteratorEndLine(it, childLine);
  if (lastRendered && it.hasEmitted) {
    // exitNode: only reached when the last child has a renderer.
    if ((blockLevel || isRow) && it.sawTextNode && iteratorHasRenderedFollowing(element)) {
      const extra = isHTML && RENDERED_EXTRA_NEWLINE_AFTER.has(localName) && it.emitCount !== emitCountBefore &&
        iteratorMarginGivesExtraNewline(marginBottom, localName);
      if (it.lastChar !== "\n") {
        iteratorEmit(it, "\n");
        if (extra) iteratorEmit(it, "\n");
      } else if (extra) iteratorEmit(it, "\n");
    } else if (display === "inline-table") {
      iteratorEmit(it, " ");
    }
  }
  if (blockLevel || isRow || isCell) iteratorEndLine(it, line);
}

/** Whether a table cell has a cell before it in its row or a row above it (cellBefore/cellAbove). */
function iteratorHasCellBeforeOrAbove(cell) {
  for (let sibling = cell[PREV]; sibling !== null && sibling !== undefined; sibling = sibling[PREV]) {
    if (sibling[LOCAL_NAME] === "td" || sibling[LOCAL_NAME] === "th") return true;
  }
  const row = cell[PARENT];
  if (row === null || row === undefined) return false;
  for (let sibling = row[PREV]; sibling !== null && sibling !== undefined; sibling = sibling[PREV]) {
    if (sibling[LOCAL_NAME] === "tr") return true;
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
  let visibility = parentVisibility;
  let transform = parentTransform;

  // Author rules, then the style attribute; each property keeps its highest-priority value.
  const sheet = renderedSheetFor(element[OWNER]);
  let bestDisplay = -1, bestVisibility = -1, bestWhiteSpace = -1, bestTransform = -1, bestFloat = -1, bestPosition = -1;
  let floatValue = "none", position = "static", marginBottom = null, bestMargin = -1;
  if (sheet !== null && sheet.count > 0) {
    const candidates = renderedCandidateRules(sheet, element);
    if (candidates !== null) {
      const context = { scope: null, hasAnchor: null };
      for (let i = 0; i < candidates.length; i++) {
        const rule = candidates[i];
        if (!selectorMatchFrom(rule.complex, 0, element, context)) continue;
        const declarations = rule.declarations;
        for (let k = 0; k < declarations.length; k++) {
          const declaration = declarations[k];
          const priority = declaration.important * 4e15 + rule.weight;
          switch (declaration.property) {
            case "display": if (priority >= bestDisplay) { bestDisplay = priority; display = declaration.value; } break;
            case "visibility": if (priority >= bestVisibility) { bestVisibility = priority; visibility = declaration.value; } break;
            case "white-space": if (priority >= bestWhiteSpace) { bestWhiteSpace = priority; whiteSpace = declaration.value; } break;
            case "text-transform": if (priority >= bestTransform) { bestTransform = priority; transform = declaration.value; } break;
            case "float": if (priority >= bestFloat) { bestFloat = priority; floatValue = declaration.value; } break;
            case "position": if (priority >= bestPosition) { bestPosition = priority; position = declaration.value; } break;
        case "margin": if (priority >= bestMargin) { bestMargin = priority; marginBottom = renderedMarginBottomOf(declaration.value); } break;
        case "margin-bottom": if (priority >= bestMargin) { bestMargin = priority; marginBottom = declaration.value; } break;
            case "margin": if (priority >= bestMargin) { bestMargin = priority; marginBottom = renderedMarginBottomOf(declaration.value); } break;
            case "margin-bottom": if (priority >= bestMargin) { bestMargin = priority; marginBottom = declaration.value; } break;
          }
        }
      }
    }
  }
  const inline = selectorAttribute(element, "style");
  if (inline !== null && inline !== "") {
    const declarations = renderedInlineDeclarations(inline);
    for (let k = 0; k < declarations.length; k++) {
      const declaration = declarations[k];
      const priority = declaration.important * 4e15 + 2e15;
      switch (declaration.property) {
        case "display": if (priority >= bestDisplay) { bestDisplay = priority; display = declaration.value; } break;
        case "visibility": if (priority >= bestVisibility) { bestVisibility = priority; visibility = declaration.value; } break;
        case "white-space": if (priority >= bestWhiteSpace) { bestWhiteSpace = priority; whiteSpace = declaration.value; } break;
        case "text-transform": if (priority >= bestTransform) { bestTransform = priority; transform = declaration.value; } break;
        case "float": if (priority >= bestFloat) { bestFloat = priority; floatValue = declaration.value; } break;
        case "position": if (priority >= bestPosition) { bestPosition = priority; position = declaration.value; } break;
        case "margin": if (priority >= bestMargin) { bestMargin = priority; marginBottom = renderedMarginBottomOf(declaration.value); } break;
        case "margin-bottom": if (priority >= bestMargin) { bestMargin = priority; marginBottom = declaration.value; } break;
      }
    }
  }
  if (visibility === "inherit") visibility = parentVisibility;
  if (whiteSpace === "inherit") whiteSpace = parentWhiteSpace;
  if (transform === "inherit") transform = parentTransform;
  if (display === "initial" || display === "inherit" || display === "unset" || display === "revert") display = "inline";
  // Children of flex and grid containers are blockified.
  if (display === "inline" && (parentDisplay === "flex" || parentDisplay === "grid" || parentDisplay === "inline-flex" || parentDisplay === "inline-grid")) display = "block";
  renderedOutOfFlow = floatValue === "left" || floatValue === "right" || floatValue === "inline-start" ||
    floatValue === "inline-end" || position === "absolute" || position === "fixed";
  renderedMarginBottom = marginBottom;
  renderedDisplay = display;
  renderedVisibility = visibility === "collapse" ? "hidden" : visibility;
  renderedWhiteSpace = whiteSpace;
  renderedTextTransform = transform;
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
  let cssText = "";
  for (let node = doc[FIRST]; node !== null && node !== undefined; node = selectorNextInTree(node, doc)) {
    if (node[LOCAL_NAME] === "style" && (node[NAMESPACE] === SELECTOR_HTML_NAMESPACE || node[NAMESPACE] === "http://www.w3.org/2000/svg")) {
      cssText += renderedDescendantText(node) + "\n";
    }
  }
  if (sheet !== undefined && sheet.cssText === cssText) {
    sheet.version = version;
    return sheet;
  }
  sheet = renderedParseSheet(cssText);
  sheet.version = version;
  renderedSheetCache.set(doc, sheet);
  return sheet;
}

const RENDERED_PROPERTIES = new Set(["display", "visibility", "white-space", "text-transform", "float", "position", "margin", "margin-bottom"]);

/** Top-level style rules (no @-rule contents) that set one of the properties we use. */
function renderedParseSheet(cssText) {
  const sheet = { cssText, version: 0, count: 0, byId: new Map(), byClass: new Map(), byTag: new Map(), universal: [] };
  const text = cssText.replace(/\/\*[\s\S]*?(\*\/|$)/g, " ");
  let pos = 0;
  let order = 0;
  while (pos < text.length) {
    // Only at-rules end at ";" (@import, @charset…); a style rule's prelude runs to "{".
    const atRule = text.slice(pos).trimStart().charAt(0) === "@";
    const open = renderedFindOutside(text, pos, atRule ? "{;" : "{");
    if (open < 0) break;
    const prelude = text.slice(pos, open).trim();
    if (text.charAt(open) === ";") { pos = open + 1; continue; }
    const close = renderedMatchingBrace(text, open);
    const body = text.slice(open + 1, close < 0 ? text.length : close);
    pos = close < 0 ? text.length : close + 1;
    if (prelude.charAt(0) === "@" || prelude === "") continue;
    if (!/display|visibility|white-space|text-transform|float|position|margin/i.test(body)) continue;
    const declarations = renderedParseDeclarations(body);
    if (declarations.length === 0) continue;
    // Rules for pseudo-elements style boxes that are not the element's own.
    const selectorText = renderedWithoutPseudoElementSelectors(prelude);
    if (selectorText === "") continue;
    let compiled;
    try { compiled = compileSelectors(selectorText); } catch (error) { continue; }
    for (const complex of compiled.list) {
      const s = complex.specificity;
      // Specificity first, then source order (later wins); inline style is 2e15, !important adds 4e15.
      const rule = { complex, declarations, weight: Math.min(s[0], 999) * 1e12 + Math.min(s[1], 999) * 1e9 + Math.min(s[2], 999) * 1e6 + Math.min(order++, 999999) };
      sheet.count++;
      const key = complex.subjectKey;
      if (key === null || key === undefined) sheet.universal.push(rule);
      else {
        const code = key.charCodeAt(0);
        const map = code === 35 ? sheet.byId : code === 46 ? sheet.byClass : sheet.byTag;
        const name = code === 35 || code === 46 ? key.slice(1) : key;
        const bucket = map.get(name);
        if (bucket === undefined) map.set(name, [rule]); else bucket.push(rule);
      }
    }
  }
  return sheet;
}

/** The bottom value of a `margin` shorthand (1–4 values). */
function renderedMarginBottomOf(value) {
  const parts = value.split(/\s+/);
  return parts.length >= 3 ? parts[2] : parts[0];
}

/**
 * Whether a bottom margin is large enough for TextIterator's extra newline after p and h1–h6
 * (margin × 2 ≥ font size). Unset: the user-agent margins (1em, 0.67em…) always are.
 */
function iteratorMarginGivesExtraNewline(margin, localName) {
  if (margin === null || margin === undefined) return true;
  const match = /^(-?[0-9.]+)(px|em|rem|%|pt)?$/.exec(margin);
  if (match === null) return true;
  const number = parseFloat(match[1]);
  const fontSizes = { h1: 32, h2: 24, h3: 18.72, h4: 16, h5: 13.28, h6: 10.72 };
  const fontSize = fontSizes[localName] || 16;
  const unit = match[2] || "px";
  const pixels = unit === "em" ? number * fontSize : unit === "rem" ? number * 16 : unit === "pt" ? number * 4 / 3 : unit === "%" ? number * 8 : number;
  return pixels * 2 >= fontSize;
}

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
      const end = text.indexOf(character, i + 1);
      i = end < 0 ? text.length : end;
      continue;
    }
    if (character === "\\") { i++; continue; }
    if (character === "(" || character === "[") depth++;
    else if ((character === ")" || character === "]") && depth > 0) depth--;
    else if (depth === 0 && characters.indexOf(character) >= 0) return i;
  }
  return -1;
}

function renderedMatchingBrace(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const character = text.charAt(i);
    if (character === "\"" || character === "'") {
      const end = text.indexOf(character, i + 1);
      i = end < 0 ? text.length : end;
      continue;
    }
    if (character === "\\") { i++; continue; }
    if (character === "{") depth++;
    else if (character === "}") { depth--; if (depth === 0) return i; }
  }
  return -1;
}

/** The declarations of interest in a declaration block: [{property, value, important}]. */
function renderedParseDeclarations(body) {
  const declarations = [];
  for (const part of body.split(";")) {
    const colon = part.indexOf(":");
    if (colon < 0) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    if (!RENDERED_PROPERTIES.has(property)) continue;
    let value = part.slice(colon + 1).trim().toLowerCase();
    let important = 0;
    const bang = value.search(/!\s*important$/);
    if (bang >= 0) { important = 1; value = value.slice(0, bang).trim(); }
    if (value === "") continue;
    if (property === "display") value = renderedDisplayKeyword(value);
    else if (property === "white-space") value = value.split(/\s+/)[0];
    declarations.push({ property, value, important });
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
  declarations = /display|visibility|white-space|text-transform|float|position|margin/i.test(styleText) ? renderedParseDeclarations(styleText) : [];
  if (renderedInlineStyleCache.size > 2000) renderedInlineStyleCache.clear();
  renderedInlineStyleCache.set(styleText, declarations);
  return declarations;
}
