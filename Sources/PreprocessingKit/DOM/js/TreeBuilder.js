// Builds DOM nodes from the native parser's flat tree (CONTRACT.md "The flat tree"). Not a web
// interface: this is the native parser's hand-over.
//
// A fragment, a DOMParser document or a frame's document is built at once, in one loop. The
// page's own document is built on demand (CONTRACT.md "The page's document on demand"): an
// element's children are made together the first time anything reads or writes its first or
// last child, and an element the element index reaches (a query, a collection) is made with
// the ancestors that lead to it. A script that reads the title, a few <meta> tags and the
// number of links makes tens of nodes of a page's thousands; one that walks everything makes
// them all, as before.

/** Fields of a node record in `tree[0]` (ten Int32s per node). */
const FLAT_NODE_FIELDS = 10;
const FLAT_PARENT = 2, FLAT_FIRST_CHILD = 3, FLAT_NEXT_SIBLING = 6, FLAT_START = 7, FLAT_COUNT = 8, FLAT_EXTRA = 9;
/** Fields of an attribute record in `tree[1]`. */
const FLAT_ATTRIBUTE_FIELDS = 4;
const FLAT_ATTRIBUTE_NAMESPACES = [null, NS_XLINK, NS_XML, NS_XMLNS];

/**
 * The page's parse while its document is built on demand: the flat tree's arrays, the element
 * order the parser gave (`tree[7]`) and the element index's `elements`, where each element made
 * so far sits at its position. One page per realm, so one record; `doc` is null before a page.
 */
const PARSED_PAGE = { doc: null, nodes: null, attributes: null, text: "", names: null, doctype: null, order: null, ends: null, positions: null, elements: null, madeBefore: 0, madeCount: 0 };

/** The quirks mode a flat tree was parsed in: "no-quirks", "quirks" or "limited-quirks". */
function flatTreeQuirksMode(tree) { return tree[5]; }

/**
 * The namespace tables of an XML parse (`tree[8]`, FlatTree+XML.swift), or null for an HTML
 * parse: an element's code indexes `elements`, an attribute's `attributes`; codes from 4 on are
 * the parse's own URIs.
 */
function flatXMLNamespaces(tree) {
  const xml = tree[8];
  if (xml === undefined || xml === null) return null;
  return { elements: [NS_HTML, NS_SVG, NS_MATHML, null, ...xml[0]], attributes: [null, NS_XLINK, NS_XML, NS_XMLNS, ...xml[0]] };
}

/** Fills `records` (an element's ATTRS) from the attributes of the flat node at `base`. */
function readFlatAttributes(records, nodes, attributes, text, names, base, namespaces = FLAT_ATTRIBUTE_NAMESPACES) {
  const count = nodes[base + FLAT_COUNT];
  if (count === 0) return;
  let a = nodes[base + FLAT_START] * FLAT_ATTRIBUTE_FIELDS;
  const end = a + count * FLAT_ATTRIBUTE_FIELDS;
  for (; a < end; a += FLAT_ATTRIBUTE_FIELDS) {
    const name = names[attributes[a]];
    const valueStart = attributes[a + 2];
    const value = text.slice(valueStart, valueStart + attributes[a + 3]);
    const namespace = namespaces[attributes[a + 1]];
    if (namespace === null) {
      records.push({ namespace: null, prefix: null, localName: name, name, value, node: null });
    } else {
      const colon = name.indexOf(":");
      records.push({ namespace, prefix: colon < 0 ? null : name.slice(0, colon), localName: colon < 0 ? name : name.slice(colon + 1), name, value, node: null });
    }
  }
}

/**
 * Appends the nodes of the flat tree `tree` (the children of its result root) to `root`, owned
 * by `doc`. Children of an HTML `template` go into its content fragment, or, when
 * `declarativeShadow` is set (the page's own parse, not innerHTML or DOMParser), a
 * `<template shadowrootmode>` becomes its parent's shadow root as WebKit's parser makes it.
 * A document built from empty gets its element index too (ElementIndex.js), made in the same
 * pass: the elements in tree order, where each subtree ends, the tag buckets.
 */
