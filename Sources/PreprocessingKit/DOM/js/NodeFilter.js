// NodeFilter: https://dom.spec.whatwg.org/#interface-nodefilter
// A callback interface: pages pass a function or an object with acceptNode(); these are its
// constants, and the one place that calls a filter.

/** NodeFilter's constants (`NodeFilter.SHOW_ELEMENT`, `NodeFilter.FILTER_SKIP`, …). */
const NodeFilter = Object.freeze({
  FILTER_ACCEPT: 1, FILTER_REJECT: 2, FILTER_SKIP: 3,
  SHOW_ALL: 0xFFFFFFFF, SHOW_ELEMENT: 0x1, SHOW_ATTRIBUTE: 0x2, SHOW_TEXT: 0x4,
  SHOW_CDATA_SECTION: 0x8, SHOW_ENTITY_REFERENCE: 0x10, SHOW_ENTITY: 0x20,
  SHOW_PROCESSING_INSTRUCTION: 0x40, SHOW_COMMENT: 0x80, SHOW_DOCUMENT: 0x100,
  SHOW_DOCUMENT_TYPE: 0x200, SHOW_DOCUMENT_FRAGMENT: 0x400, SHOW_NOTATION: 0x800,
});

/**
 * https://dom.spec.whatwg.org/#concept-node-filter — runs `state.filter` on `node`.
 * @param {{whatToShow: number, filter: *, active: boolean}} state a traversal's state
 * @returns {number} FILTER_ACCEPT, FILTER_REJECT or FILTER_SKIP
 */
function traversalFilter(state, node) {
  if (state.active) throw new DOMException("The object is in an invalid state.", "InvalidStateError");
  const bit = 1 << (node.nodeType - 1);
  if ((state.whatToShow & bit) === 0) return 3;
  const filter = state.filter;
  if (filter === null || filter === undefined) return 1;
  state.active = true;
  try {
    const result = typeof filter === "function" ? filter.call(undefined, node) : filter.acceptNode(node);
    return Number(result) & 0xFFFF;
  } finally {
    state.active = false;
  }
}

/** Checks the `root` argument of createTreeWalker / createNodeIterator. */
function traversalCheckRoot(root, method) {
  if (root === null || root === undefined || typeof root !== "object" || root[PARENT] === undefined) {
    throw new TypeError("Argument 1 ('root') to Document." + method + " must be an instance of Node");
  }
}
