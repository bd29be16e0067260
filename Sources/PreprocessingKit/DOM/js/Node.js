// Node: https://dom.spec.whatwg.org/#interface-node
// The tree is a doubly linked list of children per parent (PARENT/FIRST/LAST/NEXT/PREV), so
// every walk below is a loop: pages nest thousands of elements deep.

class Node extends EventTarget {
  constructor(token) {
    if (token !== INTERNAL) throw new TypeError("Illegal constructor");
    super();
    this[PARENT] = null;
    this[FIRST] = null;
    this[LAST] = null;
    this[NEXT] = null;
    this[PREV] = null;
    this[OWNER] = null;
  }

  get ownerDocument() { return this.nodeType === DOCUMENT_NODE ? null : this[OWNER]; }
  get parentNode() { return this[PARENT]; }
  get parentElement() {
    const parent = this[PARENT];
    return parent !== null && parent.nodeType === ELEMENT_NODE ? parent : null;
  }
  get firstChild() { return this[FIRST]; }
  get lastChild() { return this[LAST]; }
  get previousSibling() { return this[PREV]; }
  get nextSibling() { return this[NEXT]; }
  hasChildNodes() { return this[FIRST] !== null; }
  /** A live NodeList of the children, one object per node. */
  get childNodes() {
    let extras = this[EXTRAS];
    if (extras === undefined || extras === null) extras = this[EXTRAS] = {};
    return extras.childNodes || (extras.childNodes = createLiveNodeList(this));
  }
  get nodeValue() { return null; }
  set nodeValue(value) {}
  get textContent() { return null; }
  set textContent(value) {}
  get baseURI() { return documentBaseURL(documentOf(this)); }
  get isConnected() {
    let root = rootOf(this);
    while (root instanceof ShadowRoot) root = rootOf(root.host); // shadow-including root
    return root.nodeType === DOCUMENT_NODE;
  }
  /** The root of the tree this node is in (no shadow roots here, so `composed` changes nothing). */
  getRootNode(options) { return rootOf(this); }
  isSameNode(other) { return this === other; }
  /** https://dom.spec.whatwg.org/#dom-node-contains */
  contains(other) {
    if (other === null || other === undefined) return false;
    if (!(other instanceof Node)) throw new TypeError("Argument 1 ('other') to Node.contains must be an instance of Node");
    return isInclusiveAncestor(this, other);
  }

