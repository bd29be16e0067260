// NodeIterator: https://dom.spec.whatwg.org/#interface-nodeiterator

/** Iterators that must be adjusted when nodes are removed (held weakly). */
const liveNodeIterators = new Set();

class NodeIterator {
  /** Made by `document.createNodeIterator(root, whatToShow, filter)`. */
  constructor(root, whatToShow = 0xFFFFFFFF, filter = null) {
    traversalCheckRoot(root, "createNodeIterator");
    this[TRAVERSAL_STATE] = { root, whatToShow: Number(whatToShow) >>> 0, filter: filter === undefined ? null : filter,
      active: false, reference: root, beforeReference: true };
    liveNodeIterators.add(typeof WeakRef === "function" ? new WeakRef(this) : { deref: () => this });
  }
  get root() { return this[TRAVERSAL_STATE].root; }
  get referenceNode() { return this[TRAVERSAL_STATE].reference; }
  get pointerBeforeReferenceNode() { return this[TRAVERSAL_STATE].beforeReference; }
  get whatToShow() { return this[TRAVERSAL_STATE].whatToShow; }
  get filter() { return this[TRAVERSAL_STATE].filter; }
  nextNode() { return nodeIteratorTraverse(this[TRAVERSAL_STATE], true); }
  previousNode() { return nodeIteratorTraverse(this[TRAVERSAL_STATE], false); }
  /** Does nothing (https://dom.spec.whatwg.org/#dom-nodeiterator-detach). */
  detach() {}
  get [Symbol.toStringTag]() { return "NodeIterator"; }
}

/** https://dom.spec.whatwg.org/#concept-nodeiterator-traverse */
function nodeIteratorTraverse(state, next) {
  let node = state.reference;
  let before = state.beforeReference;
  for (;;) {
    if (next) {
      if (!before) {
        node = selectorNextInTree(node, state.root);
        if (node === null) return null;
      } else before = false;
    } else {
      if (before) {
        if (node === state.root) return null;
        node = node[PREV] !== null ? nodeIteratorLastDescendant(node[PREV]) : node[PARENT];
      } else before = true;
    }
    if (traversalFilter(state, node) === 1) break;
  }
  state.reference = node;
  state.beforeReference = before;
  return node;
}

function nodeIteratorLastDescendant(node) {
  while (node[LAST] !== null) node = node[LAST];
  return node;
}

/** https://dom.spec.whatwg.org/#nodeiterator-pre-removing-steps, for every live iterator. */
function nodeIteratorsBeforeRemoval(toBeRemoved) {
  if (liveNodeIterators.size === 0) return;
  for (const reference of liveNodeIterators) {
    const iterator = reference.deref();
    if (iterator === undefined) { liveNodeIterators.delete(reference); continue; }
    const state = iterator[TRAVERSAL_STATE];
    if (!rangeIsInclusiveAncestor(toBeRemoved, state.reference) || toBeRemoved === state.root) continue;
    if (state.beforeReference) {
      const next = selectorNextSkippingChildren(toBeRemoved, state.root);
      if (next !== null) { state.reference = next; continue; }
      state.beforeReference = false;
    }
    state.reference = toBeRemoved[PREV] === null ? toBeRemoved[PARENT] : nodeIteratorLastDescendant(toBeRemoved[PREV]);
  }
}
