// Storage (localStorage, sessionStorage): https://html.spec.whatwg.org/#the-storage-interface
// In memory for the page's lifetime; keys appear as own properties via a Proxy, as in browsers.

class Storage {
  constructor(token) {
    if (token !== INTERNAL) throw new TypeError("Illegal constructor");
    this[SOURCE] = new Map();
  }
  get length() { return this[SOURCE].size; }
  key(index) { const keys = Array.from(this[SOURCE].keys()); return index >= 0 && index < keys.length ? keys[index] : null; }
  getItem(key) { const value = this[SOURCE].get(String(key)); return value === undefined ? null : value; }
  setItem(key, value) { this[SOURCE].set(String(key), String(value)); }
  removeItem(key) { this[SOURCE].delete(String(key)); }
  clear() { this[SOURCE].clear(); }
}
defineStringTag(Storage, "Storage");

function createStorage() {
  const storage = new Storage(INTERNAL);
  return new Proxy(storage, {
    get(target, key, receiver) {
      if (typeof key === "string" && !(key in target) && target[SOURCE].has(key)) return target[SOURCE].get(key);
      return Reflect.get(target, key, target);
    },
    set(target, key, value) {
      if (typeof key === "string" && !(key in target)) { target.setItem(key, value); return true; }
      return Reflect.set(target, key, value, target);
    },
    deleteProperty(target, key) { if (typeof key === "string") target.removeItem(key); return true; },
    has(target, key) { return (typeof key === "string" && target[SOURCE].has(key)) || Reflect.has(target, key); },
    ownKeys(target) { return Array.from(target[SOURCE].keys()); },
    getOwnPropertyDescriptor(target, key) {
      if (typeof key === "string" && target[SOURCE].has(key)) return { value: target[SOURCE].get(key), writable: true, enumerable: true, configurable: true };
      return undefined;
    },
  });
}
