// Builds DOM nodes from the native parser's flat tree (CONTRACT.md "The flat tree") in one loop.
// Not a web interface: this is the native parser's hand-over.

/** Fields of a node record in `tree[0]` (ten Int32s per node). */
const FLAT_NODE_FIELDS = 10;
const FLAT_PARENT = 2, FLAT_FIRST_CHILD = 3, FLAT_NEXT_SIBLING = 6, FLAT_START = 7, FLAT_COUNT = 8, FLAT_EXTRA = 9;
/** Fields of an attribute record in `tree[1]`. */
const FLAT_ATTRIBUTE_FIELDS = 4;
const FLAT_ATTRIBUTE_NAMESPACES = [null, NS_XLINK, NS_XML, NS_XMLNS];

/** The quirks mode a flat tree was parsed in: "no-quirks", "quirks" or "limited-quirks". */
function flatTreeQuirksMode(tree) { return tree[5]; }

/**
 * Appends the nodes of the flat tree `tree` (the children of its result root) to `root`, owned
 * by `doc`. Children of an HTML `template` go into its content fragment, or, when
 * `declarativeShadow` is set (the page's own parse, not innerHTML or DOMParser), a
 * `<template shadowrootmode>` becomes its parent's shadow root as WebKit's parser makes it.
 * A document built from empty gets its element index too (ElementIndex.js), made in the same
 * pass: the elements in tree order, where each subtree ends, the tag buckets.
 */
