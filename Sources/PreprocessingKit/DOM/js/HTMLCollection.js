// HTMLCollection: https://dom.spec.whatwg.org/#interface-htmlcollection
// Always live: a Proxy (see NodeList.js) recomputing its elements when the document changed.
// Also HTMLFormControlsCollection and HTMLOptionsCollection (https://html.spec.whatwg.org/#htmlformcontrolscollection).

class HTMLCollection {
  constructor(token) {
    if (token !== INTERNAL) throw new TypeError("Illegal constructor");
    this[SOURCE] = null;
    this[ITEMS] = null;
  }
  get length() { return collectionLength(this); }
  item(index) {
    const item = collectionItems(this)[index >>> 0];
    return item === undefined ? null : item;
  }
  namedItem(name) { return namedCollectionItem(collectionItems(this), String(name)); }
  [Symbol.iterator]() { return collectionItems(this).slice().values(); }
}

/** https://dom.spec.whatwg.org/#dom-htmlcollection-nameditem-key */
function namedCollectionItem(items, name) {
  if (name === "") return null;
  for (const element of items) {
    if (getAttributeValue(element, "id") === name) return element;
    if (element[NAMESPACE] === NS_HTML && getAttributeValue(element, "name") === name) return element;
  }
  return null;
}

class HTMLFormControlsCollection extends HTMLCollection {
  namedItem(name) {
    const matches = collectionItems(this).filter((el) => getAttributeValue(el, "id") === name || getAttributeValue(el, "name") === name);
    if (matches.length === 0) return null;
    if (matches.length === 1) return matches[0];
    return createStaticNodeList(matches); // browsers return a RadioNodeList here
  }
}

class HTMLOptionsCollection extends HTMLCollection {
  get selectedIndex() { return this[SOURCE].root.selectedIndex; }
  set selectedIndex(value) { this[SOURCE].root.selectedIndex = value; }
  add(element, before) {
    const select = this[SOURCE].root;
    select.insertBefore(element, typeof before === "number" ? this.item(before) : before || null);
  }
  remove(index) {
    const option = this.item(index);
    if (option) option.remove();
  }
}

/**
 * A live HTMLCollection (of class `Collection`) over `collect(root, arg)`; `count(root, arg)`,
 * when given, is its length without the items when it can tell (else -1).
 */
function createLiveCollection(root, collect, arg, Collection = HTMLCollection, count = null) {
  return createLiveList(Collection, root, collect, arg, true, count);
}

function collectChildElements(root) {
  const items = [];
  for (let c = root[FIRST]; c !== null; c = c[NEXT]) if (c.nodeType === ELEMENT_NODE) items.push(c);
  return items;
}

/** Descendant elements of `root` for which `predicate(element)` holds, in tree order. */
function collectDescendantElements(root, predicate) {
  const query = elementIndexQuery(root);
  if (query === null) return walkDescendantElements(root, predicate);
  const items = [], index = query.index, end = query.end;
  if (index.parsed !== null) makeParsedRange(index.parsed, query.start, end);
  for (let i = query.start; i < end; i++) {
    const element = elementIndexElement(index, i);
    if (predicate(element)) items.push(element);
  }
  return items;
}

/** collectDescendantElements over the tree's links (a root outside the document's index). */
function walkDescendantElements(root, predicate) {
  const items = [];
  for (let node = root[FIRST]; node !== null; node = nextInTree(node, root)) {
    if (node.nodeType === ELEMENT_NODE && predicate(node)) items.push(node);
  }
  return items;
}