  appendChild(node) { return preInsert(checkNode(node, "appendChild"), this, null); }
  insertBefore(node, child) {
    return preInsert(checkNode(node, "insertBefore"), this, child === undefined ? null : checkNullableNode(child, "insertBefore", 2));
  }
  removeChild(child) {
    checkNode(child, "removeChild");
    if (child[PARENT] !== this) throwDOMException("NotFoundError", "The object can not be found here.");
    removeNode(child);
    return child;
  }
  replaceChild(node, child) {
    return replaceChildNode(checkNode(child, "replaceChild", 2), checkNode(node, "replaceChild"), this);
  }
  cloneNode(deep = false) { return cloneNodeTree(this, !!deep, null); }
  /** https://dom.spec.whatwg.org/#dom-node-normalize */
  normalize() {
    let node = this[FIRST];
    while (node !== null) {
      if (node.nodeType === TEXT_NODE) {
        let data = node[DATA];
        let next = node[NEXT];
        while (next !== null && next.nodeType === TEXT_NODE) {
          data += next[DATA];
          const after = next[NEXT];
          removeNode(next);
          next = after;
        }
        if (data.length === 0) { removeNode(node); node = next; continue; }
        if (data !== node[DATA]) replaceData(node, 0, node[DATA].length, data);
        node = next === null ? nextSkippingChildren(node, this) : next;
        continue;
      }
      node = nextInTree(node, this);
    }
  }
  /** https://dom.spec.whatwg.org/#concept-node-equals, as a loop over both trees. */
  isEqualNode(other) {
    if (other === null || other === undefined) return false;
    let a = this, b = other;
    for (;;) {
      if (!nodesShallowEqual(a, b)) return false;
      if ((a[FIRST] === null) !== (b[FIRST] === null)) return false;
      if (a[FIRST] !== null) { a = a[FIRST]; b = b[FIRST]; continue; }
      while (a !== this && a[NEXT] === null) {
        if (b[NEXT] !== null) return false;
        a = a[PARENT]; b = b[PARENT];
      }
      if (a === this) return true;
      if (b[NEXT] === null) return false;
      a = a[NEXT]; b = b[NEXT];
    }
  }
  /** https://dom.spec.whatwg.org/#dom-node-comparedocumentposition */
  compareDocumentPosition(other) {
    checkNode(other, "compareDocumentPosition");
    if (this === other) return 0;
    let node1 = other, node2 = this;
    if (node1.nodeType === ATTRIBUTE_NODE) node1 = node1.ownerElement || node1;
    if (node2.nodeType === ATTRIBUTE_NODE) node2 = node2.ownerElement || node2;
    if (node1 === node2) return node1 === other ? 4 | 32 : 2 | 32; // two attributes of one element
    const chain1 = ancestorChain(node1), chain2 = ancestorChain(node2);
    if (chain1[0] !== chain2[0]) return 1 | 32 | 4;
    let i = 0;
    while (i < chain1.length && i < chain2.length && chain1[i] === chain2[i]) i++;
    if (i === chain1.length) return 8 | 2;   // other contains this
    if (i === chain2.length) return 16 | 4;  // other is contained by this
    return siblingPrecedes(chain1[i], chain2[i]) ? 2 : 4;
  }
  lookupNamespaceURI(prefix) { return locateNamespace(this, prefix === "" ? null : prefix); }
  lookupPrefix(namespace) {
    if (!namespace) return null;
    for (let el = this.nodeType === ELEMENT_NODE ? this : this.parentElement; el; el = el.parentElement) {
      if (el[NAMESPACE] === namespace && el[PREFIX] !== null) return el[PREFIX];
      for (const record of el[ATTRS]) {
        if (record.prefix === "xmlns" && record.value === namespace) return record.localName;
      }
    }
    return null;
  }
  isDefaultNamespace(namespace) { return locateNamespace(this, null) === (namespace || null); }
}

const NODE_CONSTANTS = {
  ELEMENT_NODE: 1, ATTRIBUTE_NODE: 2, TEXT_NODE: 3, CDATA_SECTION_NODE: 4, ENTITY_REFERENCE_NODE: 5,
  ENTITY_NODE: 6, PROCESSING_INSTRUCTION_NODE: 7, COMMENT_NODE: 8, DOCUMENT_NODE: 9,
  DOCUMENT_TYPE_NODE: 10, DOCUMENT_FRAGMENT_NODE: 11, NOTATION_NODE: 12,
  DOCUMENT_POSITION_DISCONNECTED: 1, DOCUMENT_POSITION_PRECEDING: 2, DOCUMENT_POSITION_FOLLOWING: 4,
  DOCUMENT_POSITION_CONTAINS: 8, DOCUMENT_POSITION_CONTAINED_BY: 16,
  DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC: 32,
};
for (const name in NODE_CONSTANTS) {
  Object.defineProperty(Node, name, { value: NODE_CONSTANTS[name], enumerable: true });
  Object.defineProperty(Node.prototype, name, { value: NODE_CONSTANTS[name], enumerable: true });
}

// ---- Tree helpers (used by every DOM file) ----

/** The document a node belongs to (itself for a Document). */
function documentOf(node) { return node.nodeType === DOCUMENT_NODE ? node : node[OWNER]; }

/** Marks the node's document as mutated, so live collections and caches recompute. */
function bumpVersion(node) { documentOf(node)[VERSION]++; }

/** The root of a node's tree. */
function rootOf(node) {
  while (node[PARENT] !== null) node = node[PARENT];
  return node;
}