function buildNodesFromFlatTree(doc, tree, root, declarativeShadow = false) {
  const indexing = root === doc && doc[FIRST] === null;
  const parts = indexing ? { elements: [], ends: [], byTag: new Map() } : null;
  buildFlatDescendants(doc, tree[0], tree[1], tree[2], tree[3].split(" "), tree[6], tree[4], root, declarativeShadow, parts, null, flatXMLNamespaces(tree));
  doc[VERSION]++;
  if (indexing) doc[DOC_STATE].elementIndex = makeElementIndex(doc, parts.elements, parts.ends, parts.byTag, true);
}

/**
 * The loop of buildNodesFromFlatTree: the descendants of flat node `from` become `root`'s,
 * and, when `indexParts` is given, its elements, ends and tag buckets (the document's own
 * elements); with `page` (PARSED_PAGE: the descendants of one of its elements), each element
 * of the document takes its place in the page's element index. It does not count as a change
 * of `doc` (a template's content made on demand is not one).
 */
function buildFlatDescendants(doc, nodes, attributes, text, names, doctype, from, root, declarativeShadow, indexParts, page = null, xml = null) {
  const allocateText = nodeAllocator(Text);
  const indexing = indexParts !== null;
  const elements = indexing ? indexParts.elements : null, ends = indexing ? indexParts.ends : null, byTag = indexing ? indexParts.byTag : null;
  // Template contents and shadow trees being built (their elements are not the document's).
  let outsideDocument = 0;
  // Pairs (flat index of an element whose children are being built, the DOM parent to go
  // back to): the walk is a loop over the links, however deep the tree.
  const stack = [];
  let parent = root;
  let index = nodes[from * FLAT_NODE_FIELDS + FLAT_FIRST_CHILD];
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
      let localName = names[nodes[base + 1]], prefix = null, namespace;
      if (xml === null) {
        namespace = FLAT_NAMESPACES[nodes[base] >> 8];
      } else {
        // An XML parse names elements by their qualified names.
        namespace = xml.elements[nodes[base] >> 8];
        const colon = localName.indexOf(":");
        if (colon >= 0) { prefix = localName.slice(0, colon); localName = localName.slice(colon + 1); }
      }
      const content = nodes[base + FLAT_EXTRA];
      const ElementClass = elementClassFor(localName, namespace);
      // Most elements are made in place as the parent's last child, their links stored once
      // with their other fields (createElementInternal and linkChild would store them twice);
      // a template and an element whose class has construction steps are made, then linked.
      const inPlace = content < 0 && ElementClass[CONSTRUCTION_STEPS] !== true;
      const position = outsideDocument > 0 ? -1 : page !== null ? page.positions[index] : indexing ? elements.length : -1;
      let element;
      if (inPlace) {
        const prev = parent[LAST];
        element = new (nodeAllocator(ElementClass))();
        storeElementFields(element, doc, localName, namespace, prefix, parent, prev, position);
        if (prev === null) parent[FIRST] = element; else prev[NEXT] = element;
        parent[LAST] = element;
      } else {
        element = createElementInternal(doc, localName, namespace, prefix);
      }
      readFlatAttributes(element[ATTRS], nodes, attributes, text, names, base, xml === null ? FLAT_ATTRIBUTE_NAMESPACES : xml.attributes);
      let childParent = element;
      let linked = true;
      if (content >= 0) {
        // Declarative shadow DOM: the template's children become the parent's shadow tree.
        const shadow = declarativeShadow && nodes[base + FLAT_COUNT] > 0 ? declarativeShadowRoot(parent, element) : null;
        if (shadow === null) linkChild(parent, element, null); else linked = false;
        childParent = shadow === null ? element.content : shadow;
      } else if (!inPlace) {
        linkChild(parent, element, null);
      }
      if (position >= 0 && linked) {
        if (!inPlace) element[INDEX_POSITION] = position;
        if (page !== null) {
          page.elements[position] = element;
          page.madeCount++;
        } else {
          elements.push(element);
          ends.push(position + 1);
          const key = elementIndexTagKey(localName, namespace);
          const bucket = byTag.get(key);
          if (bucket === undefined) byTag.set(key, [position]); else bucket.push(position);
        }
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
      linkChild(parent, createFlatDoctype(doc, text, doctype), null);
    } else if (kind === CDATA_SECTION_NODE) {
      const start = nodes[base + FLAT_START];
      linkChild(parent, createCDATASectionNode(doc, text.slice(start, start + nodes[base + FLAT_COUNT])), null);
    } else if (kind === PROCESSING_INSTRUCTION_NODE) {
      const start = nodes[base + FLAT_START];
      linkChild(parent, createProcessingInstruction(doc, names[nodes[base + 1]], text.slice(start, start + nodes[base + FLAT_COUNT])), null);
    }
    index = nodes[base + FLAT_NEXT_SIBLING];
  }
}

