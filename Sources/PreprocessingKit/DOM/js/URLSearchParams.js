// URLSearchParams — https://url.spec.whatwg.org/#interface-urlsearchparams
// application/x-www-form-urlencoded — https://url.spec.whatwg.org/#application/x-www-form-urlencoded
// The interface group [searchParams]: a URL's `searchParams` and the window's URLSearchParams
// load it (its internal slots are in symbols.js: a URL keeps its object in sync).


/**
 * Parses an application/x-www-form-urlencoded string into [name, value] pairs.
 * https://url.spec.whatwg.org/#concept-urlencoded-parser
 * @param {string} input
 * @returns {Array<[string, string]>}
 */
function parseFormURLEncoded(input) {
  const pairs = [];
  const length = input.length;
  let start = 0;
  while (start <= length) {
    let end = input.indexOf("&", start);
    if (end < 0) end = length;
    if (end > start) {
      const sequence = input.slice(start, end);
      const equals = sequence.indexOf("=");
      const name = equals < 0 ? sequence : sequence.slice(0, equals);
      const value = equals < 0 ? "" : sequence.slice(equals + 1);
      pairs.push([decodeFormComponent(name), decodeFormComponent(value)]);
    }
    start = end + 1;
  }
  return pairs;
}

/** `+` → space, then percent-decode and UTF-8 decode (without BOM, with replacement). */
function decodeFormComponent(component) {
  const spaced = component.indexOf("+") < 0 ? component : component.split("+").join(" ");
  return percentDecodeToString(spaced);
}

/**
 * Serialises pairs as application/x-www-form-urlencoded (space → `+`).
 * https://url.spec.whatwg.org/#concept-urlencoded-serializer
 * @param {Array<[string, string]>} pairs
 */
function serializeFormURLEncoded(pairs) {
  let output = "";
  for (let index = 0; index < pairs.length; index++) {
    if (index > 0) output += "&";
    output += percentEncodeString(pairs[index][0], FORM_URLENCODED_SET, true) + "=" +
      percentEncodeString(pairs[index][1], FORM_URLENCODED_SET, true);
  }
  return output;
}

/** Converts a value as WebIDL does for USVString. */
function webIDLUSVString(value) {
  return toUSVString(String(value));
}

/** The pair list of `params`, or a TypeError when `this` is not a URLSearchParams. */
function searchParamsList(params) {
  const list = params != null ? params[SEARCH_PARAMS_LIST] : undefined;
  if (list === undefined) throw new TypeError("Can only call URLSearchParams methods on instances of URLSearchParams");
  return list;
}

/** Runs the URLSearchParams update steps: the associated URL's query follows the list. */
function updateSearchParams(params) {
  const url = params[SEARCH_PARAMS_URL];
  if (url !== null) updateURLQueryFromSearchParams(url, serializeFormURLEncoded(params[SEARCH_PARAMS_LIST]));
}

/**
 * A list of name–value pairs, usually a URL's query.
 * https://url.spec.whatwg.org/#interface-urlsearchparams
 */
class URLSearchParams {
  /**
   * @param {string | Record<string, string> | Iterable<[string, string]>} [init=""]
   *   a query string (a leading `?` is ignored), a record, or a sequence of pairs
   */
  constructor(init = "") {
    let list;
    if (init !== null && (typeof init === "object" || typeof init === "function")) {
      const iteratorMethod = init[Symbol.iterator];
      if (iteratorMethod !== undefined && iteratorMethod !== null) {
        if (typeof iteratorMethod !== "function") throw new TypeError("Value is not a sequence");
        list = [];
        for (const pair of init) {
          if (pair === null || (typeof pair !== "object" && typeof pair !== "function")) {
            throw new TypeError("Value is not a sequence");
          }
          const items = Array.from(pair);
          if (items.length !== 2) throw new TypeError("Expected a sequence of name-value pairs (sequences of two strings)");
          list.push([webIDLUSVString(items[0]), webIDLUSVString(items[1])]);
        }
      } else {
        list = [];
        const keys = Reflect.ownKeys(init);
        for (const key of keys) {
          if (typeof key !== "string") continue;
          const descriptor = Reflect.getOwnPropertyDescriptor(init, key);
          if (descriptor === undefined || !descriptor.enumerable) continue;
          list.push([toUSVString(key), webIDLUSVString(init[key])]);
        }
      }
    } else {
      let string = webIDLUSVString(init);
      if (string.charCodeAt(0) === 0x3f) string = string.slice(1);
      list = parseFormURLEncoded(string);
    }
    defineInternalSlot(this, SEARCH_PARAMS_LIST, list);
    defineInternalSlot(this, SEARCH_PARAMS_URL, null);
  }

  /** The number of pairs. */
  get size() { return searchParamsList(this).length; }

  /** Adds a pair at the end. */
  append(name, value) {
    const list = searchParamsList(this);
    if (arguments.length < 2) throw new TypeError("Not enough arguments");
    list.push([webIDLUSVString(name), webIDLUSVString(value)]);
    updateSearchParams(this);
  }

  /** Removes every pair named `name` (and, if given, with that `value`). */
  delete(name, value = undefined) {
    const list = searchParamsList(this);
    if (arguments.length < 1) throw new TypeError("Not enough arguments");
    const key = webIDLUSVString(name);
    const match = value === undefined ? null : webIDLUSVString(value);
    let kept = 0;
    for (let index = 0; index < list.length; index++) {
      const pair = list[index];
      if (pair[0] === key && (match === null || pair[1] === match)) continue;
      list[kept++] = pair;
    }
    list.length = kept;
    updateSearchParams(this);
  }

