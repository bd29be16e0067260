// NodeIterator: https://dom.spec.whatwg.org/#interface-nodeiterator


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
        node = nextInTree(node, state.root);
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

/** document.createNodeIterator(…) */
function makeNodeIterator(root, whatToShow, filter) { return new NodeIterator(root, whatToShow, filter); }