function createFlatDoctype(doc, text, doctype) {
  return createDocumentType(doc, text.slice(doctype[0], doctype[0] + doctype[1]),
    text.slice(doctype[2], doctype[2] + doctype[3]), text.slice(doctype[4], doctype[4] + doctype[5]));
}

/**
 * Gives the page's document `doc` the parsed tree `tree`, whose eighth item is the parser's
 * element order: the document's own children are made now, every other node on demand; the
 * element index is made from the order, so queries find elements without making the others.
 * A page where a `<template shadowrootmode>` may become a shadow root (which takes it out of
 * the tree the order describes) is built at once.
 */
function installParsedDocument(doc, tree) {
  const order = tree[7];
  if (tree[8] !== undefined && tree[8] !== null) applyXMLDeclaration(doc, tree);
  if (order === undefined || order === null || order[3] === true) {
    buildNodesFromFlatTree(doc, tree, doc, true);
    return;
  }
  const elements = new Array(order[0].length);
  PARSED_PAGE.doc = doc;
  PARSED_PAGE.nodes = tree[0];
  PARSED_PAGE.attributes = tree[1];
  PARSED_PAGE.text = tree[2];
  PARSED_PAGE.names = tree[3].split(" ");
  PARSED_PAGE.doctype = tree[6];
  PARSED_PAGE.order = order[0];
  PARSED_PAGE.ends = order[1];
  PARSED_PAGE.positions = order[2];
  PARSED_PAGE.elements = elements;
  PARSED_PAGE.madeBefore = 0;
  PARSED_PAGE.madeCount = 0;
  makeParsedChildren(doc, tree[4], false);
  doc[VERSION]++;
  const index = makeElementIndex(doc, elements, order[1], new Map(), false);
  index.parsed = PARSED_PAGE;
  doc[DOC_STATE].elementIndex = index;
  // Frames register themselves when made, in tree order, and a page's frames are counted when
  // its window is installed: they are made now, with the templates, whose content (which may
  // hold frames) is made with them. All three are HTML elements.
  const names = PARSED_PAGE.names, nodes = PARSED_PAGE.nodes, elementOrder = PARSED_PAGE.order;
  const iframe = names.indexOf("iframe"), frame = names.indexOf("frame"), template = names.indexOf("template");
  for (let position = 0; position < elementOrder.length; position++) {
    const base = elementOrder[position] * FLAT_NODE_FIELDS;
    const name = nodes[base + 1];
    if ((name === iframe || name === frame || name === template) && nodes[base] >> 8 === 0) parsedElementAt(PARSED_PAGE, position);
  }
}

/**
 * Makes the children of the parsed node `flatIndex`, whose object is `parent`, and links them:
 * through own properties defined now when `parent` was made without its child links (an
 * element of the page, whose links read through Element.prototype until then), by assignment
 * otherwise (the document, a constructed element).
 */
function makeParsedChildren(parent, flatIndex, defineLinks) {
  const page = PARSED_PAGE;
  const nodes = page.nodes, text = page.text, doc = page.doc;
  const allocateText = nodeAllocator(Text);
  let first = null, last = null;
  for (let index = nodes[flatIndex * FLAT_NODE_FIELDS + FLAT_FIRST_CHILD]; index >= 0; index = nodes[index * FLAT_NODE_FIELDS + FLAT_NEXT_SIBLING]) {
    const base = index * FLAT_NODE_FIELDS;
    const kind = nodes[base] & 0xFF;
    let node;
    if (kind === ELEMENT_NODE) {
      node = makeParsedElement(page, index, parent, last);
    } else if (kind === TEXT_NODE || kind === COMMENT_NODE) {
      const start = nodes[base + FLAT_START];
      node = allocateCharacterData(kind === TEXT_NODE ? allocateText : nodeAllocator(Comment), doc,
        text.slice(start, start + nodes[base + FLAT_COUNT]), parent, last);
    } else if (kind === DOCUMENT_TYPE_NODE && page.doctype !== null) {
      node = createFlatDoctype(doc, text, page.doctype);
      node[PARENT] = parent;
      node[PREV] = last;
    } else {
      continue;
    }
    if (last === null) first = node; else last[NEXT] = node;
    last = node;
  }
  if (defineLinks) {
    Object.defineProperty(parent, FIRST, { value: first, writable: true, enumerable: true, configurable: true });
    Object.defineProperty(parent, LAST, { value: last, writable: true, enumerable: true, configurable: true });
  } else {
    parent[FIRST] = first;
    parent[LAST] = last;
  }
}

