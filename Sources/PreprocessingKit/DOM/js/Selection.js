// Selection: https://w3c.github.io/selection-api/#selection-interface
// One per document, holding at most one live Range (as WebKit does). `toString()` is the
// rendered text of that range, like WebKit's (oracle README (b)), not Range.toString().

class Selection {
  constructor(token, doc) {
    if (token !== SELECTION) throw new TypeError("Illegal constructor");
    this[SELECTION_STATE] = { document: doc, range: null, backwards: false };
  }

  get anchorNode() { const s = this[SELECTION_STATE]; return s.range === null ? null : s.backwards ? s.range.endContainer : s.range.startContainer; }
  get anchorOffset() { const s = this[SELECTION_STATE]; return s.range === null ? 0 : s.backwards ? s.range.endOffset : s.range.startOffset; }
  get focusNode() { const s = this[SELECTION_STATE]; return s.range === null ? null : s.backwards ? s.range.startContainer : s.range.endContainer; }
  get focusOffset() { const s = this[SELECTION_STATE]; return s.range === null ? 0 : s.backwards ? s.range.startOffset : s.range.endOffset; }
  get baseNode() { return this.anchorNode; }
  get baseOffset() { return this.anchorOffset; }
  get extentNode() { return this.focusNode; }
  get extentOffset() { return this.focusOffset; }
  get isCollapsed() { const range = this[SELECTION_STATE].range; return range === null || range.collapsed; }
  get rangeCount() { return this[SELECTION_STATE].range === null ? 0 : 1; }
  /** "None", "Caret" or "Range". */
  get type() {
    const range = this[SELECTION_STATE].range;
    if (selectionFocusedControlText(this) !== null) return "Range";
    return range === null ? "None" : range.collapsed ? "Caret" : "Range";
  }
  get direction() {
    const s = this[SELECTION_STATE];
    return s.range === null || s.range.collapsed ? "none" : s.backwards ? "backward" : "forward";
  }

  getRangeAt(index) {
    const range = this[SELECTION_STATE].range;
    if (Number(index) !== 0 || range === null) throw new DOMException("The index is not in the allowed range.", "IndexSizeError");
    return range;
  }
  addRange(range) {
    if (!(range instanceof Range)) throw new TypeError("Argument 1 ('range') to Selection.addRange must be an instance of Range");
    const s = this[SELECTION_STATE];
    if (s.range !== null) return; // a second range is ignored, as in WebKit
    if (rangeRootOf(range.startContainer) !== s.document) return;
    s.range = range;
    s.backwards = false;
  }
  removeRange(range) {
    const s = this[SELECTION_STATE];
    if (range !== s.range || range === null) throw new DOMException("The object can not be found here.", "NotFoundError");
    s.range = null;
  }
  removeAllRanges() { this[SELECTION_STATE].range = null; }
  empty() { this.removeAllRanges(); }

  collapse(node, offset = 0) {
    if (node === null) { this.removeAllRanges(); return; }
    const s = this[SELECTION_STATE];
    offset = rangeCheckOffset(node, offset);
    if (rangeRootOf(node) !== s.document) return;
    const range = new Range(s.document);
    range.setStart(node, offset);
    s.range = range;
    s.backwards = false;
  }
  setPosition(node, offset = 0) { this.collapse(node, offset); }
  collapseToStart() {
    const range = this[SELECTION_STATE].range;
    if (range === null) throw new DOMException("The object is in an invalid state.", "InvalidStateError");
    this.collapse(range.startContainer, range.startOffset);
  }
  collapseToEnd() {
    const range = this[SELECTION_STATE].range;
    if (range === null) throw new DOMException("The object is in an invalid state.", "InvalidStateError");
    this.collapse(range.endContainer, range.endOffset);
  }

  /** https://w3c.github.io/selection-api/#dom-selection-extend */
  extend(node, offset = 0) {
    const s = this[SELECTION_STATE];
    if (rangeRootOf(node) !== s.document) return;
    if (s.range === null) throw new DOMException("The object is in an invalid state.", "InvalidStateError");
    offset = rangeCheckOffset(node, offset);
    const anchorNode = this.anchorNode, anchorOffset = this.anchorOffset;
    const range = new Range(s.document);
    if (rangeComparePoints(node, offset, anchorNode, anchorOffset) >= 0) {
      range.setStart(anchorNode, anchorOffset); range.setEnd(node, offset); s.backwards = false;
    } else {
      range.setStart(node, offset); range.setEnd(anchorNode, anchorOffset); s.backwards = true;
    }
    s.range = range;
  }

