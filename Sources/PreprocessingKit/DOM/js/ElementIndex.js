// The element index of a document: its elements in tree order, where each one's subtree ends,
// the elements by lower-cased local name and, read from the attributes, by class. Not a web
// interface: queries that would walk the whole tree (getElementsBy*, querySelectorAll, the live
// collections) read a range of it instead, and a script that runs a hundred lookups on a page
// walks the links once. Buckets hold positions in the tree order.
//
// The index follows the tree's structure; the class table also follows the attributes. Both are
// rebuilt lazily, and only when a second query arrives at the same document version: a script
// that changes the tree between single queries keeps the plain walks (and a querySelector that
// stops at its first match), a script that queries a settled tree gets the tables.
//
// The page's document, built on demand (TreeBuilder.js), starts with an index made from the
// parser's element order (`parsed`): its elements are made when the index hands them out
// (elementIndexElement), its tag buckets when first asked for, its class and id tables from the
// parsed attributes of the elements not made yet. It is used from the first query on: walking
// would make the nodes it passes.

/** Queries at one document version before the index is (re)built for it. */
const ELEMENT_INDEX_QUERIES_BEFORE_BUILD = 2;

/** The version of `doc`'s structure: VERSION counts every change, attributeChanges those to attributes. */
function documentStructureVersion(doc) { return doc[VERSION] - doc[DOC_STATE].attributeChanges; }

/** Whether class and id selectors and getElementsByClassName compare case-insensitively in `doc`. */
function documentFoldsClassCase(doc) {
  return doc !== null && doc !== undefined && doc[DOC_STATE] !== undefined && doc[DOC_STATE].compatMode === "quirks";
}

/**
 * `doc`'s element index when it is current or worth building now, else null (the caller walks).
 * @returns {{doc: Document, structure: number, elements: Element[], ends: number[], byTag: Map, byClass: Map|null, classVersion: number, classFolded: boolean, texts: string[]|null, textVersion: number, waiting: boolean}|null}
 */
function elementIndexForQuery(doc) {
  const state = doc[DOC_STATE];
  if (state === undefined) return null;
  const index = state.elementIndex;
  const current = index !== null && index.structure === documentStructureVersion(doc);
  if (current && !index.waiting) return index;
  if (state.queryVersion !== doc[VERSION]) { state.queryVersion = doc[VERSION]; state.queriesAtVersion = 0; }
  if (++state.queriesAtVersion < ELEMENT_INDEX_QUERIES_BEFORE_BUILD) return null;
  // An index made with the tree (buildNodesFromFlatTree) waits, like one not yet built, for
  // the query that would build it: a first querySelector still stops at its first match. One
  // made from the parser's order does not wait (makeElementIndex's `waiting`).
  if (current) { index.waiting = false; return index; }
  return state.elementIndex = buildElementIndex(doc);
}

/**
 * An index of `doc` from its elements in tree order, where each one's subtree ends, and the
 * tag buckets; `waiting` for one the tree builder made before any query (elementIndexForQuery).
 */
function makeElementIndex(doc, elements, ends, byTag, waiting) {
  return { doc, structure: documentStructureVersion(doc), elements, ends, byTag, byClass: null, classVersion: -1, classFolded: false, texts: null, textVersion: -1, waiting, parsed: null };
}

/** The element at `position` of a current index (made now if the page's document had not made it). */
function elementIndexElement(index, position) {
  const element = index.elements[position];
  return element !== undefined ? element : parsedElementAt(index.parsed, position);
}

/** The positions of the elements whose tag bucket is `key` (elementIndexTagKey), in tree order; undefined for none. */
function elementIndexTagBucket(index, key) {
  let bucket = index.byTag.get(key);
  if (bucket === undefined && index.parsed !== null) {
    bucket = parsedTagBucket(index.parsed, key);
    index.byTag.set(key, bucket);
  }
  return bucket;
}

/** A tag bucket of the parsed order, from the names' ids: an HTML element's key is its name, a foreign one's the name's ASCII lower case. */
function parsedTagBucket(page, key) {
  const names = page.names, nodes = page.nodes, order = page.order;
  let exact = -1;
  const folded = [];
  for (let id = 0; id < names.length; id++) {
    const name = names[id];
    if (name.length !== key.length) continue;
    if (name === key) exact = id;
    if (selectorAsciiLower(name) === key) folded.push(id);
  }
  const bucket = [];
  if (folded.length === 0) return bucket;
  for (let position = 0; position < order.length; position++) {
    const base = order[position] * FLAT_NODE_FIELDS;
    const id = nodes[base + 1];
    if (nodes[base] >> 8 === 0 ? id === exact : folded.includes(id)) bucket.push(position);
  }
  return bucket;
}

