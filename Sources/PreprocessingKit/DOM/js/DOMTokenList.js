// DOMTokenList: https://dom.spec.whatwg.org/#interface-domtokenlist
// Backed by one attribute of one element; tokens are re-parsed only when the attribute's text changed.

class DOMTokenList {
  constructor(token) {
    if (token !== INTERNAL) throw new TypeError("Illegal constructor");
    this[OWNER_ELEMENT] = null;
    this[SOURCE] = null; // {attribute, text, tokens}
  }
  get length() { return tokenListTokens(this).length; }
  item(index) {
    const token = tokenListTokens(this)[index >>> 0];
    return token === undefined ? null : token;
  }
  contains(token) { return tokenListTokens(this).includes(String(token)); }
  add(...tokens) {
    const list = tokenListTokens(this).slice();
    for (let token of tokens) {
      token = validateToken(token);
      if (!list.includes(token)) list.push(token);
    }
    tokenListUpdate(this, list);
  }
  remove(...tokens) {
    const removed = tokens.map(validateToken);
    tokenListUpdate(this, tokenListTokens(this).filter((t) => !removed.includes(t)));
  }
  toggle(token, force) {
    token = validateToken(token);
    const list = tokenListTokens(this).slice();
    const index = list.indexOf(token);
    if (index >= 0) {
      if (force === undefined || force === false) {
        list.splice(index, 1);
        tokenListUpdate(this, list);
        return false;
      }
      return true;
    }
    if (force === undefined || force === true) {
      list.push(token);
      tokenListUpdate(this, list);
      return true;
    }
    return false;
  }
  replace(token, newToken) {
    token = validateToken(token); newToken = validateToken(newToken);
    const list = tokenListTokens(this).slice();
    const index = list.indexOf(token);
    if (index < 0) return false;
    const existing = list.indexOf(newToken);
    list[index] = newToken;
    if (existing >= 0 && existing !== index) list.splice(existing, 1);
    tokenListUpdate(this, list.filter((t, i) => list.indexOf(t) === i));
    return true;
  }
  supports(token) { return true; }
  get value() { return getAttributeValue(this[OWNER_ELEMENT], this[SOURCE].attribute) || ""; }
  set value(value) { setAttributeValue(this[OWNER_ELEMENT], this[SOURCE].attribute, String(value)); }
  toString() { return this.value; }
  forEach(callback, thisArg) {
    const tokens = tokenListTokens(this).slice();
    for (let i = 0; i < tokens.length; i++) callback.call(thisArg, tokens[i], i, this);
  }
  keys() { return tokenListTokens(this).slice().keys(); }
  values() { return tokenListTokens(this).slice().values(); }
  entries() { return tokenListTokens(this).slice().entries(); }
  [Symbol.iterator]() { return tokenListTokens(this).slice().values(); }
}

function validateToken(token) {
  token = String(token);
  if (token === "") throwDOMException("SyntaxError", "The token must not be empty.");
  if (/[\t\n\f\r ]/.test(token)) throwDOMException("InvalidCharacterError", "The token must not contain HTML space characters.");
  return token;
}

/** The ordered set of tokens in the attribute (https://dom.spec.whatwg.org/#concept-ordered-set-parser). */
function tokenListTokens(list) {
  const source = list[SOURCE];
  const text = getAttributeValue(list[OWNER_ELEMENT], source.attribute) || "";
  if (text !== source.text) {
    source.text = text;
    const tokens = [];
    for (const token of text.split(ASCII_WHITESPACE)) if (token !== "" && !tokens.includes(token)) tokens.push(token);
    source.tokens = tokens;
  }
  return source.tokens;
}

/** https://dom.spec.whatwg.org/#concept-dtl-update */
function tokenListUpdate(list, tokens) {
  const element = list[OWNER_ELEMENT];
  const attribute = list[SOURCE].attribute;
  if (getAttributeValue(element, attribute) === null && tokens.length === 0) return;
  setAttributeValue(element, attribute, tokens.join(" "));
}

const TOKEN_LIST_TRAPS = {
  get(target, key, receiver) {
    if (typeof key === "string") {
      const index = arrayIndexOfKey(key);
      if (index >= 0) return tokenListTokens(target)[index];
    }
    return Reflect.get(target, key, receiver);
  },
  has(target, key) {
    if (typeof key === "string" && arrayIndexOfKey(key) >= 0) return arrayIndexOfKey(key) < tokenListTokens(target).length;
    return Reflect.has(target, key);
  },
  // The tokens are the list's supported property indices (NodeList.js).
  ...indexedPropertyTraps(tokenListTokens),
};

function createTokenList(element, attribute) {
  const list = new DOMTokenList(INTERNAL);
  list[OWNER_ELEMENT] = element;
  list[SOURCE] = { attribute, text: null, tokens: [] };
  return new Proxy(list, TOKEN_LIST_TRAPS);
}