// Tree walks, the one set every file uses: loops, no recursion. A link that is null or undefined
// (an object that is not in a tree yet) ends the walk.

/** The next node after `node` in tree order within `root`'s subtree, or null. */
function nextInTree(node, root) {
  const first = node[FIRST];
  if (first != null) return first;
  return nextSkippingChildren(node, root);
}

/** The next node after `node`'s subtree within `root`'s subtree, or null. */
function nextSkippingChildren(node, root) {
  while (node !== root) {
    const next = node[NEXT];
    if (next != null) return next;
    node = node[PARENT];
    if (node == null) return null;
  }
  return null;
}

/** Whether `node` is `ancestor` or inside it. */
function isInclusiveAncestor(ancestor, node) {
  for (; node != null; node = node[PARENT]) if (node === ancestor) return true;
  return false;
}

/** The previous node in tree order within `root`'s subtree, or null. */
function previousInTree(node, root) {
  if (node === root) return null;
  let prev = node[PREV];
  if (prev === null) return node[PARENT];
  while (prev[LAST] !== null) prev = prev[LAST];
  return prev;
}

/** The inclusive ancestors of a node, root first. */
function ancestorChain(node) {
  const chain = [];
  for (; node !== null; node = node[PARENT]) chain.push(node);
  return chain.reverse();
}

/** True if sibling `a` comes before sibling `b`. */
function siblingPrecedes(a, b) {
  for (let node = a[NEXT]; node !== null; node = node[NEXT]) if (node === b) return true;
  return false;
}

/** True if `a` precedes `b` in tree order (same tree assumed). */
function nodePrecedes(a, b) {
  if (a === b) return false;
  return (b.compareDocumentPosition(a) & 2) === 2;
}

/** The index of a node among its parent's children. */
function indexOfNode(node) {
  let index = 0;
  for (let sibling = node[PREV]; sibling !== null; sibling = sibling[PREV]) index++;
  return index;
}

/** The number of children (or data length for character data): https://dom.spec.whatwg.org/#concept-node-length */
function nodeLength(node) {
  const type = node.nodeType;
  if (type === DOCUMENT_TYPE_NODE || type === ATTRIBUTE_NODE) return 0;
  if (type === TEXT_NODE || type === COMMENT_NODE || type === PROCESSING_INSTRUCTION_NODE || type === CDATA_SECTION_NODE) return node[DATA].length;
  let count = 0;
  for (let child = node[FIRST]; child !== null; child = child[NEXT]) count++;
  return count;
}

/** The concatenated data of Text descendants: https://dom.spec.whatwg.org/#concept-descendant-text-content */
function descendantTextContent(root) {
  if (typeof root[LOCAL_NAME] === "string") {
    // Children not made yet are as the parser left them: their text is read from the parse.
    if (root[FLAT_INDEX] >= 0) return parsedTextContent(root[FLAT_INDEX]);
    // The element index's table of texts makes every element: it serves a script that reads
    // the text of element after element once they are all made (a collection of every element
    // makes them), and a walk that reads what is not made from the parse serves until then.
    if (!inPartlyMadePage(root)) {
      const indexed = elementIndexTextContent(root);
      if (indexed !== undefined) return indexed;
    }
  }
  let text = "";
  for (let node = root[FIRST]; node !== null;) {
    // Elements are most of the nodes: the symbol test skips them without the nodeType getter.
    if (typeof node[LOCAL_NAME] !== "string") {
      const type = node.nodeType;
      // A CDATA section is a Text node (an XML parse makes them).
      if (type === TEXT_NODE || type === CDATA_SECTION_NODE) text += node[DATA];
    } else if (node[FLAT_INDEX] >= 0) {
      text += parsedTextContent(node[FLAT_INDEX]);
      node = nextSkippingChildren(node, root);
      continue;
    }
    node = nextInTree(node, root);
  }
  return text;
}

