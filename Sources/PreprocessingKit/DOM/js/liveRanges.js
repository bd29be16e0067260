// Live ranges and node iterators: who they are and what the DOM core tells them when the tree
// changes (the mutation hooks Node.js and CharacterData.js call). Range, Selection, TreeWalker
// and NodeIterator themselves are the interface group [ranges] (Range.js and its neighbours):
// a page has none until a script asks, and then these keep them live.

/** Live ranges, held weakly so a script's forgotten ranges can be collected. */
const liveRanges = new Set();

/** Iterators that must be adjusted when nodes are removed (held weakly). */
const liveNodeIterators = new Set();

// ---------------------------------------------------------------------------------------------
// Live range hooks, called by the DOM core when the tree changes.

function rangeEachLive(callback) {
  for (const reference of liveRanges) {
    const range = reference.deref();
    if (range === undefined) { liveRanges.delete(reference); continue; }
    callback(range[RANGE_BOUNDS]);
  }
}

/** https://dom.spec.whatwg.org/#concept-node-remove steps 4–7, before `node` is unlinked. */
function nodeWillBeRemoved(node) {
  nodeIteratorsBeforeRemoval(node);
  if (liveRanges.size === 0) return;
  const parent = node[PARENT];
  if (parent === null) return;
  const index = rangeIndex(node);
  rangeEachLive((b) => {
    if (isInclusiveAncestor(node, b.startNode)) { b.startNode = parent; b.startOffset = index; }
    if (isInclusiveAncestor(node, b.endNode)) { b.endNode = parent; b.endOffset = index; }
    if (b.startNode === parent && b.startOffset > index) b.startOffset--;
    if (b.endNode === parent && b.endOffset > index) b.endOffset--;
  });
}

/** https://dom.spec.whatwg.org/#concept-node-insert step 6, after `node` was linked into its parent. */
function nodeWasInserted(node) {
  if (liveRanges.size === 0) return;
  const parent = node[PARENT];
  const index = rangeIndex(node);
  rangeEachLive((b) => {
    if (b.startNode === parent && b.startOffset > index) b.startOffset++;
    if (b.endNode === parent && b.endOffset > index) b.endOffset++;
  });
}

/** https://dom.spec.whatwg.org/#concept-cd-replace steps 8–11. */
function dataWillBeReplaced(node, offset, count, newLength) {
  if (liveRanges.size === 0) return;
  rangeEachLive((b) => {
    if (b.startNode === node && b.startOffset > offset && b.startOffset <= offset + count) b.startOffset = offset;
    if (b.endNode === node && b.endOffset > offset && b.endOffset <= offset + count) b.endOffset = offset;
    if (b.startNode === node && b.startOffset > offset + count) b.startOffset += newLength - count;
    if (b.endNode === node && b.endOffset > offset + count) b.endOffset += newLength - count;
  });
}

/** https://dom.spec.whatwg.org/#nodeiterator-pre-removing-steps, for every live iterator. */
function nodeIteratorsBeforeRemoval(toBeRemoved) {
  if (liveNodeIterators.size === 0) return;
  for (const reference of liveNodeIterators) {
    const iterator = reference.deref();
    if (iterator === undefined) { liveNodeIterators.delete(reference); continue; }
    const state = iterator[TRAVERSAL_STATE];
    if (!isInclusiveAncestor(toBeRemoved, state.reference) || toBeRemoved === state.root) continue;
    if (state.beforeReference) {
      const next = nextSkippingChildren(toBeRemoved, state.root);
      if (next !== null) { state.reference = next; continue; }
      state.beforeReference = false;
    }
    state.reference = toBeRemoved[PREV] === null ? toBeRemoved[PARENT] : nodeIteratorLastDescendant(toBeRemoved[PREV]);
  }
}
