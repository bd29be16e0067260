// Rendered text: https://html.spec.whatwg.org/multipage/dom.html#rendered-text-collection-steps
// (`innerText`, `outerText`) and WebKit's `Selection.toString()`, which applies the same rules
// to a range.
//
// There is no layout engine, so "rendered" is decided from the small cascade of cssCascade.js
// (user-agent `display`, `hidden`, inline `style` and the page's <style> rules). innerText itself
// is textIterator.js (WebKit's TextIterator); this file holds the entry points, the tree walk
// both use (renderedWalk) and the selection's collapsing walk. Observed WebKit output (oracle
// README (b), (f)) is the reference.

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

/**
 * `HTMLElement.innerText` getter: the element's rendered text, or its text content when it is
 * not being rendered (display:none on it or an ancestor, or not in a document).
 * @param {Element} element
 * @returns {string}
 */
function innerTextOf(element) {
  const doc = element[OWNER];
  let cache = doc === null || doc === undefined ? undefined : innerTextCache.get(doc);
  if (cache !== undefined && cache.version === doc[VERSION]) {
    const known = cache.texts.get(element);
    if (known !== undefined) return known;
  }
  const chain = renderedStyleChain(element);
  const text = chain === null ? renderedDescendantText(element) : innerTextByIterator(element, chain);
  if (doc === null || doc === undefined) return text;
  // Read after the walk: making the parse's nodes on demand moves the version, not the text.
  if (cache === undefined || cache.version !== doc[VERSION]) innerTextCache.set(doc, cache = { version: doc[VERSION], texts: new Map() });
  cache.texts.set(element, text);
  return text;
}

/**
 * innerText's answers at one version of a document (the version moves with every change to
 * the tree, its attributes and text, as the layout's cache relies on): a script that reads
 * `document.body.innerText` twice, or `innerText` and `outerText`, walks a large page once.
 */
const innerTextCache = new WeakMap();

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
  for (let node = root[FIRST]; node !== null && node !== undefined; node = nextInTree(node, root)) {
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
    const style = renderedComputeStyle(ancestors[i], visibility, whiteSpace, textTransform, parentDisplay);
    if (style.display === "none") return null;
    if (i === 0) return [visibility, whiteSpace, textTransform, parentDisplay];
    visibility = style.visibility;
    whiteSpace = style.whiteSpace;
    textTransform = style.textTransform;
    parentDisplay = style.display;
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

/**
 * Walks the subtree of `rootFrame.node` in tree order with an explicit stack, so a tree of any
 * depth is walked without recursion: `enter(node, parentFrame)` returns the frame for the node's
 * children (null: they are not walked), and `leave(frame)` is called once they are. The one
 * tree walk of the rendered-text models (Selection.toString() and innerText's TextIterator).
 */
function renderedWalk(rootFrame, enter, leave) {
  const frames = [rootFrame], nexts = [rootFrame.node[FIRST]];
  while (frames.length > 0) {
    const top = frames.length - 1;
    const node = nexts[top];
    if (node === null || node === undefined) {
      nexts.pop();
      leave(frames.pop());
      continue;
    }
    nexts[top] = node[NEXT];
    const frame = enter(node, frames[top]);
    if (frame !== null) { frames.push(frame); nexts.push(node[FIRST]); }
  }
}

/**
 * Walks `root`'s subtree appending rendered text to `state`. With markers, output is on only
 * between `start` and `end`. Each frame holds a node's inherited values and display.
 */
function renderedCollect(root, state, start, end) {
  const chain = state.chain;
  const outer = chain !== null ? { node: null, visibility: chain[0], whiteSpace: chain[1], transform: chain[2], display: chain[3] } :
    { node: null, visibility: "visible", whiteSpace: "normal", transform: "none", display: "block" };
  const enter = (node, parent) => renderedEnterNode(node, parent, state, start, end);
  const leave = (frame) => {
    if (typeof frame.node[LOCAL_NAME] === "string") renderedLeaveElement(frame.node, state, start, end, frame.display, frame.visibility);
    else renderedCheckExitMarkers(frame.node, state, start, end);
  };
  const rootFrame = enter(root, outer);
  if (rootFrame !== null) renderedWalk(rootFrame, enter, leave);
}

/**
 * Entering `node` (inside `parent`'s frame) in renderedCollect: returns the frame for its
 * children, or null when they are not walked (a node without children is left here).
 */
function renderedEnterNode(node, parent, state, start, end) {
  if (start !== null && !state.on && !state.ended && start.kind === "enter" && start.node === node) renderedTurnOn(state);
  if (end !== null && state.on && end.kind === "enter" && end.node === node) { state.on = false; state.ended = true; }
  const localName = node[LOCAL_NAME];
  if (typeof localName === "string") {
    const style = renderedComputeStyle(node, parent.visibility, parent.whiteSpace, parent.transform, parent.display);
    const display = style.display;
    if (display === "none" || renderedIsDetailsContentHidden(node)) {
      renderedSkipSubtree(node, state, start, end);
      return null;
    }
    renderedEnterElement(node, localName, display, state);
    if (node[NAMESPACE] === SELECTOR_HTML_NAMESPACE && RENDERED_ATOMIC_ELEMENTS.has(localName)) {
      renderedSkipSubtree(node, state, start, end);
    } else if (node[FIRST] !== null && node[FIRST] !== undefined) {
      return { node, visibility: style.visibility, whiteSpace: style.whiteSpace, transform: style.textTransform, display };
    }
    renderedLeaveElement(node, state, start, end, display, style.visibility);
    return null;
  }
  const type = node.nodeType;
  let frame = null;
  if (type === 3 || type === 4) {
    state.parentDisplay = parent.display;
    renderedText(node, state, start, end, parent.visibility, parent.whiteSpace, parent.transform);
  } else if (type === 9 || type === 11) {
    if (node[FIRST] !== null && node[FIRST] !== undefined) frame = { node, visibility: "visible", whiteSpace: "normal", transform: "none", display: "block" };
  } else if (start !== null && start.kind === "text" && start.node === node && !state.on && !state.ended) {
    renderedTurnOn(state);
  }
  if (end !== null && end.kind === "text" && end.node === node && state.on) { state.on = false; state.ended = true; }
  if (frame === null && (type === 9 || type === 11)) renderedCheckExitMarkers(node, state, start, end);
  return frame;
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
  if (start !== null && !state.on && !state.ended && start.node !== node && isInclusiveAncestor(node, start.node)) renderedTurnOn(state);
  if (end !== null && state.on && end.node !== node && isInclusiveAncestor(node, end.node)) { state.on = false; state.ended = true; }
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
    if (renderedComputeStyle(sibling, "visible", "normal", "none", "table-row").display === display) return true;
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
