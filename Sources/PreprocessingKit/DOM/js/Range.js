// Range: https://dom.spec.whatwg.org/#interface-range
// Boundary points are (node, offset). Ranges are live: the mutation hooks in liveRanges.js
// (called by Node.js / CharacterData.js) move boundary points the way the spec says.
// Tree changes go through the public Node methods so mutation observers and versions update.


/**
 * A DOM Range. `new Range()` from a page uses the global document; the DOM's own
 * `document.createRange()` passes its document.
 */
class Range {
  constructor(doc) {
    if (doc === undefined || doc === null || doc.nodeType !== 9) doc = typeof document === "object" ? document : null;
    this[RANGE_BOUNDS] = { startNode: doc, startOffset: 0, endNode: doc, endOffset: 0 };
    liveRanges.add(typeof WeakRef === "function" ? new WeakRef(this) : { deref: () => this });
  }

  get startContainer() { return this[RANGE_BOUNDS].startNode; }
  get startOffset() { return this[RANGE_BOUNDS].startOffset; }
  get endContainer() { return this[RANGE_BOUNDS].endNode; }
  get endOffset() { return this[RANGE_BOUNDS].endOffset; }
  get collapsed() {
    const b = this[RANGE_BOUNDS];
    return b.startNode === b.endNode && b.startOffset === b.endOffset;
  }
  /** https://dom.spec.whatwg.org/#dom-range-commonancestorcontainer */
  get commonAncestorContainer() {
    const b = this[RANGE_BOUNDS];
    let container = b.startNode;
    while (!isInclusiveAncestor(container, b.endNode)) container = container[PARENT];
    return container;
  }

  setStart(node, offset) { rangeSetBoundary(this, node, offset, true, "setStart"); }
  setEnd(node, offset) { rangeSetBoundary(this, node, offset, false, "setEnd"); }
  setStartBefore(node) { const parent = rangeParentOrThrow(node); rangeSetBoundary(this, parent, rangeIndex(node), true); }
  setStartAfter(node) { const parent = rangeParentOrThrow(node); rangeSetBoundary(this, parent, rangeIndex(node) + 1, true); }
  setEndBefore(node) { const parent = rangeParentOrThrow(node); rangeSetBoundary(this, parent, rangeIndex(node), false); }
  setEndAfter(node) { const parent = rangeParentOrThrow(node); rangeSetBoundary(this, parent, rangeIndex(node) + 1, false); }
  collapse(toStart = false) {
    const b = this[RANGE_BOUNDS];
    if (toStart) { b.endNode = b.startNode; b.endOffset = b.startOffset; } else { b.startNode = b.endNode; b.startOffset = b.endOffset; }
  }
  selectNode(node) {
    rangeCheckNode(node, "selectNode");
    const parent = rangeParentOrThrow(node);
    const index = rangeIndex(node);
    const b = this[RANGE_BOUNDS];
    b.startNode = parent; b.startOffset = index; b.endNode = parent; b.endOffset = index + 1;
  }
  selectNodeContents(node) {
    rangeCheckNode(node, "selectNodeContents");
    if (node.nodeType === 10) throw new DOMException("The node provided is of type DocumentType.", "InvalidNodeTypeError");
    const b = this[RANGE_BOUNDS];
    b.startNode = node; b.startOffset = 0; b.endNode = node; b.endOffset = rangeNodeLength(node);
  }

