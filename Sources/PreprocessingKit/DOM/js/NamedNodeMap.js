// NamedNodeMap: https://dom.spec.whatwg.org/#interface-namednodemap
// A live view of one element's ATTRS; indexed and named access go through a Proxy.

class NamedNodeMap {
  constructor(token) {
    if (token !== INTERNAL) throw new TypeError("Illegal constructor");
    this[OWNER_ELEMENT] = null;
  }
  get length() { return this[OWNER_ELEMENT][ATTRS].length; }
  item(index) {
    const element = this[OWNER_ELEMENT];
    const record = element[ATTRS][index >>> 0];
    return record === undefined ? null : attrNodeFor(element, record);
  }
  getNamedItem(name) { return this[OWNER_ELEMENT].getAttributeNode(name); }
  getNamedItemNS(namespace, localName) { return this[OWNER_ELEMENT].getAttributeNodeNS(namespace, localName); }
  setNamedItem(attr) { return this[OWNER_ELEMENT].setAttributeNode(attr); }
  setNamedItemNS(attr) { return this[OWNER_ELEMENT].setAttributeNodeNS(attr); }
  removeNamedItem(name) {
    const attr = this[OWNER_ELEMENT].getAttributeNode(name);
    if (attr === null) throwDOMException("NotFoundError", "The object can not be found here.");
    return this[OWNER_ELEMENT].removeAttributeNode(attr);
  }
  removeNamedItemNS(namespace, localName) {
    const attr = this[OWNER_ELEMENT].getAttributeNodeNS(namespace, localName);
    if (attr === null) throwDOMException("NotFoundError", "The object can not be found here.");
    return this[OWNER_ELEMENT].removeAttributeNode(attr);
  }
  [Symbol.iterator]() {
    const element = this[OWNER_ELEMENT];
    return element[ATTRS].map((record) => attrNodeFor(element, record)).values();
  }
}

const NAMED_NODE_MAP_TRAPS = {
  get(target, key, receiver) {
    if (typeof key === "string" && !(key in target)) {
      const index = arrayIndexOfKey(key);
      if (index >= 0) return target.item(index) || undefined;
      return target.getNamedItem(key) || undefined;
    }
    return Reflect.get(target, key, receiver);
  },
  has(target, key) {
    if (typeof key === "string") {
      const index = arrayIndexOfKey(key);
      if (index >= 0) return index < target.length;
      if (target.getNamedItem(key) !== null) return true;
    }
    return Reflect.has(target, key);
  },
  ownKeys(target) {
    const keys = [];
    const records = target[OWNER_ELEMENT][ATTRS];
    for (let i = 0; i < records.length; i++) keys.push(String(i));
    for (const record of records) if (!keys.includes(record.name)) keys.push(record.name);
    return keys.concat(Reflect.ownKeys(target));
  },
  getOwnPropertyDescriptor(target, key) {
    if (typeof key === "string") {
      const index = arrayIndexOfKey(key);
      const value = index >= 0 ? target.item(index) : target.getNamedItem(key);
      if (value !== null) return { value, writable: false, enumerable: index >= 0, configurable: true };
    }
    return Reflect.getOwnPropertyDescriptor(target, key);
  },
};

function createNamedNodeMap(element) {
  const map = new NamedNodeMap(INTERNAL);
  map[OWNER_ELEMENT] = element;
  return new Proxy(map, NAMED_NODE_MAP_TRAPS);
}