/** Links `node` into `parent` before `before` (null: at the end), with no checks. */
function linkChild(parent, node, before) {
  node[PARENT] = parent;
  if (before === null) {
    const last = parent[LAST];
    node[PREV] = last;
    node[NEXT] = null;
    if (last === null) parent[FIRST] = node; else last[NEXT] = node;
    parent[LAST] = node;
  } else {
    const prev = before[PREV];
    node[PREV] = prev;
    node[NEXT] = before;
    before[PREV] = node;
    if (prev === null) parent[FIRST] = node; else prev[NEXT] = node;
  }
}

/** Each node class's allocator (nodeAllocator). */
const NODE_ALLOCATORS = new Map();

/**
 * A plain function whose `prototype` is the node class's, so `new` on it makes a node of the
 * class without running its constructors (the tree builder, createElementInternal and
 * allocateCharacterData then store the fields). JavaScriptCore allocates the objects a
 * function constructs in line, with room for the fields the ones before it got; an
 * `Object.create` is a call into the engine and its objects, made with room for six fields,
 * grow their storage twice on the way to an element's thirteen. Measured in fresh realms,
 * 3,000 objects of 24 classes with thirteen fields: 1.2 ms against 3.2 ms.
 */
function nodeAllocator(NodeClass) {
  let allocate = NODE_ALLOCATORS.get(NodeClass);
  if (allocate === undefined) {
    allocate = function () {};
    allocate.prototype = NodeClass.prototype;
    NODE_ALLOCATORS.set(NodeClass, allocate);
  }
  return allocate;
}

/**
 * A Text or Comment node (`allocate` is its interface's allocator) with every field its
 * constructors store, in their order (see storeElementFields in Element.js for why they are
 * spelled out); `parent` and `prev` as there.
 */
function allocateCharacterData(allocate, doc, data, parent = null, prev = null) {
  const node = new allocate();
  node[LISTENERS] = null;
  node[PARENT] = parent;
  node[FIRST] = null;
  node[LAST] = null;
  node[NEXT] = null;
  node[PREV] = prev;
  node[OWNER] = doc;
  node[DATA] = data;
  return node;
}

/** Unlinks `node` from its parent, with no checks. */
function unlinkChild(node) {
  const parent = node[PARENT];
  const prev = node[PREV], next = node[NEXT];
  if (prev === null) parent[FIRST] = next; else prev[NEXT] = next;
  if (next === null) parent[LAST] = prev; else next[PREV] = prev;
  node[PARENT] = null;
  node[PREV] = null;
  node[NEXT] = null;
}

function checkNode(value, method, position = 1) {
  if (!(value instanceof Node)) {
    throw new TypeError(`Argument ${position} ('${position === 1 ? "node" : "child"}') to Node.${method} must be an instance of Node`);
  }
  return value;
}
function checkNullableNode(value, method, position) {
  return value === null ? null : checkNode(value, method, position);
}

function isCharacterData(node) {
  const type = node.nodeType;
  return type === TEXT_NODE || type === COMMENT_NODE || type === PROCESSING_INSTRUCTION_NODE || type === CDATA_SECTION_NODE;
}
function hasElementChild(node) {
  for (let child = node[FIRST]; child !== null; child = child[NEXT]) if (child.nodeType === ELEMENT_NODE) return true;
  return false;
}
function hasChildOfType(node, type) {
  for (let child = node[FIRST]; child !== null; child = child[NEXT]) if (child.nodeType === type) return true;
  return false;
}