  setBaseAndExtent(anchorNode, anchorOffset, focusNode, focusOffset) {
    const s = this[SELECTION_STATE];
    anchorOffset = rangeCheckOffset(anchorNode, anchorOffset);
    focusOffset = rangeCheckOffset(focusNode, focusOffset);
    if (rangeRootOf(anchorNode) !== s.document || rangeRootOf(focusNode) !== s.document) return;
    const range = new Range(s.document);
    if (rangeComparePoints(focusNode, focusOffset, anchorNode, anchorOffset) >= 0) {
      range.setStart(anchorNode, anchorOffset); range.setEnd(focusNode, focusOffset); s.backwards = false;
    } else {
      range.setStart(focusNode, focusOffset); range.setEnd(anchorNode, anchorOffset); s.backwards = true;
    }
    s.range = range;
  }

  selectAllChildren(node) {
    if (node.nodeType === 10) throw new DOMException("The node provided is of type DocumentType.", "InvalidNodeTypeError");
    const s = this[SELECTION_STATE];
    if (rangeRootOf(node) !== s.document) return;
    const range = new Range(s.document);
    range.selectNodeContents(node);
    s.range = range;
    s.backwards = false;
  }

  containsNode(node, allowPartialContainment = false) {
    const range = this[SELECTION_STATE].range;
    if (range === null || rangeRootOf(node) !== this[SELECTION_STATE].document) return false;
    const b = range[RANGE_BOUNDS];
    const parent = node[PARENT];
    if (parent === null) return false;
    const index = rangeIndex(node);
    const length = rangeNodeLength(node);
    const startsBefore = rangeComparePoints(b.startNode, b.startOffset, node, 0) <= 0;
    const endsAfter = rangeComparePoints(b.endNode, b.endOffset, node, length) >= 0;
    if (!allowPartialContainment) return startsBefore && endsAfter;
    return rangeComparePoints(b.startNode, b.startOffset, parent, index + 1) < 0 &&
      rangeComparePoints(b.endNode, b.endOffset, parent, index) > 0;
  }

  deleteFromDocument() {
    const range = this[SELECTION_STATE].range;
    if (range !== null) range.deleteContents();
  }
  /** Accepted and ignored: there is no layout to move through. */
  modify() {}
  toString() { return selectionToString(this); }
  get [Symbol.toStringTag]() { return "Selection"; }
}

/**
 * The document's Selection (one per document, made on first use).
 * @param {Document} doc
 * @returns {Selection}
 */
function selectionOf(doc) {
  let selection = doc[SELECTION];
  if (selection === undefined || selection === null) selection = doc[SELECTION] = new Selection(SELECTION, doc);
  return selection;
}

/**
 * WebKit's `getSelection().toString()`: the rendered text of the selected range, or the
 * selected part of a focused text field's value.
 * @param {Selection} selection
 * @returns {string}
 */
function selectionToString(selection) {
  const controlText = selectionFocusedControlText(selection);
  if (controlText !== null) return controlText;
  const range = selection[SELECTION_STATE].range;
  if (range === null || range.collapsed) return "";
  const b = range[RANGE_BOUNDS];
  return renderedTextOfRange(b.startNode, b.startOffset, b.endNode, b.endOffset);
}

/** The selected text of a focused <input>/<textarea>, or null (oracle README (b)). */
function selectionFocusedControlText(selection) {
  const doc = selection[SELECTION_STATE].document;
  let active = null;
  try { active = doc.activeElement; } catch (error) { return null; }
  if (active === null || active === undefined || active[NAMESPACE] !== SELECTOR_HTML_NAMESPACE) return null;
  const localName = active[LOCAL_NAME];
  if (localName !== "input" && localName !== "textarea") return null;
  const start = active.selectionStart, end = active.selectionEnd, value = active.value;
  if (typeof start !== "number" || typeof end !== "number" || typeof value !== "string" || end <= start) return null;
  return value.substring(start, end);
}