/**
 * The element of the page's flat node `index`, made as `parent`'s child after `prev` (the
 * caller links `prev` to it). A leaf gets its (null) child links at once; an element with
 * children keeps its flat index for them. A constructed element (a form, a frame) is made with
 * its links, so its children are made at once; a template's content is made with it.
 */
function makeParsedElement(page, index, parent, prev) {
  const nodes = page.nodes, doc = page.doc;
  const base = index * FLAT_NODE_FIELDS;
  const localName = page.names[nodes[base + 1]];
  const namespace = FLAT_NAMESPACES[nodes[base] >> 8];
  const position = page.positions[index];
  const ElementClass = elementClassFor(localName, namespace);
  let element;
  if (ElementClass[CONSTRUCTION_STEPS] !== true) {
    element = new (nodeAllocator(ElementClass))();
    storeElementFields(element, doc, localName, namespace, null, parent, prev, position,
      nodes[base + FLAT_FIRST_CHILD] >= 0 ? index : -1);
    readFlatAttributes(element[ATTRS], nodes, page.attributes, page.text, page.names, base);
  } else {
    element = createElementInternal(doc, localName, namespace, null);
    element[PARENT] = parent;
    element[PREV] = prev;
    element[INDEX_POSITION] = position;
    readFlatAttributes(element[ATTRS], nodes, page.attributes, page.text, page.names, base);
    makeParsedChildren(element, index, false);
  }
  if (position >= 0) { page.elements[position] = element; page.madeCount++; }
  const content = nodes[base + FLAT_EXTRA];
  if (content >= 0) {
    buildFlatDescendants(doc, nodes, page.attributes, page.text, page.names, page.doctype, content, element.content, false, null);
  }
  return element;
}

/**
 * The page's element at `position` in the parser's element order, made (with the ancestors
 * it needs) if it was not yet. Only while the document's structure is the parsed one: the
 * element index calls it for an index made from the order that is still current.
 */
function parsedElementAt(page, position) {
  const made = page.elements[position];
  if (made !== undefined) return made;
  // The nearest ancestor already made (the document at worst); each element's children are
  // made together, so making the ancestors' children from there down makes this one.
  const nodes = page.nodes, positions = page.positions;
  const path = [];
  let ancestor = nodes[page.order[position] * FLAT_NODE_FIELDS + FLAT_PARENT];
  while (ancestor > 0 && page.elements[positions[ancestor]] === undefined) {
    path.push(ancestor);
    ancestor = nodes[ancestor * FLAT_NODE_FIELDS + FLAT_PARENT];
  }
  // Reading an element's first child makes its children (expandParsedElement).
  let node = ancestor > 0 ? page.elements[positions[ancestor]] : page.doc;
  node[FIRST];
  for (let i = path.length - 1; i >= 0; i--) {
    node = page.elements[positions[path[i]]];
    node[FIRST];
  }
  return page.elements[position];
}

/**
 * Makes every element at positions [start, end) of the page's order, in tree order: an
 * element whose children are not made yet gets its whole subtree in one pass, as a fragment is
 * built. What walks a whole range (a collection of every element, a text table) makes the
 * nodes where they would have been made with the page, next to each other in memory and in
 * tree order, which the walks after it visit faster than nodes made parent by parent.
 * `madeBefore`: every element before it is made with its children, so no range is looked
 * through twice. `madeCount`: how many elements are made.
 */