/** https://dom.spec.whatwg.org/#concept-node-ensure-pre-insertion-validity (and its replace variant when `replacing`). */
function ensureInsertionValidity(node, parent, child, replacing) {
  const parentType = parent.nodeType;
  if (parentType !== DOCUMENT_NODE && parentType !== DOCUMENT_FRAGMENT_NODE && parentType !== ELEMENT_NODE) {
    throwDOMException("HierarchyRequestError", "The operation would yield an incorrect node tree.");
  }
  for (let ancestor = parent; ancestor !== null; ancestor = ancestor[PARENT]) {
    if (ancestor === node) throwDOMException("HierarchyRequestError", "The operation would yield an incorrect node tree.");
  }
  if (child !== null && child[PARENT] !== parent) throwDOMException("NotFoundError", "The object can not be found here.");
  const type = node.nodeType;
  if (type !== DOCUMENT_FRAGMENT_NODE && type !== DOCUMENT_TYPE_NODE && type !== ELEMENT_NODE && !isCharacterData(node)) {
    throwDOMException("HierarchyRequestError", "The operation would yield an incorrect node tree.");
  }
  if ((type === TEXT_NODE && parentType === DOCUMENT_NODE) || (type === DOCUMENT_TYPE_NODE && parentType !== DOCUMENT_NODE)) {
    throwDOMException("HierarchyRequestError", "The operation would yield an incorrect node tree.");
  }
  if (parentType !== DOCUMENT_NODE) return;
  const fail = () => throwDOMException("HierarchyRequestError", "The operation would yield an incorrect node tree.");
  // Element children other than `child` when replacing.
  const otherElementChild = () => {
    for (let c = parent[FIRST]; c !== null; c = c[NEXT]) if (c.nodeType === ELEMENT_NODE && !(replacing && c === child)) return true;
    return false;
  };
  const doctypeFollows = () => {
    for (let c = child === null ? null : child[NEXT]; c !== null; c = c[NEXT]) if (c.nodeType === DOCUMENT_TYPE_NODE) return true;
    return false;
  };
  if (type === DOCUMENT_FRAGMENT_NODE) {
    let elements = 0;
    for (let c = node[FIRST]; c !== null; c = c[NEXT]) {
      if (c.nodeType === ELEMENT_NODE) elements++;
      else if (c.nodeType === TEXT_NODE) fail();
    }
    if (elements > 1) fail();
    if (elements === 1 && (otherElementChild() || (child !== null && child.nodeType === DOCUMENT_TYPE_NODE && !replacing) || (child !== null && doctypeFollows()))) fail();
  } else if (type === ELEMENT_NODE) {
    if (otherElementChild() || (child !== null && child.nodeType === DOCUMENT_TYPE_NODE && !replacing) || (child !== null && doctypeFollows())) fail();
  } else if (type === DOCUMENT_TYPE_NODE) {
    for (let c = parent[FIRST]; c !== null; c = c[NEXT]) if (c.nodeType === DOCUMENT_TYPE_NODE && !(replacing && c === child)) fail();
    if (child !== null) {
      for (let c = child[PREV]; c !== null; c = c[PREV]) if (c.nodeType === ELEMENT_NODE) fail();
    } else if (hasElementChild(parent)) fail();
  }
}

/** https://dom.spec.whatwg.org/#concept-node-pre-insert */
function preInsert(node, parent, child) {
  ensureInsertionValidity(node, parent, child, false);
  let reference = child;
  if (reference === node) reference = node[NEXT];
  insertNode(node, parent, reference);
  return node;
}

/** Gives `node` and its descendants a new owner document: https://dom.spec.whatwg.org/#concept-node-adopt */
function adoptNodeInto(node, doc) {
  if (node[PARENT] !== null) removeNode(node);
  if (node[OWNER] === doc || node === doc) return;
  const oldDoc = node[OWNER];
  for (let n = node; n !== null; n = nextInTree(n, node)) {
    n[OWNER] = doc;
    if (n[CONTENT]) adoptNodeInto(n[CONTENT], doc);
  }
  if (oldDoc) oldDoc[VERSION]++;
  doc[VERSION]++;
}