  /** The value of the first pair named `name`, or null. */
  get(name) {
    const list = searchParamsList(this);
    if (arguments.length < 1) throw new TypeError("Not enough arguments");
    const key = webIDLUSVString(name);
    for (let index = 0; index < list.length; index++) if (list[index][0] === key) return list[index][1];
    return null;
  }

  /** The values of all pairs named `name`, in order. */
  getAll(name) {
    const list = searchParamsList(this);
    if (arguments.length < 1) throw new TypeError("Not enough arguments");
    const key = webIDLUSVString(name);
    const values = [];
    for (let index = 0; index < list.length; index++) if (list[index][0] === key) values.push(list[index][1]);
    return values;
  }

  /** Whether a pair named `name` (and, if given, with that `value`) exists. */
  has(name, value = undefined) {
    const list = searchParamsList(this);
    if (arguments.length < 1) throw new TypeError("Not enough arguments");
    const key = webIDLUSVString(name);
    const match = value === undefined ? null : webIDLUSVString(value);
    for (let index = 0; index < list.length; index++) {
      if (list[index][0] === key && (match === null || list[index][1] === match)) return true;
    }
    return false;
  }

  /** Sets the first pair named `name` to `value` and removes the other pairs with that name (or appends). */
  set(name, value) {
    const list = searchParamsList(this);
    if (arguments.length < 2) throw new TypeError("Not enough arguments");
    const key = webIDLUSVString(name);
    const newValue = webIDLUSVString(value);
    let found = false;
    let kept = 0;
    for (let index = 0; index < list.length; index++) {
      const pair = list[index];
      if (pair[0] === key) {
        if (found) continue;
        found = true;
        pair[1] = newValue;
      }
      list[kept++] = pair;
    }
    list.length = kept;
    if (!found) list.push([key, newValue]);
    updateSearchParams(this);
  }

  /** Sorts pairs by name, comparing UTF-16 code units; stable, so equal names keep their order. */
  sort() {
    const list = searchParamsList(this);
    list.sort(comparePairNames);
    updateSearchParams(this);
  }

  /** Calls `callback(value, name, params)` for each pair, seeing changes made during the walk. */
  forEach(callback, thisArg = undefined) {
    const list = searchParamsList(this);
    if (typeof callback !== "function") throw new TypeError("Argument 1 ('callback') to URLSearchParams.forEach must be a function");
    for (let index = 0; index < list.length; index++) {
      callback.call(thisArg, list[index][1], list[index][0], this);
    }
  }

  /** An iterator of [name, value] pairs. */
  entries() { return new URLSearchParamsIterator(this, SEARCH_PARAMS_ITERATE_ENTRIES); }
  /** An iterator of names. */
  keys() { return new URLSearchParamsIterator(this, SEARCH_PARAMS_ITERATE_KEYS); }
  /** An iterator of values. */
  values() { return new URLSearchParamsIterator(this, SEARCH_PARAMS_ITERATE_VALUES); }

  /** The application/x-www-form-urlencoded serialisation (no leading `?`). */
  toString() {
    return serializeFormURLEncoded(searchParamsList(this));
  }
}

/** Orders pairs by name, by UTF-16 code unit (what `<` on strings does). */
function comparePairNames(a, b) {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

const SEARCH_PARAMS_ITERATE_ENTRIES = 0;
const SEARCH_PARAMS_ITERATE_KEYS = 1;
const SEARCH_PARAMS_ITERATE_VALUES = 2;
const ITERATOR_PARAMS = Symbol("iteratorParams"); // the URLSearchParams being walked
const ITERATOR_STATE = Symbol("iteratorState");   // {kind, index}

/** The live iterator returned by entries/keys/values: it reads the list at each step. */
class URLSearchParamsIterator {
  constructor(params, kind) {
    searchParamsList(params);
    defineInternalSlot(this, ITERATOR_PARAMS, params);
    defineInternalSlot(this, ITERATOR_STATE, { kind, index: 0 });
  }

  next() {
    const state = this != null ? this[ITERATOR_STATE] : undefined;
    if (state === undefined) throw new TypeError("next() called on an object that is not a URLSearchParams Iterator");
    const list = this[ITERATOR_PARAMS][SEARCH_PARAMS_LIST];
    if (state.index >= list.length) return { value: undefined, done: true };
    const pair = list[state.index++];
    const value = state.kind === SEARCH_PARAMS_ITERATE_KEYS ? pair[0] : state.kind === SEARCH_PARAMS_ITERATE_VALUES ? pair[1] : [pair[0], pair[1]];
    return { value, done: false };
  }
}
Object.setPrototypeOf(URLSearchParamsIterator.prototype, Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())));
Object.defineProperty(URLSearchParamsIterator.prototype, Symbol.toStringTag, { value: "URLSearchParams Iterator", configurable: true });

Object.defineProperty(URLSearchParams.prototype, Symbol.iterator, {
  value: URLSearchParams.prototype.entries, writable: true, configurable: true,
});
Object.defineProperty(URLSearchParams.prototype, Symbol.toStringTag, { value: "URLSearchParams", configurable: true });

makeWebIDLMembersEnumerable(URLSearchParams.prototype);

/** A URL's `searchParams`: a URLSearchParams of its query that keeps the URL in sync. */
function makeURLSearchParams(url, query) {
  const params = new URLSearchParams();
  params[SEARCH_PARAMS_LIST] = query === null ? [] : parseFormURLEncoded(query);
  params[SEARCH_PARAMS_URL] = url;
  return params;
}