/** The value of the attribute with no namespace named `name` of the parsed element at `position`, or null. */
function parsedAttributeValue(page, position, name) {
  const nodes = page.nodes, attributes = page.attributes, names = page.names;
  const base = page.order[position] * FLAT_NODE_FIELDS;
  let a = nodes[base + FLAT_START] * FLAT_ATTRIBUTE_FIELDS;
  const end = a + nodes[base + FLAT_COUNT] * FLAT_ATTRIBUTE_FIELDS;
  for (; a < end; a += FLAT_ATTRIBUTE_FIELDS) {
    if (attributes[a + 1] === 0 && names[attributes[a]] === name) {
      const start = attributes[a + 2];
      return page.text.slice(start, start + attributes[a + 3]);
    }
  }
  return null;
}

/** The attribute `name` (no namespace) of the element at `position` of a current index, without making the element. */
function elementIndexAttribute(index, position, name) {
  const element = index.elements[position];
  return element !== undefined ? getAttributeValue(element, name) : parsedAttributeValue(index.parsed, position, name);
}

/**
 * Positions in the query's range whose `id` attribute is `id`, ASCII case-insensitively when
 * the query folds case, in tree order: the candidates of a lone `#id` selector.
 */
function elementIndexIdCandidates(query, id) {
  const index = query.index;
  const wanted = query.folded ? selectorAsciiLower(id) : id;
  const found = [];
  for (let i = query.start; i < query.end; i++) {
    const value = elementIndexAttribute(index, i, "id");
    if (value !== null && (query.folded ? selectorAsciiLower(value) : value) === wanted) found.push(i);
  }
  return found;
}

/**
 * How many elements in the query's range (an index made from the parser's order) in tag bucket
 * `key` getElementsByTagName(`name`) finds, without making them: an HTML element in an HTML
 * document by its name against `lower`, any other by its name against `name` (parsed elements
 * have no prefix).
 */
function parsedTagNameCount(query, key, name, lower, htmlDocument) {
  const index = query.index, page = index.parsed;
  const bucket = elementIndexTagBucket(index, key);
  const whole = query.start === 0 && query.end === index.elements.length;
  let count = 0;
  for (let i = 0; i < bucket.length; i++) {
    const position = bucket[i];
    if (!whole && !elementIndexContains(query, position)) continue;
    const base = page.order[position] * FLAT_NODE_FIELDS;
    const localName = page.names[page.nodes[base + 1]];
    if (htmlDocument && page.nodes[base] >> 8 === 0 ? localName === lower : localName === name) count++;
  }
  return count;
}

/** `doc`'s index when it was made from the parser's order and is still current, else null. */
function parsedElementIndex(doc) {
  const state = doc[DOC_STATE];
  const index = state === undefined ? null : state.elementIndex;
  return index !== null && index.parsed !== null && index.structure === documentStructureVersion(doc) ? index : null;
}

/** The tag bucket of an element with this local name and namespace: the name, ASCII-lowercased outside HTML. */
function elementIndexTagKey(localName, namespace) {
  return namespace === NS_HTML ? localName : selectorAsciiLower(localName);
}

function buildElementIndex(doc) {
  const elements = [], ends = [], open = [];
  const byTag = new Map();
  for (let node = doc[FIRST]; node !== null;) {
    const localName = node[LOCAL_NAME];
    if (typeof localName === "string") {
      const position = elements.length;
      elements.push(node);
      ends.push(position + 1);
      node[INDEX_POSITION] = position;
      const key = elementIndexTagKey(localName, node[NAMESPACE]);
      const bucket = byTag.get(key);
      if (bucket === undefined) byTag.set(key, [position]); else bucket.push(position);
      if (node[FIRST] !== null) { open.push(position); node = node[FIRST]; continue; }
    }
    // Only elements have children below the document, so each step up closes an open element.
    let next = node[NEXT];
    while (next === null) {
      node = node[PARENT];
      if (node === doc) break;
      ends[open.pop()] = elements.length;
      next = node[NEXT];
    }
    node = next;
  }
  return makeElementIndex(doc, elements, ends, byTag, false);
}

/**
 * The positions [start, end) in `index.elements` of `root`'s descendant elements, as
 * `range.start`/`range.end`; false when `root` is not the document or an element in it.
 */