/** https://dom.spec.whatwg.org/#concept-node-insert (no checks). */
function insertNode(node, parent, child) {
  const doc = documentOf(parent);
  let nodes;
  if (node.nodeType === DOCUMENT_FRAGMENT_NODE) {
    if (node[FIRST] === null) return;
    nodes = [];
    for (let c = node[FIRST]; c !== null; c = c[NEXT]) nodes.push(c);
    for (const c of nodes) unlinkChild(c);
    bumpVersion(node);
    queueTreeMutation(node, [], nodes, null, null);
  } else {
    nodes = [node];
    if (node[PARENT] !== null) removeNode(node);
  }
  const previousSibling = child === null ? parent[LAST] : child[PREV];
  for (const c of nodes) {
    if (c[OWNER] !== doc) adoptNodeInto(c, doc);
    linkChild(parent, c, child);
    nodeWasInserted(c); // live ranges (Range.js)
  }
  doc[VERSION]++;
  queueTreeMutation(parent, nodes, [], previousSibling, child);
  logTreeMutation(parent, nodes, []); // --trace (MutationLog.js)
}

/** https://dom.spec.whatwg.org/#concept-node-remove */
function removeNode(node) {
  const parent = node[PARENT];
  const previousSibling = node[PREV], nextSibling = node[NEXT];
  logTreeMutation(parent, [], [node]); // --trace (MutationLog.js)
  nodeWillBeRemoved(node); // live ranges and node iterators (Range.js)
  unlinkChild(node);
  bumpVersion(parent);
  queueTreeMutation(parent, [], [node], previousSibling, nextSibling);
}

/** https://dom.spec.whatwg.org/#concept-node-replace */
function replaceChildNode(child, node, parent) {
  ensureInsertionValidity(node, parent, child, true);
  let reference = child[NEXT];
  if (reference === node) reference = node[NEXT];
  if (child === node) return child;
  removeNode(child);
  insertNode(node, parent, reference);
  return child;
}

/** https://dom.spec.whatwg.org/#concept-node-replace-all */
function replaceAllChildren(node, parent) {
  while (parent[FIRST] !== null) removeNode(parent[FIRST]);
  if (node !== null) insertNode(node, parent, null);
}

/** Turns the arguments of append/prepend/before/after into one node: https://dom.spec.whatwg.org/#converting-nodes-into-a-node */
function convertNodesIntoNode(nodes, doc) {
  if (nodes.length === 1) {
    const only = nodes[0];
    return only instanceof Node ? only : createTextNode(doc, String(only));
  }
  const fragment = createDocumentFragment(doc);
  for (const item of nodes) {
    const node = item instanceof Node ? item : createTextNode(doc, String(item));
    preInsert(node, fragment, null);
  }
  return fragment;
}

/** Shallow equality for isEqualNode. */
function nodesShallowEqual(a, b) {
  const type = a.nodeType;
  if (type !== b.nodeType) return false;
  switch (type) {
    case DOCUMENT_TYPE_NODE:
      return a[DOCTYPE_IDS].name === b[DOCTYPE_IDS].name && a[DOCTYPE_IDS].publicId === b[DOCTYPE_IDS].publicId && a[DOCTYPE_IDS].systemId === b[DOCTYPE_IDS].systemId;
    case ELEMENT_NODE: {
      if (a[NAMESPACE] !== b[NAMESPACE] || a[PREFIX] !== b[PREFIX] || a[LOCAL_NAME] !== b[LOCAL_NAME]) return false;
      const attrsA = a[ATTRS], attrsB = b[ATTRS];
      if (attrsA.length !== attrsB.length) return false;
      for (const ra of attrsA) {
        if (!attrsB.some((rb) => rb.namespace === ra.namespace && rb.localName === ra.localName && rb.value === ra.value)) return false;
      }
      return true;
    }
    case ATTRIBUTE_NODE:
      return a.namespaceURI === b.namespaceURI && a.localName === b.localName && a.value === b.value;
    case TEXT_NODE: case COMMENT_NODE: case CDATA_SECTION_NODE:
      return a[DATA] === b[DATA];
    case PROCESSING_INSTRUCTION_NODE:
      return a.target === b.target && a[DATA] === b[DATA];
    default:
      return true;
  }
}

