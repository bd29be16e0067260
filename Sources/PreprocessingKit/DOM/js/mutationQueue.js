// What every change of the tree tells mutation observers (MutationObserver.js, the interface
// group [observers]): the document counts its observers, so a page without any pays one
// comparison per mutation and never loads the group.

/** A child list change of `target`, for its observers. */
function queueTreeMutation(target, addedNodes, removedNodes, previousSibling, nextSibling) {
  if (addedNodes.length === 0 && removedNodes.length === 0) return;
  const doc = documentOf(target);
  if (doc === null || doc[DOC_STATE].observerCount === 0) return;
  queueMutationRecord("childList", target, { addedNodes, removedNodes, previousSibling, nextSibling });
}

/** An attribute change of `element`, for its observers. */
function queueAttributeMutation(element, localName, namespace, oldValue) {
  const doc = element[OWNER];
  if (doc === null || doc[DOC_STATE].observerCount === 0) return;
  queueMutationRecord("attributes", element, { attributeName: localName, attributeNamespace: namespace, oldValue });
}

/** A data change of `node`, for its observers. */
function queueCharacterDataMutation(node, oldValue) {
  const doc = node[OWNER];
  if (doc === null || doc[DOC_STATE].observerCount === 0) return;
  queueMutationRecord("characterData", node, { oldValue });
}