  /** https://dom.spec.whatwg.org/#dom-range-compareboundarypoints */
  compareBoundaryPoints(how, sourceRange) {
    how = Number(how) >>> 0 & 0xFFFF;
    if (how > 3) throw new DOMException("The operation is not supported.", "NotSupportedError");
    if (!(sourceRange instanceof Range)) throw new TypeError("Argument 2 ('sourceRange') to Range.compareBoundaryPoints must be an instance of Range");
    const a = this[RANGE_BOUNDS], s = sourceRange[RANGE_BOUNDS];
    if (rangeRootOf(a.startNode) !== rangeRootOf(s.startNode)) throw new DOMException("The two ranges are not in the same tree.", "WrongDocumentError");
    switch (how) {
      case 0: return rangeComparePoints(a.startNode, a.startOffset, s.startNode, s.startOffset);
      case 1: return rangeComparePoints(a.endNode, a.endOffset, s.startNode, s.startOffset);
      case 2: return rangeComparePoints(a.endNode, a.endOffset, s.endNode, s.endOffset);
      default: return rangeComparePoints(a.startNode, a.startOffset, s.endNode, s.endOffset);
    }
  }
  /** -1, 0 or 1: where (node, offset) is relative to the range. */
  comparePoint(node, offset) {
    rangeCheckNode(node, "comparePoint");
    const b = this[RANGE_BOUNDS];
    if (rangeRootOf(node) !== rangeRootOf(b.startNode)) throw new DOMException("The node is not in the same tree as the range.", "WrongDocumentError");
    offset = rangeCheckOffset(node, offset);
    if (rangeComparePoints(node, offset, b.startNode, b.startOffset) < 0) return -1;
    if (rangeComparePoints(node, offset, b.endNode, b.endOffset) > 0) return 1;
    return 0;
  }
  isPointInRange(node, offset) {
    rangeCheckNode(node, "isPointInRange");
    const b = this[RANGE_BOUNDS];
    if (rangeRootOf(node) !== rangeRootOf(b.startNode)) return false;
    offset = rangeCheckOffset(node, offset);
    return rangeComparePoints(node, offset, b.startNode, b.startOffset) >= 0 &&
      rangeComparePoints(node, offset, b.endNode, b.endOffset) <= 0;
  }
  intersectsNode(node) {
    rangeCheckNode(node, "intersectsNode");
    const b = this[RANGE_BOUNDS];
    if (rangeRootOf(node) !== rangeRootOf(b.startNode)) return false;
    const parent = node[PARENT];
    if (parent === null) return true;
    const index = rangeIndex(node);
    return rangeComparePoints(parent, index, b.endNode, b.endOffset) < 0 &&
      rangeComparePoints(parent, index + 1, b.startNode, b.startOffset) > 0;
  }

  cloneRange() {
    const b = this[RANGE_BOUNDS];
    const copy = new Range(rangeDocumentOf(b.startNode));
    const c = copy[RANGE_BOUNDS];
    c.startNode = b.startNode; c.startOffset = b.startOffset; c.endNode = b.endNode; c.endOffset = b.endOffset;
    return copy;
  }
  cloneContents() { return rangeExtractOrClone(this, false); }
  extractContents() { return rangeExtractOrClone(this, true); }

  /** https://dom.spec.whatwg.org/#dom-range-deletecontents */
  deleteContents() {
    if (this.collapsed) return;
    const b = this[RANGE_BOUNDS];
    const startNode = b.startNode, startOffset = b.startOffset, endNode = b.endNode, endOffset = b.endOffset;
    if (startNode === endNode && rangeIsCharacterData(startNode)) {
      startNode.replaceData(startOffset, endOffset - startOffset, "");
      return;
    }
    const toRemove = [];
    const common = this.commonAncestorContainer;
    for (let node = common[FIRST]; node !== null; ) {
      if (rangeIsContained(node, b)) { toRemove.push(node); node = nextSkippingChildren(node, common); } else node = nextInTree(node, common);
    }
    let newNode, newOffset;
    if (isInclusiveAncestor(startNode, endNode)) { newNode = startNode; newOffset = startOffset; } else {
      let reference = startNode;
      while (!isInclusiveAncestor(reference[PARENT], endNode)) reference = reference[PARENT];
      newNode = reference[PARENT]; newOffset = rangeIndex(reference) + 1;
    }
    if (rangeIsCharacterData(startNode)) startNode.replaceData(startOffset, startNode[DATA].length - startOffset, "");
    for (const node of toRemove) if (node[PARENT] !== null) node[PARENT].removeChild(node);
    if (rangeIsCharacterData(endNode)) endNode.replaceData(0, endOffset, "");
    b.startNode = newNode; b.startOffset = newOffset; b.endNode = newNode; b.endOffset = newOffset;
  }

  /** https://dom.spec.whatwg.org/#concept-range-insert */
  insertNode(node) {
    rangeCheckNode(node, "insertNode");
    const b = this[RANGE_BOUNDS];
    const start = b.startNode;
    const startType = start.nodeType;
    if (startType === 7 || startType === 8 || (startType === 3 && start[PARENT] === null) || start === node) {
      throw new DOMException("The operation would yield an incorrect node tree.", "HierarchyRequestError");
    }
    let reference;
    if (startType === 3) reference = start;
    else { reference = start[FIRST]; for (let i = 0; i < b.startOffset && reference !== null; i++) reference = reference[NEXT]; }
    const parent = reference === null ? start : reference[PARENT];
    if (startType === 3) reference = start.splitText(b.startOffset);
    if (node === reference) reference = reference[NEXT];
    if (node[PARENT] !== null) node[PARENT].removeChild(node);
    let newOffset = reference === null ? rangeNodeLength(parent) : rangeIndex(reference);
    newOffset += node.nodeType === 11 ? rangeNodeLength(node) : 1;
    const wasCollapsed = this.collapsed;
    parent.insertBefore(node, reference);
    if (wasCollapsed) { b.endNode = parent; b.endOffset = newOffset; }
  }