function buildNodesFromFlatTree(doc, tree, root, declarativeShadow = false) {
  const allocateText = nodeAllocator(Text);
  const nodes = tree[0], attributes = tree[1], text = tree[2], doctype = tree[6];
  const names = tree[3].split(" ");
  const indexing = root === doc && doc[FIRST] === null;
  const elements = [], ends = [], byTag = new Map();
  // Template contents and shadow trees being built (their elements are not the document's).
  let outsideDocument = 0;
  // Pairs (flat index of an element whose children are being built, the DOM parent to go
  // back to): the walk is a loop over the links, however deep the tree.
  const stack = [];
  let parent = root;
  let index = nodes[tree[4] * FLAT_NODE_FIELDS + FLAT_FIRST_CHILD];
  while (true) {
    if (index < 0) {
      if (stack.length === 0) break;
      // `parent`'s children are all built: its subtree ends here.
      if (typeof parent[LOCAL_NAME] !== "string") outsideDocument--;
      else if (indexing && outsideDocument === 0) ends[parent[INDEX_POSITION]] = elements.length;
      parent = stack.pop();
      index = nodes[stack.pop() * FLAT_NODE_FIELDS + FLAT_NEXT_SIBLING];
      continue;
    }
    const base = index * FLAT_NODE_FIELDS;
    const kind = nodes[base] & 0xFF;
    if (kind === ELEMENT_NODE) {
      const nsIndex = nodes[base] >> 8;
      const localName = names[nodes[base + 1]];
      const namespace = FLAT_NAMESPACES[nsIndex];
      const content = nodes[base + FLAT_EXTRA];
      const ElementClass = elementClassFor(localName, namespace);
      // Most elements are made in place as the parent's last child, their links stored once
      // with their other fields (createElementInternal and linkChild would store them twice);
      // a template and an element whose class has construction steps are made, then linked.
      const inPlace = content < 0 && ElementClass[CONSTRUCTION_STEPS] !== true;
      const indexed = indexing && outsideDocument === 0;
      let element;
      if (inPlace) {
        const prev = parent[LAST];
        element = new (nodeAllocator(ElementClass))();
        storeElementFields(element, doc, localName, namespace, null, parent, prev, indexed ? elements.length : -1);
        if (prev === null) parent[FIRST] = element; else prev[NEXT] = element;
        parent[LAST] = element;
      } else {
        element = createElementInternal(doc, localName, namespace, null);
      }
      const count = nodes[base + FLAT_COUNT];
      if (count > 0) {
        const records = element[ATTRS];
        let a = nodes[base + FLAT_START] * FLAT_ATTRIBUTE_FIELDS;
        const end = a + count * FLAT_ATTRIBUTE_FIELDS;
        for (; a < end; a += FLAT_ATTRIBUTE_FIELDS) {
          const name = names[attributes[a]];
          const valueStart = attributes[a + 2];
          const value = text.slice(valueStart, valueStart + attributes[a + 3]);
          const namespace = FLAT_ATTRIBUTE_NAMESPACES[attributes[a + 1]];
          if (namespace === null) {
            records.push({ namespace: null, prefix: null, localName: name, name, value, node: null });
          } else {
            const colon = name.indexOf(":");
            records.push({ namespace, prefix: colon < 0 ? null : name.slice(0, colon), localName: colon < 0 ? name : name.slice(colon + 1), name, value, node: null });
          }
        }
      }
      let childParent = element;
      let linked = true;
      if (content >= 0) {
        // Declarative shadow DOM: the template's children become the parent's shadow tree.
        const shadow = declarativeShadow && count > 0 ? declarativeShadowRoot(parent, element) : null;
        if (shadow === null) linkChild(parent, element, null); else linked = false;
        childParent = shadow === null ? element.content : shadow;
      } else if (!inPlace) {
        linkChild(parent, element, null);
      }
      if (indexed && linked) {
        const position = elements.length;
        if (!inPlace) element[INDEX_POSITION] = position;
        elements.push(element);
        ends.push(position + 1);
        const key = elementIndexTagKey(localName, namespace);
        const bucket = byTag.get(key);
        if (bucket === undefined) byTag.set(key, [element]); else bucket.push(element);
      }
      const first = nodes[(content >= 0 ? content : index) * FLAT_NODE_FIELDS + FLAT_FIRST_CHILD];
      if (first >= 0) {
        if (childParent !== element) outsideDocument++;
        stack.push(index, parent);
        parent = childParent;
        index = first;
        continue;
      }
    } else if (kind === TEXT_NODE) {
      // In place as the parent's last child, like an element.
      const start = nodes[base + FLAT_START];
      const prev = parent[LAST];
      const node = allocateCharacterData(allocateText, doc, text.slice(start, start + nodes[base + FLAT_COUNT]), parent, prev);
      if (prev === null) parent[FIRST] = node; else prev[NEXT] = node;
      parent[LAST] = node;
    } else if (kind === COMMENT_NODE) {
      const start = nodes[base + FLAT_START];
      linkChild(parent, createComment(doc, text.slice(start, start + nodes[base + FLAT_COUNT])), null);
    } else if (kind === DOCUMENT_TYPE_NODE && doctype !== null) {
      linkChild(parent, createDocumentType(doc, text.slice(doctype[0], doctype[0] + doctype[1]),
        text.slice(doctype[2], doctype[2] + doctype[3]), text.slice(doctype[4], doctype[4] + doctype[5])), null);
    }
    index = nodes[base + FLAT_NEXT_SIBLING];
  }
  doc[VERSION]++;
  if (indexing) doc[DOC_STATE].elementIndex = makeElementIndex(doc, elements, ends, byTag, true);
}

/**
 * Parses `html` as a fragment in the context of `context` (an element; a document means a
 * `body` context) through the native parser.
 * @returns {DocumentFragment}
 */
function parseHTMLFragment(context, html) {
  const doc = documentOf(context);
  const fragment = createDocumentFragment(doc);
  if (html === "") return fragment;
  const isElement = context.nodeType === ELEMENT_NODE;
  const localName = isElement ? context[LOCAL_NAME] : "body";
  const namespace = isElement ? FLAT_NAMESPACES.indexOf(context[NAMESPACE]) : 0;
  let inForm = false;
  for (let node = isElement ? context : null; node !== null && node.nodeType === ELEMENT_NODE; node = node[PARENT]) {
    if (node[LOCAL_NAME] === "form" && node[NAMESPACE] === NS_HTML) { inForm = true; break; }
  }
  const encoding = isElement && localName === "annotation-xml" ? getAttributeValue(context, "encoding") : null;
  const quirks = doc[DOC_STATE] ? doc[DOC_STATE].compatMode : "no-quirks";
  const tree = host.parseFragment(html, localName, namespace < 0 ? 0 : namespace, inForm, quirks || "no-quirks", encoding);
  buildNodesFromFlatTree(doc, tree, fragment);
  return fragment;
}
