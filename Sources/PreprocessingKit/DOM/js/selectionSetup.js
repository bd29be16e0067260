// How the simulator makes a selection before `run()`, like the oracle's `--select-text`
// (oracle README, step 4): text of the body's text nodes, skipping non-rendered containers.

/** Elements whose text the selection search skips. */
const SELECTION_SKIPPED_ELEMENTS = new Set(["script", "style", "noscript", "textarea", "template", "title"]);

/**
 * Selects the `occurrence`-th (1-based) match of `text` in the body's text. White space in
 * `text` matches any run of white space (matches may span text nodes); if there is no such
 * match, it also matches no white space at all (text split by `<br>`), as the oracle does.
 * @param {Document} doc
 * @param {string} text
 * @param {number} [occurrence=1]
 * @returns {boolean} whether a match was found and selected
 */
function selectTextInDocument(doc, text, occurrence) {
  const wanted = String(text).trim();
  const count = Math.max(1, Math.floor(Number(occurrence) || 1));
  if (wanted === "") return false;
  let body = null;
  const html = doc.documentElement;
  for (let node = html === null ? null : html[FIRST]; node !== null && node !== undefined; node = node[NEXT]) {
    if (node[LOCAL_NAME] === "body" || node[LOCAL_NAME] === "frameset") { body = node; break; }
  }
  if (body === null) return false;

  // The body's text, with where each text node starts in it.
  const nodes = [], starts = [];
  let all = "";
  for (let node = body[FIRST]; node !== null; ) {
    if (typeof node[LOCAL_NAME] === "string" && SELECTION_SKIPPED_ELEMENTS.has(node[LOCAL_NAME])) {
      node = nextSkippingChildren(node, body);
      continue;
    }
    if (node.nodeType === 3) { nodes.push(node); starts.push(all.length); all += node[DATA]; }
    node = nextInTree(node, body);
  }
  const pieces = wanted.split(/\s+/).map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  for (const separator of ["\\s+", "\\s*"]) {
    const pattern = new RegExp(pieces.join(separator), "g");
    let found = 0;
    let match;
    while ((match = pattern.exec(all)) !== null) {
      if (match[0].length === 0) { pattern.lastIndex++; continue; }
      if (++found < count) continue;
      const start = selectionLocate(nodes, starts, match.index, false);
      const end = selectionLocate(nodes, starts, match.index + match[0].length, true);
      selectBoundaryPoints(doc, start, end);
      return true;
    }
    if (pieces.length === 1) break;
  }
  return false;
}

/** The (text node, offset) of a position in the concatenated text; `atEnd` prefers the earlier node. */
function selectionLocate(nodes, starts, position, atEnd) {
  let low = 0, high = nodes.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (atEnd ? starts[middle] < position : starts[middle] <= position) low = middle; else high = middle - 1;
  }
  return [nodes[low], position - starts[low]];
}

/**
 * Selects the contents of the first element matching `selectors`.
 * @param {Document} doc
 * @param {string} selectors
 * @returns {boolean} whether an element was found
 */
function selectElementContentsIn(doc, selectors) {
  const element = querySelectorIn(doc, selectors);
  if (element === null) return false;
  const range = new Range(doc);
  range.selectNodeContents(element);
  replaceSelection(doc, range);
  return true;
}

/**
 * The (text node, offset) at character `offset` of `element`'s text content (its descendant
 * text nodes in tree order), or null when the offset is past the end. An element without text
 * gives (element, 0).
 */
function selectionPointInElement(element, offset) {
  let remaining = offset;
  let last = null;
  for (let node = element[FIRST]; node !== null && node !== undefined; node = nextInTree(node, element)) {
    if (node.nodeType !== 3) continue;
    const length = node[DATA].length;
    if (remaining < length) return [node, remaining];
    remaining -= length;
    last = node;
  }
  if (remaining !== 0) return null;
  return last === null ? [element, 0] : [last, last[DATA].length];
}

/**
 * Selects from character `startOffset` of the first element matching `startSelector` to
 * character `endOffset` of the first element matching `endSelector` (offsets count the
 * characters of the element's text content, as `textContent` has them).
 * @returns {boolean} whether both points exist and the start is not after the end
 */
function selectRangeInDocument(doc, startSelector, startOffset, endSelector, endOffset) {
  const startElement = querySelectorIn(doc, startSelector);
  const endElement = endSelector === startSelector ? startElement : querySelectorIn(doc, endSelector);
  if (startElement === null || endElement === null) return false;
  const start = selectionPointInElement(startElement, Math.max(0, Math.floor(Number(startOffset) || 0)));
  const end = selectionPointInElement(endElement, Math.max(0, Math.floor(Number(endOffset) || 0)));
  if (start === null || end === null || rangeComparePoints(start[0], start[1], end[0], end[1]) > 0) return false;
  selectBoundaryPoints(doc, start, end);
  return true;
}

/** Makes `range` the document's only selected range, as a user's selection before sharing. */
function replaceSelection(doc, range) {
  const selection = selectionOf(doc);
  selection.removeAllRanges();
  selection.addRange(range);
}

/** Selects from boundary point `start` to `end` (each `[node, offset]`). */
function selectBoundaryPoints(doc, start, end) {
  const range = new Range(doc);
  range.setStart(start[0], start[1]);
  range.setEnd(end[0], end[1]);
  replaceSelection(doc, range);
}