/** https://dom.spec.whatwg.org/#locate-a-namespace */
function locateNamespace(node, prefix) {
  switch (node.nodeType) {
    case ELEMENT_NODE:
      for (let el = node; el !== null; el = el.parentElement) {
        if (el[NAMESPACE] !== null && el[PREFIX] === prefix) return el[NAMESPACE];
        for (const record of el[ATTRS]) {
          if (record.namespace === NS_XMLNS && ((prefix === null && record.prefix === null && record.localName === "xmlns") || (record.prefix === "xmlns" && record.localName === prefix))) {
            return record.value || null;
          }
        }
        if (prefix === "xml") return NS_XML;
        if (prefix === "xmlns") return NS_XMLNS;
      }
      return null;
    case DOCUMENT_NODE: {
      const root = node.documentElement;
      return root ? locateNamespace(root, prefix) : null;
    }
    case DOCUMENT_TYPE_NODE: case DOCUMENT_FRAGMENT_NODE:
      return null;
    case ATTRIBUTE_NODE:
      return node.ownerElement ? locateNamespace(node.ownerElement, prefix) : null;
    default:
      return node.parentElement ? locateNamespace(node.parentElement, prefix) : null;
  }
}

/** Clones one node (not its children) into `doc`. */
function cloneSingleNode(node, doc, deep) {
  switch (node.nodeType) {
    case ELEMENT_NODE: {
      const copy = createElementInternal(doc, node[LOCAL_NAME], node[NAMESPACE], node[PREFIX]);
      const attrs = copy[ATTRS];
      for (const r of node[ATTRS]) {
        attrs.push({ namespace: r.namespace, prefix: r.prefix, localName: r.localName, name: r.name, value: r.value, node: null });
      }
      if (node[CONTROL_STATE]) copy[CONTROL_STATE] = Object.assign({}, node[CONTROL_STATE]);
      if (deep && node[CONTENT]) {
        const content = copy.content;
        for (let c = node[CONTENT][FIRST]; c !== null; c = c[NEXT]) linkChild(content, cloneNodeTree(c, true, doc), null);
      }
      return copy;
    }
    case TEXT_NODE: return createTextNode(doc, node[DATA]);
    case CDATA_SECTION_NODE: { const copy = createTextNode(doc, node[DATA]); return copy; }
    case COMMENT_NODE: return createComment(doc, node[DATA]);
    case PROCESSING_INSTRUCTION_NODE: return createProcessingInstruction(doc, node.target, node[DATA]);
    case DOCUMENT_TYPE_NODE: {
      const ids = node[DOCTYPE_IDS];
      return createDocumentType(doc, ids.name, ids.publicId, ids.systemId);
    }
    case DOCUMENT_FRAGMENT_NODE: return createDocumentFragment(doc);
    case DOCUMENT_NODE: return createDocumentLike(node);
    case ATTRIBUTE_NODE: {
      const r = node[ATTR_RECORD];
      return createAttrNode(doc, { namespace: r.namespace, prefix: r.prefix, localName: r.localName, name: r.name, value: r.value, node: null });
    }
  }
  throwDOMException("NotSupportedError", "The operation is not supported.");
}

/** https://dom.spec.whatwg.org/#concept-node-clone, the subtree copied in a loop. */
function cloneNodeTree(node, deep, doc) {
  if (doc === null) doc = node.nodeType === DOCUMENT_NODE ? null : node[OWNER];
  const copy = cloneSingleNode(node, doc, deep);
  if (!deep) return copy;
  const childDoc = copy.nodeType === DOCUMENT_NODE ? copy : doc;
  let source = node[FIRST];
  let parentCopy = copy;
  while (source !== null) {
    const childCopy = cloneSingleNode(source, childDoc, true);
    linkChild(parentCopy, childCopy, null);
    if (source[FIRST] !== null) {
      parentCopy = childCopy;
      source = source[FIRST];
      continue;
    }
    while (source !== node && source[NEXT] === null) {
      source = source[PARENT];
      parentCopy = parentCopy[PARENT];
    }
    if (source === node) break;
    source = source[NEXT];
  }
  return copy;
}