  /** https://dom.spec.whatwg.org/#dom-range-surroundcontents */
  surroundContents(newParent) {
    rangeCheckNode(newParent, "surroundContents");
    const b = this[RANGE_BOUNDS];
    const common = this.commonAncestorContainer;
    for (let node = b.startNode; node !== common && node !== null; node = node[PARENT]) {
      if (node.nodeType !== 3 && !isInclusiveAncestor(node, b.endNode)) throw new DOMException("The Range has partially selected a non-Text node.", "InvalidStateError");
    }
    for (let node = b.endNode; node !== common && node !== null; node = node[PARENT]) {
      if (node.nodeType !== 3 && !isInclusiveAncestor(node, b.startNode)) throw new DOMException("The Range has partially selected a non-Text node.", "InvalidStateError");
    }
    const type = newParent.nodeType;
    if (type === 9 || type === 10 || type === 11) throw new DOMException("The node provided is invalid.", "InvalidNodeTypeError");
    const fragment = this.extractContents();
    while (newParent[FIRST] !== null) newParent.removeChild(newParent[FIRST]);
    this.insertNode(newParent);
    newParent.appendChild(fragment);
    this.selectNode(newParent);
  }

  /** The concatenated data of the Text nodes in the range (source text, not rendered). */
  toString() {
    const b = this[RANGE_BOUNDS];
    if (b.startNode === b.endNode && b.startNode.nodeType === 3) return b.startNode[DATA].substring(b.startOffset, b.endOffset);
    let text = "";
    if (b.startNode.nodeType === 3) text += b.startNode[DATA].substring(b.startOffset);
    const root = rangeRootOf(b.startNode);
    // Text nodes fully inside: from the node after the start point to the end point.
    let node = rangeFirstNodeAfterPoint(b.startNode, b.startOffset, root);
    for (; node !== null; node = nextInTree(node, root)) {
      if (node === b.endNode && node.nodeType === 3) break;
      if (node.nodeType === 3) {
        if (rangeComparePoints(node, node[DATA].length, b.endNode, b.endOffset) > 0) break;
        text += node[DATA];
      } else if (rangeComparePoints(node, 0, b.endNode, b.endOffset) >= 0) break;
    }
    if (b.endNode.nodeType === 3 && b.endNode !== b.startNode) text += b.endNode[DATA].substring(0, b.endOffset);
    return text;
  }

  /** https://w3c.github.io/DOM-Parsing/#dom-range-createcontextualfragment */
  createContextualFragment(html) {
    const b = this[RANGE_BOUNDS];
    let element = b.startNode;
    const type = element.nodeType;
    if (type === 9 || type === 11) element = null;
    else if (type !== 1) element = element[PARENT];
    const doc = rangeDocumentOf(b.startNode);
    let contextName = "body";
    if (element !== null && element !== undefined && element.nodeType === 1 &&
        !(element[LOCAL_NAME] === "html" && element[NAMESPACE] === SELECTOR_HTML_NAMESPACE)) contextName = element[LOCAL_NAME];
    html = String(html);
    // The fragment parser takes a context node (a non-element means "body").
    return parseHTMLFragment(contextName === "body" ? doc : element, html);
  }

  /** The union of the boxes holding the boundary points (layout.js; no per-glyph rectangles). */
  getBoundingClientRect() { return modelAnswer("Range.getBoundingClientRect", emptyClientRect, rangeBoundingRect, this); }
  getClientRects() { return []; }
  /** Does nothing (https://dom.spec.whatwg.org/#dom-range-detach). */
  detach() {}
  get [Symbol.toStringTag]() { return "Range"; }
}

const RANGE_CONSTANTS = { START_TO_START: 0, START_TO_END: 1, END_TO_END: 2, END_TO_START: 3 };
for (const name in RANGE_CONSTANTS) {
  Object.defineProperty(Range, name, { value: RANGE_CONSTANTS[name], enumerable: true });
  Object.defineProperty(Range.prototype, name, { value: RANGE_CONSTANTS[name], enumerable: true });
}

