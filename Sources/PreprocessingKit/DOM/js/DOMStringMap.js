// DOMStringMap (element.dataset): https://html.spec.whatwg.org/#domstringmap

class DOMStringMap {
  constructor(token) {
    if (token !== INTERNAL) throw new TypeError("Illegal constructor");
  }
}

/** `fooBar` → `data-foo-bar`, or null when the name is not valid for dataset. */
function datasetAttributeName(key) {
  if (/-[a-z]/.test(key)) return null;
  return "data-" + key.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
}
/** `data-foo-bar` → `fooBar`, or null for non-data attributes. */
function datasetPropertyName(attributeName) {
  if (!attributeName.startsWith("data-")) return null;
  return attributeName.slice(5).replace(/-([a-z])/g, (m, c) => c.toUpperCase());
}

function createDataset(element) {
  const map = new DOMStringMap(INTERNAL);
  return new Proxy(map, {
    get(target, key, receiver) {
      if (typeof key === "string") {
        const name = datasetAttributeName(key);
        if (name !== null) {
          const value = getAttributeValue(element, name);
          if (value !== null) return value;
        }
      }
      return Reflect.get(target, key, receiver);
    },
    set(target, key, value) {
      if (typeof key !== "string") return Reflect.set(target, key, value);
      const name = datasetAttributeName(key);
      if (name === null) throwDOMException("SyntaxError", `'${key}' is not a valid property name.`);
      element.setAttribute(name, String(value));
      return true;
    },
    deleteProperty(target, key) {
      if (typeof key === "string") {
        const name = datasetAttributeName(key);
        if (name !== null) element.removeAttribute(name);
      }
      return true;
    },
    has(target, key) {
      if (typeof key === "string") {
        const name = datasetAttributeName(key);
        if (name !== null && getAttributeValue(element, name) !== null) return true;
      }
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      const keys = [];
      for (const record of element[ATTRS]) {
        if (record.namespace !== null) continue;
        const key = datasetPropertyName(record.name);
        if (key !== null) keys.push(key);
      }
      return keys;
    },
    getOwnPropertyDescriptor(target, key) {
      if (typeof key !== "string") return undefined;
      const name = datasetAttributeName(key);
      const value = name === null ? null : getAttributeValue(element, name);
      return value === null ? undefined : { value, writable: true, enumerable: true, configurable: true };
    },
  });
}