function elementIndexRange(index, doc, root, range) {
  if (root === doc) { range.start = 0; range.end = index.elements.length; return true; }
  const position = root[INDEX_POSITION];
  if (position === undefined || index.elements[position] !== root) return false;
  range.start = position + 1;
  range.end = index.ends[position];
  return true;
}

/** The index and range for a query on `root`'s descendants, or null to walk the links. */
function elementIndexQuery(root) {
  const doc = documentOf(root);
  if (doc === null || doc === undefined) return null;
  if (root !== doc) {
    if (typeof root[LOCAL_NAME] !== "string") return null;
    // A detached element never needs the index built.
    const index = doc[DOC_STATE].elementIndex;
    const current = index !== null && index.structure === documentStructureVersion(doc);
    if (!current && rootOf(root) !== doc) return null;
  }
  const index = elementIndexForQuery(doc);
  if (index === null) return null;
  const query = { index, start: 0, end: 0, folded: documentFoldsClassCase(doc) };
  return elementIndexRange(index, doc, root, query) ? query : null;
}

/** Whether `position` lies in the query's range. */
function elementIndexContains(query, position) {
  return position >= query.start && position < query.end;
}

/** The class table: class name (ASCII-lowercased in quirks mode) → positions in tree order. */
function elementIndexClasses(query) {
  const index = query.index;
  const version = index.doc[VERSION];
  if (index.byClass !== null && index.classVersion === version && index.classFolded === query.folded) return index.byClass;
  const byClass = new Map();
  const count = index.elements.length;
  for (let i = 0; i < count; i++) {
    let value = elementIndexAttribute(index, i, "class");
    if (value === null || value === "") continue;
    if (query.folded) value = selectorAsciiLower(value);
    const names = value.split(ASCII_WHITESPACE);
    for (let k = 0; k < names.length; k++) {
      const name = names[k];
      if (name === "") continue;
      const bucket = byClass.get(name);
      if (bucket === undefined) byClass.set(name, [i]);
      else if (bucket[bucket.length - 1] !== i) bucket.push(i);
    }
  }
  index.byClass = byClass;
  index.classVersion = version;
  index.classFolded = query.folded;
  return byClass;
}

/**
 * Descendant elements of the query's root in `bucket` (positions in tree order) passing
 * `predicate`; the first only when `firstOnly`.
 */
function elementIndexFilter(query, bucket, predicate, firstOnly = false) {
  const found = [];
  if (bucket === undefined) return found;
  const index = query.index;
  const whole = query.start === 0 && query.end === index.elements.length;
  for (let i = 0; i < bucket.length; i++) {
    const position = bucket[i];
    if (!whole && !elementIndexContains(query, position)) continue;
    const element = elementIndexElement(index, position);
    if (predicate(element)) {
      found.push(element);
      if (firstOnly) break;
    }
  }
  return found;
}

/**
 * `element`'s textContent from the index's table of every element's text, or undefined when
 * the caller should walk (no current index, the element outside it, or too little read at this
 * document version to repay the table). The table is made bottom-up in one pass, each element's text joined from
 * its children's, so a script that reads the text of every element does linear work; the
 * strings share their pieces until read.
 */
function elementIndexTextContent(element) {
  const query = elementIndexQuery(element);
  if (query === null) return undefined;
  const index = query.index;
  const doc = index.doc;
  const version = doc[VERSION];
  const position = element[INDEX_POSITION];
  if (index.textVersion !== version) {
    // Walks are cheaper until the elements they would visit at this version reach half the
    // document's (the table costs less than one walk of the whole tree: one pass over each
    // element's children instead of a step through every node).
    const state = doc[DOC_STATE];
    if (state.textQueryVersion !== version) { state.textQueryVersion = version; state.textWalkedAtVersion = 0; }
    state.textWalkedAtVersion += index.ends[position] - position;
    if (state.textWalkedAtVersion * 2 < index.elements.length) return undefined;
    index.texts = buildElementTexts(index);
    index.textVersion = version;
  }
  return index.texts[position];
}

function buildElementTexts(index) {
  const count = index.elements.length;
  if (index.parsed !== null) makeParsedRange(index.parsed, 0, count);
  const elements = index.elements;
  const texts = new Array(count);
  for (let i = count - 1; i >= 0; i--) {
    let text = "";
    for (let child = elements[i][FIRST]; child !== null; child = child[NEXT]) {
      if (typeof child[LOCAL_NAME] === "string") text += texts[child[INDEX_POSITION]];
      else if (child.nodeType === TEXT_NODE || child.nodeType === CDATA_SECTION_NODE) text += child[DATA];
    }
    texts[i] = text;
  }
  return texts;
}