// ---------------------------------------------------------------------------------------------
// Helpers (loops only).

function rangeCheckNode(node, method) {
  if (node === null || node === undefined || typeof node !== "object" || node[PARENT] === undefined) {
    throw new TypeError("Argument 1 ('node') to Range." + method + " must be an instance of Node");
  }
}

function rangeIsCharacterData(node) {
  const type = node.nodeType;
  return type === 3 || type === 4 || type === 7 || type === 8;
}

function rangeNodeLength(node) {
  const type = node.nodeType;
  if (type === 10 || type === 2) return 0;
  if (rangeIsCharacterData(node)) return node[DATA].length;
  let count = 0;
  for (let child = node[FIRST]; child !== null; child = child[NEXT]) count++;
  return count;
}

function rangeIndex(node) {
  let index = 0;
  for (let sibling = node[PREV]; sibling !== null; sibling = sibling[PREV]) index++;
  return index;
}

function rangeRootOf(node) {
  while (node[PARENT] !== null) node = node[PARENT];
  return node;
}

function rangeDocumentOf(node) {
  return node.nodeType === 9 ? node : node[OWNER];
}

/** The first node whose start is at or after the boundary point, in tree order. */
function rangeFirstNodeAfterPoint(node, offset, root) {
  if (rangeIsCharacterData(node)) return nextSkippingChildren(node, root);
  let child = node[FIRST];
  for (let i = 0; i < offset && child !== null; i++) child = child[NEXT];
  return child !== null ? child : nextSkippingChildren(node, root);
}

function rangeParentOrThrow(node) {
  rangeCheckNode(node, "setStart");
  const parent = node[PARENT];
  if (parent === null) throw new DOMException("The node provided has no parent.", "InvalidNodeTypeError");
  return parent;
}

function rangeCheckOffset(node, offset) {
  if (node.nodeType === 10) throw new DOMException("The node provided is of type DocumentType.", "InvalidNodeTypeError");
  offset = Number(offset) >>> 0;
  if (offset > rangeNodeLength(node)) throw new DOMException("The index is not in the allowed range.", "IndexSizeError");
  return offset;
}

/** https://dom.spec.whatwg.org/#concept-range-bp-set */
function rangeSetBoundary(range, node, offset, isStart, method) {
  rangeCheckNode(node, method || (isStart ? "setStart" : "setEnd"));
  offset = rangeCheckOffset(node, offset);
  const b = range[RANGE_BOUNDS];
  if (isStart) {
    if (rangeRootOf(node) !== rangeRootOf(b.endNode) || rangeComparePoints(node, offset, b.endNode, b.endOffset) > 0) {
      b.endNode = node; b.endOffset = offset;
    }
    b.startNode = node; b.startOffset = offset;
  } else {
    if (rangeRootOf(node) !== rangeRootOf(b.startNode) || rangeComparePoints(node, offset, b.startNode, b.startOffset) < 0) {
      b.startNode = node; b.startOffset = offset;
    }
    b.endNode = node; b.endOffset = offset;
  }
}

/** https://dom.spec.whatwg.org/#concept-range-bp-position: -1 before, 0 equal, 1 after. */
function rangeComparePoints(nodeA, offsetA, nodeB, offsetB) {
  if (nodeA === nodeB) return offsetA === offsetB ? 0 : offsetA < offsetB ? -1 : 1;
  // Ancestor chains, root first.
  const chainA = [], chainB = [];
  for (let n = nodeA; n !== null; n = n[PARENT]) chainA.push(n);
  for (let n = nodeB; n !== null; n = n[PARENT]) chainB.push(n);
  let i = chainA.length - 1, j = chainB.length - 1;
  if (chainA[i] !== chainB[j]) return -1; // different trees: callers check roots first
  while (i > 0 && j > 0 && chainA[i - 1] === chainB[j - 1]) { i--; j--; }
  if (i === 0) {
    // nodeA is an ancestor of nodeB: compare offsetA with the index of nodeB's branch.
    return rangeIndex(chainB[j - 1]) < offsetA ? 1 : -1;
  }
  if (j === 0) {
    return rangeIndex(chainA[i - 1]) < offsetB ? -1 : 1;
  }
  // Siblings under the common ancestor decide.
  const branchA = chainA[i - 1], branchB = chainB[j - 1];
  for (let n = branchA[NEXT]; n !== null; n = n[NEXT]) if (n === branchB) return -1;
  return 1;
}