function makeParsedRange(page, start, end) {
  if (end <= page.madeBefore) return;
  const elements = page.elements, ends = page.ends;
  if (start <= page.madeBefore) {
    start = page.madeBefore;
    page.madeBefore = end;
  }
  for (let position = start; position < end;) {
    const element = elements[position] !== undefined ? elements[position] : parsedElementAt(page, position);
    if (element[FLAT_INDEX] >= 0) {
      makeParsedSubtree(element);
      position = ends[position];
    } else {
      position++;
    }
  }
}

/** Makes all the descendants of the page's element `element`, none of which is made yet. */
function makeParsedSubtree(element) {
  const page = PARSED_PAGE;
  const index = element[FLAT_INDEX];
  element[FLAT_INDEX] = -1;
  Object.defineProperties(element, NO_CHILD_LINKS);
  buildFlatDescendants(page.doc, page.nodes, page.attributes, page.text, page.names, page.doctype, index, element, false, null, page);
}

/** What Element.prototype's FIRST and LAST accessors do for an element made without them. */
function expandParsedElement(element) {
  const index = element[FLAT_INDEX];
  if (!(index >= 0)) return false; // a prototype, or an element whose children are made
  element[FLAT_INDEX] = -1;
  makeParsedChildren(element, index, true);
  return true;
}

/** Whether `node` is of the page's document while some of its elements are not made. */
function inPartlyMadePage(node) {
  return PARSED_PAGE.doc !== null && PARSED_PAGE.madeCount < PARSED_PAGE.elements.length && node[OWNER] === PARSED_PAGE.doc;
}

/**
 * The text of the descendants of the page's parsed node `flatIndex`, none of them made: their
 * text nodes' data in tree order, as textContent reads it from made nodes (a template's
 * content is not among its descendants).
 */
function parsedTextContent(flatIndex) {
  const nodes = PARSED_PAGE.nodes, text = PARSED_PAGE.text;
  let result = "";
  let index = nodes[flatIndex * FLAT_NODE_FIELDS + FLAT_FIRST_CHILD];
  while (index >= 0) {
    const base = index * FLAT_NODE_FIELDS;
    const kind = nodes[base] & 0xFF;
    if (kind === TEXT_NODE) {
      const start = nodes[base + FLAT_START];
      result += text.slice(start, start + nodes[base + FLAT_COUNT]);
    } else if (kind === ELEMENT_NODE && nodes[base + FLAT_FIRST_CHILD] >= 0) {
      index = nodes[base + FLAT_FIRST_CHILD];
      continue;
    }
    // The next node after this one's subtree: a sibling, or an ancestor's below `flatIndex`.
    while (nodes[index * FLAT_NODE_FIELDS + FLAT_NEXT_SIBLING] < 0) {
      index = nodes[index * FLAT_NODE_FIELDS + FLAT_PARENT];
      if (index === flatIndex) return result;
    }
    index = nodes[index * FLAT_NODE_FIELDS + FLAT_NEXT_SIBLING];
  }
  return result;
}

/**
 * How many of the page's parsed elements are made so far, and how many it has: [made, parsed]
 * ([0, 0] when the page was built at once).
 */
function parsedElementCounts() {
  const elements = PARSED_PAGE.elements;
  return elements === null ? [0, 0] : [PARSED_PAGE.madeCount, elements.length];
}

/**
 * Parses `html` as a fragment in the context of `context` (an element; a document means a
 * `body` context) through the native parser.
 * @returns {DocumentFragment}
 */
function parseHTMLFragment(context, html) {
  const doc = documentOf(context);
  const fragment = createDocumentFragment(doc);
  const isElement = context.nodeType === ELEMENT_NODE;
  // Empty markup parses to nothing in every context but an HTML `html` element: there the
  // fragment case starts "before head", and its end-of-file steps make `head` and `body`.
  if (html === "" && !(isElement && context[LOCAL_NAME] === "html" && context[NAMESPACE] === NS_HTML)) return fragment;
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

/** The XML declaration of an XML parse (`tree[8]`: version, encoding, standalone), which the document keeps for its serialisation. */
function applyXMLDeclaration(doc, tree) {
  const xml = tree[8];
  doc[DOC_STATE].xmlDeclaration = xml[1] === null ? null : { version: xml[1], encoding: xml[2], standalone: xml[3] };
}
