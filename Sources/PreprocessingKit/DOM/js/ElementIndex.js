// The element index of a document: its elements in tree order, where each one's subtree ends,
// the elements by lower-cased local name and, read from the attributes, by class. Not a web
// interface: queries that would walk the whole tree (getElementsBy*, querySelectorAll, the live
// collections) read a range of it instead, and a script that runs a hundred lookups on a page
// walks the links once.
//
// The index follows the tree's structure; the class table also follows the attributes. Both are
// rebuilt lazily, and only when a second query arrives at the same document version: a script
// that changes the tree between single queries keeps the plain walks (and a querySelector that
// stops at its first match), a script that queries a settled tree gets the tables.

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
  // the query that would build it: a first querySelector still stops at its first match.
  if (current) { index.waiting = false; return index; }
  return state.elementIndex = buildElementIndex(doc);
}

/**
 * An index of `doc` from its elements in tree order, where each one's subtree ends, and the
 * tag buckets; `waiting` for one the tree builder made before any query (elementIndexForQuery).
 */
function makeElementIndex(doc, elements, ends, byTag, waiting) {
  return { doc, structure: documentStructureVersion(doc), elements, ends, byTag, byClass: null, classVersion: -1, classFolded: false, texts: null, textVersion: -1, waiting };
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
      if (bucket === undefined) byTag.set(key, [node]); else bucket.push(node);
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

/** Whether `element` lies in the query's range (its index position is current: checked by the caller). */
function elementIndexContains(query, element) {
  const position = element[INDEX_POSITION];
  return position >= query.start && position < query.end;
}

/** The class table: class name (ASCII-lowercased in quirks mode) → elements in tree order. */
function elementIndexClasses(query) {
  const index = query.index;
  const version = index.doc[VERSION];
  if (index.byClass !== null && index.classVersion === version && index.classFolded === query.folded) return index.byClass;
  const byClass = new Map();
  const elements = index.elements;
  for (let i = 0; i < elements.length; i++) {
    const element = elements[i];
    let value = getAttributeValue(element, "class");
    if (value === null || value === "") continue;
    if (query.folded) value = selectorAsciiLower(value);
    const names = value.split(ASCII_WHITESPACE);
    for (let k = 0; k < names.length; k++) {
      const name = names[k];
      if (name === "") continue;
      const bucket = byClass.get(name);
      if (bucket === undefined) byClass.set(name, [element]);
      else if (bucket[bucket.length - 1] !== element) bucket.push(element);
    }
  }
  index.byClass = byClass;
  index.classVersion = version;
  index.classFolded = query.folded;
  return byClass;
}

/** Descendant elements of the query's root in `bucket` (tree order) passing `predicate`. */
function elementIndexFilter(query, bucket, predicate) {
  const found = [];
  if (bucket === undefined) return found;
  const whole = query.start === 0 && query.end === query.index.elements.length;
  for (let i = 0; i < bucket.length; i++) {
    const element = bucket[i];
    if ((whole || elementIndexContains(query, element)) && predicate(element)) found.push(element);
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
    index.texts = buildElementTexts(index.elements);
    index.textVersion = version;
  }
  return index.texts[position];
}

function buildElementTexts(elements) {
  const texts = new Array(elements.length);
  for (let i = elements.length - 1; i >= 0; i--) {
    let text = "";
    for (let child = elements[i][FIRST]; child !== null; child = child[NEXT]) {
      if (typeof child[LOCAL_NAME] === "string") text += texts[child[INDEX_POSITION]];
      else if (child.nodeType === TEXT_NODE) text += child[DATA];
    }
    texts[i] = text;
  }
  return texts;
}
