// TreeWalker: https://dom.spec.whatwg.org/#interface-treewalker (loops only).

class TreeWalker {
  /** Made by `document.createTreeWalker(root, whatToShow, filter)`. */
  constructor(root, whatToShow = 0xFFFFFFFF, filter = null) {
    traversalCheckRoot(root, "createTreeWalker");
    this[TRAVERSAL_STATE] = { root, whatToShow: Number(whatToShow) >>> 0, filter: filter === undefined ? null : filter, active: false, current: root };
  }
  get root() { return this[TRAVERSAL_STATE].root; }
  get whatToShow() { return this[TRAVERSAL_STATE].whatToShow; }
  get filter() { return this[TRAVERSAL_STATE].filter; }
  get currentNode() { return this[TRAVERSAL_STATE].current; }
  set currentNode(node) {
    if (node === null || node === undefined || node[PARENT] === undefined) throw new TypeError("The provided value is not of type 'Node'");
    this[TRAVERSAL_STATE].current = node;
  }

  parentNode() {
    const state = this[TRAVERSAL_STATE];
    let node = state.current;
    while (node !== null && node !== state.root) {
      node = node[PARENT];
      if (node !== null && traversalFilter(state, node) === 1) { state.current = node; return node; }
    }
    return null;
  }
  firstChild() { return treeWalkerTraverseChildren(this[TRAVERSAL_STATE], true); }
  lastChild() { return treeWalkerTraverseChildren(this[TRAVERSAL_STATE], false); }
  nextSibling() { return treeWalkerTraverseSiblings(this[TRAVERSAL_STATE], true); }
  previousSibling() { return treeWalkerTraverseSiblings(this[TRAVERSAL_STATE], false); }

  /** https://dom.spec.whatwg.org/#dom-treewalker-previousnode */
  previousNode() {
    const state = this[TRAVERSAL_STATE];
    let node = state.current;
    while (node !== state.root) {
      let sibling = node[PREV];
      while (sibling !== null) {
        node = sibling;
        let result = traversalFilter(state, node);
        while (result !== 2 && node[LAST] !== null) {
          node = node[LAST];
          result = traversalFilter(state, node);
        }
        if (result === 1) { state.current = node; return node; }
        sibling = node[PREV];
      }
      if (node === state.root || node[PARENT] === null) return null;
      node = node[PARENT];
      if (traversalFilter(state, node) === 1) { state.current = node; return node; }
    }
    return null;
  }

  /** https://dom.spec.whatwg.org/#dom-treewalker-nextnode */
  nextNode() {
    const state = this[TRAVERSAL_STATE];
    let node = state.current;
    let result = 1;
    for (;;) {
      while (result !== 2 && node[FIRST] !== null) {
        node = node[FIRST];
        result = traversalFilter(state, node);
        if (result === 1) { state.current = node; return node; }
      }
      let sibling = null;
      let temporary = node;
      while (temporary !== null) {
        if (temporary === state.root) return null;
        sibling = temporary[NEXT];
        if (sibling !== null) { node = sibling; break; }
        temporary = temporary[PARENT];
      }
      if (temporary === null) return null;
      result = traversalFilter(state, node);
      if (result === 1) { state.current = node; return node; }
    }
  }
  get [Symbol.toStringTag]() { return "TreeWalker"; }
}

/** https://dom.spec.whatwg.org/#concept-traverse-children */
function treeWalkerTraverseChildren(state, first) {
  let node = first ? state.current[FIRST] : state.current[LAST];
  while (node !== null) {
    const result = traversalFilter(state, node);
    if (result === 1) { state.current = node; return node; }
    if (result === 3) {
      const child = first ? node[FIRST] : node[LAST];
      if (child !== null) { node = child; continue; }
    }
    for (;;) {
      const sibling = first ? node[NEXT] : node[PREV];
      if (sibling !== null) { node = sibling; break; }
      const parent = node[PARENT];
      if (parent === null || parent === state.root || parent === state.current) return null;
      node = parent;
    }
  }
  return null;
}

/** https://dom.spec.whatwg.org/#concept-traverse-siblings */
function treeWalkerTraverseSiblings(state, next) {
  let node = state.current;
  if (node === state.root) return null;
  for (;;) {
    let sibling = next ? node[NEXT] : node[PREV];
    while (sibling !== null) {
      node = sibling;
      const result = traversalFilter(state, node);
      if (result === 1) { state.current = node; return node; }
      sibling = next ? node[FIRST] : node[LAST];
      if (result === 2 || sibling === null) sibling = next ? node[NEXT] : node[PREV];
    }
    node = node[PARENT];
    if (node === null || node === state.root) return null;
    if (traversalFilter(state, node) === 1) return null;
  }
}

/** document.createTreeWalker(…) */
function makeTreeWalker(root, whatToShow, filter) { return new TreeWalker(root, whatToShow, filter); }
