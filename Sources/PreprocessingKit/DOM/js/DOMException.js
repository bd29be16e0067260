// DOMException: https://webidl.spec.whatwg.org/#idl-DOMException

/** Legacy error codes by name: https://webidl.spec.whatwg.org/#dfn-error-names-table */
const DOM_EXCEPTION_CODES = {
  IndexSizeError: 1, HierarchyRequestError: 3, WrongDocumentError: 4, InvalidCharacterError: 5,
  NoModificationAllowedError: 7, NotFoundError: 8, NotSupportedError: 9, InUseAttributeError: 10,
  InvalidStateError: 11, SyntaxError: 12, InvalidModificationError: 13, NamespaceError: 14,
  InvalidAccessError: 15, TypeMismatchError: 17, SecurityError: 18, NetworkError: 19,
  AbortError: 20, URLMismatchError: 21, QuotaExceededError: 22, TimeoutError: 23,
  InvalidNodeTypeError: 24, DataCloneError: 25,
};

class DOMException extends Error {
  /**
   * @param {string} message
   * @param {string} name e.g. "HierarchyRequestError"
   */
  constructor(message = "", name = "Error") {
    super(String(message));
    Object.defineProperty(this, "name", { value: String(name), writable: true, configurable: true });
  }
  /** The legacy numeric code, 0 for names without one. */
  get code() { return DOM_EXCEPTION_CODES[this.name] || 0; }
}
for (const name in DOM_EXCEPTION_CODES) {
  const constant = name.replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase()
    .replace("HIERARCHY_REQUEST_ERROR", "HIERARCHY_REQUEST_ERR").replace(/_ERROR$/, "_ERR");
  Object.defineProperty(DOMException, constant, { value: DOM_EXCEPTION_CODES[name], enumerable: true });
  Object.defineProperty(DOMException.prototype, constant, { value: DOM_EXCEPTION_CODES[name], enumerable: true });
}
// Browsers name the index error constant DOMSTRING_SIZE_ERR etc. too; only the common ones matter.

/** Throws a DOMException with the given name. */
function throwDOMException(name, message) {
  throw new DOMException(message, name);
}
