// NodeList: https://dom.spec.whatwg.org/#interface-nodelist
// Live lists (childNodes) are Proxies over a NodeList whose items are recomputed only when the
// document's VERSION changed; static lists (querySelectorAll) hold their items as own indices.

class NodeList {
  constructor(token) {
    if (token !== INTERNAL) throw new TypeError("Illegal constructor");
    this[SOURCE] = null;
    this[ITEMS] = null;
  }
  get length() { return collectionItems(this).length; }
  item(index) {
    const item = collectionItems(this)[index >>> 0];
    return item === undefined ? null : item;
  }
  forEach(callback, thisArg) {
    const items = collectionItems(this).slice();
    for (let i = 0; i < items.length; i++) callback.call(thisArg, items[i], i, this);
  }
  keys() { return collectionItems(this).slice().keys(); }
  values() { return collectionItems(this).slice().values(); }
  entries() { return collectionItems(this).slice().entries(); }
  [Symbol.iterator]() { return collectionItems(this).slice().values(); }
}

/**
 * A live list's length: what its source's `count` says while its items are not current (a
 * document built on demand counts elements without making them), else its items'.
 */
function collectionLength(list) {
  const source = list[SOURCE];
  if (source !== null && source.count !== null && source.version !== documentOf(source.root)[VERSION]) {
    const count = source.count(source.root, source.arg);
    if (count >= 0) return count;
  }
  return collectionItems(list).length;
}

/**
 * The current items of a NodeList or HTMLCollection (the array itself: callers must not change it).
 * Live ones re-collect when the document's VERSION differs from the cached one.
 */
function collectionItems(list) {
  const source = list[SOURCE];
  if (source === null) return list[ITEMS];
  const version = documentOf(source.root)[VERSION];
  if (source.version !== version) {
    source.items = source.collect(source.root, source.arg);
    source.version = version;
  }
  return source.items;
}

/** The array index a property key names, or -1. */
function arrayIndexOfKey(key) {
  const code = key.charCodeAt(0);
  if (!(code >= 48 && code <= 57)) return -1;
  const number = Number(key);
  return number >>> 0 === number && String(number) === key ? number : -1;
}

/** Proxy traps shared by every live NodeList and HTMLCollection. */
const LIVE_COLLECTION_TRAPS = {
  get(target, key, receiver) {
    if (typeof key === "string") {
      const index = arrayIndexOfKey(key);
      if (index >= 0) return collectionItems(target)[index];
      if (target[SOURCE].named && !(key in target)) {
        const named = namedCollectionItem(collectionItems(target), key);
        if (named !== null) return named;
      }
    }
    return Reflect.get(target, key, receiver);
  },
  has(target, key) {
    if (typeof key === "string") {
      const index = arrayIndexOfKey(key);
      if (index >= 0) return index < collectionItems(target).length;
      if (target[SOURCE].named && namedCollectionItem(collectionItems(target), key) !== null) return true;
    }
    return Reflect.has(target, key);
  },
  ...indexedPropertyTraps(collectionItems),
};

/**
 * The Proxy traps that make `itemsOf(target)` a list's supported property indices (WebIDL
 * §3.9, indexed properties): own, enumerable, read-only properties, so `Object.keys`,
 * `JSON.stringify` and the results bridge see them, and assigning one does nothing.
 */
function indexedPropertyTraps(itemsOf) {
  return {
    set(target, key, value, receiver) {
      if (typeof key === "string" && arrayIndexOfKey(key) >= 0) return false;
      return Reflect.set(target, key, value);
    },
    ownKeys(target) {
      const keys = [];
      const length = itemsOf(target).length;
      for (let i = 0; i < length; i++) keys.push(String(i));
      return keys.concat(Reflect.ownKeys(target));
    },
    getOwnPropertyDescriptor(target, key) {
      if (typeof key === "string") {
        const index = arrayIndexOfKey(key);
        if (index >= 0) {
          const items = itemsOf(target);
          return index < items.length ? { value: items[index], writable: false, enumerable: true, configurable: true } : undefined;
        }
      }
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
  };
}

/** A live collection object of class `Collection` over `collect(root, arg) -> Node[]` (`count`: collectionLength). */
function createLiveList(Collection, root, collect, arg, named, count = null) {
  const list = new Collection(INTERNAL);
  list[SOURCE] = { root, collect, arg, version: -1, items: null, named, count };
  return new Proxy(list, LIVE_COLLECTION_TRAPS);
}

function collectChildNodes(root) {
  const items = [];
  for (let c = root[FIRST]; c !== null; c = c[NEXT]) items.push(c);
  return items;
}

/** The live `childNodes` list of a node. */
function createLiveNodeList(root) { return createLiveList(NodeList, root, collectChildNodes, null, false); }

/** A live NodeList of elements matched by `collect` (getElementsByName). */
function createLiveElementNodeList(root, collect, arg) { return createLiveList(NodeList, root, collect, arg, false); }

/** A static NodeList (querySelectorAll) holding a copy of `nodes`. */
function createStaticNodeList(nodes) {
  const list = new NodeList(INTERNAL);
  list[ITEMS] = nodes;
  for (let i = 0; i < nodes.length; i++) list[i] = nodes[i];
  return list;
}