// ---- Mixins: https://dom.spec.whatwg.org/#interface-parentnode, #interface-childnode ----

/** Copies the accessors and methods of `source` (a plain object) onto `target` (a prototype). */
function mixInto(target, source) {
  for (const key of Reflect.ownKeys(source)) {
    const descriptor = Object.getOwnPropertyDescriptor(source, key);
    descriptor.enumerable = true;
    Object.defineProperty(target, key, descriptor);
  }
}

const ParentNodeMixin = {
  get children() {
    let extras = this[EXTRAS];
    if (extras === undefined || extras === null) extras = this[EXTRAS] = {};
    return extras.children || (extras.children = createLiveCollection(this, collectChildElements, null));
  },
  get firstElementChild() {
    for (let c = this[FIRST]; c !== null; c = c[NEXT]) if (c.nodeType === ELEMENT_NODE) return c;
    return null;
  },
  get lastElementChild() {
    for (let c = this[LAST]; c !== null; c = c[PREV]) if (c.nodeType === ELEMENT_NODE) return c;
    return null;
  },
  get childElementCount() {
    let count = 0;
    for (let c = this[FIRST]; c !== null; c = c[NEXT]) if (c.nodeType === ELEMENT_NODE) count++;
    return count;
  },
  prepend(...nodes) { preInsert(convertNodesIntoNode(nodes, documentOf(this)), this, this[FIRST]); },
  append(...nodes) { preInsert(convertNodesIntoNode(nodes, documentOf(this)), this, null); },
  replaceChildren(...nodes) {
    const node = convertNodesIntoNode(nodes, documentOf(this));
    ensureInsertionValidity(node, this, null, false);
    replaceAllChildren(node, this);
  },
  querySelector(selectors) { return querySelectorIn(this, String(selectors)); },
  querySelectorAll(selectors) { return createStaticNodeList(querySelectorAllIn(this, String(selectors))); },
};

const ChildNodeMixin = {
  before(...nodes) {
    const parent = this[PARENT];
    if (parent === null) return;
    let viablePrevious = this[PREV];
    while (viablePrevious !== null && nodes.includes(viablePrevious)) viablePrevious = viablePrevious[PREV];
    const node = convertNodesIntoNode(nodes, documentOf(this));
    preInsert(node, parent, viablePrevious === null ? parent[FIRST] : viablePrevious[NEXT]);
  },
  after(...nodes) {
    const parent = this[PARENT];
    if (parent === null) return;
    let viableNext = this[NEXT];
    while (viableNext !== null && nodes.includes(viableNext)) viableNext = viableNext[NEXT];
    preInsert(convertNodesIntoNode(nodes, documentOf(this)), parent, viableNext);
  },
  replaceWith(...nodes) {
    const parent = this[PARENT];
    if (parent === null) return;
    let viableNext = this[NEXT];
    while (viableNext !== null && nodes.includes(viableNext)) viableNext = viableNext[NEXT];
    const node = convertNodesIntoNode(nodes, documentOf(this));
    if (this[PARENT] === parent) replaceChildNode(this, node, parent);
    else preInsert(node, parent, viableNext);
  },
  remove() { if (this[PARENT] !== null) removeNode(this); },
};

const NonDocumentTypeChildNodeMixin = {
  get previousElementSibling() {
    for (let c = this[PREV]; c !== null; c = c[PREV]) if (c.nodeType === ELEMENT_NODE) return c;
    return null;
  },
  get nextElementSibling() {
    for (let c = this[NEXT]; c !== null; c = c[NEXT]) if (c.nodeType === ELEMENT_NODE) return c;
    return null;
  },
};