/** Whether `node` is contained in the range with bounds `b`. */
function rangeIsContained(node, b) {
  const parent = node[PARENT];
  if (parent === null) return false;
  const index = rangeIndex(node);
  return rangeComparePoints(parent, index, b.startNode, b.startOffset) >= 0 &&
    rangeComparePoints(parent, index + 1, b.endNode, b.endOffset) <= 0;
}

/**
 * https://dom.spec.whatwg.org/#concept-range-extract and #concept-range-clone. Recurses once
 * per partially contained ancestor level (not per node).
 */
function rangeExtractOrClone(range, extract) {
  const b = range[RANGE_BOUNDS];
  const doc = rangeDocumentOf(b.startNode);
  const fragment = doc.createDocumentFragment();
  if (range.collapsed) return fragment;
  const startNode = b.startNode, startOffset = b.startOffset, endNode = b.endNode, endOffset = b.endOffset;
  if (startNode === endNode && rangeIsCharacterData(startNode)) {
    const clone = startNode.cloneNode(false);
    clone[DATA] = startNode[DATA].substring(startOffset, endOffset);
    fragment.appendChild(clone);
    if (extract) startNode.replaceData(startOffset, endOffset - startOffset, "");
    return fragment;
  }
  const common = range.commonAncestorContainer;
  let firstPartial = null, lastPartial = null;
  if (!isInclusiveAncestor(startNode, endNode)) {
    for (let child = common[FIRST]; child !== null; child = child[NEXT]) if (isInclusiveAncestor(child, startNode)) { firstPartial = child; break; }
  }
  if (!isInclusiveAncestor(endNode, startNode)) {
    for (let child = common[FIRST]; child !== null; child = child[NEXT]) if (isInclusiveAncestor(child, endNode)) { lastPartial = child; break; }
  }
  const contained = [];
  for (let child = common[FIRST]; child !== null; child = child[NEXT]) {
    if (rangeIsContained(child, b)) {
      if (child.nodeType === 10) throw new DOMException("The operation would yield an incorrect node tree.", "HierarchyRequestError");
      contained.push(child);
    }
  }
  let newNode = null, newOffset = 0;
  if (extract) {
    if (isInclusiveAncestor(startNode, endNode)) { newNode = startNode; newOffset = startOffset; } else {
      let reference = startNode;
      while (!isInclusiveAncestor(reference[PARENT], endNode)) reference = reference[PARENT];
      newNode = reference[PARENT]; newOffset = rangeIndex(reference) + 1;
    }
  }
  if (firstPartial !== null && rangeIsCharacterData(firstPartial)) {
    const clone = startNode.cloneNode(false);
    clone[DATA] = startNode[DATA].substring(startOffset);
    fragment.appendChild(clone);
    if (extract) startNode.replaceData(startOffset, startNode[DATA].length - startOffset, "");
  } else if (firstPartial !== null) {
    const clone = firstPartial.cloneNode(false);
    fragment.appendChild(clone);
    const sub = new Range(doc);
    sub.setStart(startNode, startOffset);
    sub.setEnd(firstPartial, rangeNodeLength(firstPartial));
    clone.appendChild(rangeExtractOrClone(sub, extract));
  }
  for (const child of contained) fragment.appendChild(extract ? child : child.cloneNode(true));
  if (lastPartial !== null && rangeIsCharacterData(lastPartial)) {
    const clone = endNode.cloneNode(false);
    clone[DATA] = endNode[DATA].substring(0, endOffset);
    fragment.appendChild(clone);
    if (extract) endNode.replaceData(0, endOffset, "");
  } else if (lastPartial !== null) {
    const clone = lastPartial.cloneNode(false);
    fragment.appendChild(clone);
    const sub = new Range(doc);
    sub.setStart(lastPartial, 0);
    sub.setEnd(endNode, endOffset);
    clone.appendChild(rangeExtractOrClone(sub, extract));
  }
  if (extract) { b.startNode = newNode; b.startOffset = newOffset; b.endNode = newNode; b.endOffset = newOffset; }
  return fragment;
}

/** document.createRange(): a range at the start of `doc`. */
function makeRange(doc) { return new Range(doc); }

/** The union of the boxes holding `range`'s boundary points (layout.js). */
function rangeBoundingRect(range) {
  return layoutRangeRect(range, range[RANGE_BOUNDS].startNode, range[RANGE_BOUNDS].endNode);
}
