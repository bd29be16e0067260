// URL — https://url.spec.whatwg.org/#url-class (the URL interface and its setters)
// The URL is parsed in three files loaded before this one: URLPercentEncoding.js (percent-encode
// sets), URLHost.js (the host parser) and URLParser.js (the basic URL parser and serializers).
// This file defines the URL class. The bundle's internal URL
// helpers (here unless another file is named):
//   resolveURL(input, baseHref) → string | null     (fast path for a.href, document.baseURI, location)
//   parseURLRecord(input, baseRecord) → record | null            (URLParser.js)
//   serializeURLRecord(record, excludeFragment) → string         (URLParser.js)
//   urlRecordOrigin(record) → string  (serialised origin)        (URLParser.js)
//   urlRecordOf(urlObject) → record   (a URL object's live record)
// A record is {scheme, username, password, host, port, path, query, fragment}: host is null or
// its serialisation (domain, "1.2.3.4", "[::1]", opaque host, or "" for the empty host); port is
// null or a number; path is an array of segments, or a string for an opaque path.

/** The base URL last given to resolveURL, parsed: pages resolve many URLs against one base. */
let resolveURLCachedBase = null;
let resolveURLCachedBaseRecord = null;

/**
 * Resolves `input` against `baseHref`, as `a.href`, `document.baseURI` and `location` need.
 * Never throws.
 * @param {string} input
 * @param {string|null|undefined} baseHref an absolute URL, or null/undefined for none
 * @returns {string|null} the serialised URL, or null when either does not parse
 */
function resolveURL(input, baseHref) {
  let baseRecord = null;
  if (baseHref !== null && baseHref !== undefined) {
    const baseString = String(baseHref);
    if (baseString !== resolveURLCachedBase) {
      resolveURLCachedBaseRecord = parseURLRecord(baseString, null);
      resolveURLCachedBase = baseString;
    }
    baseRecord = resolveURLCachedBaseRecord;
    if (baseRecord === null) return null;
  }
  const record = parseURLRecord(String(input), baseRecord);
  return record === null ? null : serializeURLRecord(record, false);
}

// ---------------------------------------------------------------------------------------------
// The URL class — https://url.spec.whatwg.org/#url-class

/**
 * Stores internal state as a non-enumerable property, so `{...object}` and `Object.assign`
 * copy none of it (they copy enumerable symbol-keyed properties).
 */
function defineInternalSlot(object, key, value) {
  Object.defineProperty(object, key, { value, writable: true, configurable: true });
}

const URL_RECORD = Symbol("urlRecord");             // the URL record
const URL_QUERY_OBJECT = Symbol("urlQueryObject");  // its URLSearchParams, created on first access

/** The record of a URL object, or a TypeError when `url` is not one. */
function urlRecordOf(url) {
  const record = url != null ? url[URL_RECORD] : undefined;
  if (record === undefined) throw new TypeError("The URL.prototype getter can only be used on instances of URL");
  return record;
}

/** Gives a fresh object its record (the constructor and URL.parse share this). */
function initializeURL(object, record) {
  defineInternalSlot(object, URL_RECORD, record);
  defineInternalSlot(object, URL_QUERY_OBJECT, null);
  return object;
}

/** The TypeError WebKit throws for an unparsable URL. */
function cannotParseError(string) {
  return new TypeError(`"${string}" cannot be parsed as a URL.`);
}

/** Parses `url` against `base` (as the constructor and statics do); returns a record or null, or throws for an invalid base when `throwing`. */
function parseForAPI(url, base, hasBase, throwing) {
  const input = toUSVString(String(url));
  let baseRecord = null;
  if (hasBase && base !== undefined) {
    const baseString = toUSVString(String(base));
    baseRecord = basicURLParse(baseString, null);
    if (baseRecord === null) {
      if (throwing) throw cannotParseError(baseString);
      return null;
    }
  }
  const record = basicURLParse(input, baseRecord);
  if (record === null && throwing) throw cannotParseError(input);
  return record;
}

/** Applies a URLSearchParams change to its URL (the URLSearchParams update steps). */
function updateURLQueryFromSearchParams(url, serialized) {
  const record = urlRecordOf(url);
  record.query = serialized === "" ? null : serialized;
  if (record.query === null) stripTrailingSpacesFromOpaquePath(record);
}

/** After the query changed from the URL side, the URLSearchParams (if any) re-reads it. */
function resetQueryObject(url) {
  const params = url[URL_QUERY_OBJECT];
  if (params === null) return;
  const record = url[URL_RECORD];
  params[SEARCH_PARAMS_LIST] = record.query === null ? [] : parseFormURLEncoded(record.query);
}

/**
 * Runs a setter through the basic URL parser with a state override. Like the spec, whatever the
 * parser set before a failure stays set (`host = "h:99999"` changes the host, keeps the port).
 */
function runSetter(url, input, stateOverride) {
  basicURLParse(input, null, url[URL_RECORD], stateOverride);
}

/**
 * A parsed URL. https://url.spec.whatwg.org/#url-class
 *
 *     new URL("../c?x=1#f", "https://EXAMPLE.com/a/b").href
 *     // "https://example.com/c?x=1#f"
 */
class URL {
  /**
   * @param {string} url absolute, or relative to `base`
   * @param {string} [base]
   * @throws TypeError `"<input>" cannot be parsed as a URL.`
   */
  constructor(url, base = undefined) {
    if (arguments.length < 1) throw new TypeError("Not enough arguments");
    initializeURL(this, parseForAPI(url, base, arguments.length > 1, true));
  }

  /** Parses like the constructor but returns null instead of throwing. */
  static parse(url, base = undefined) {
    if (arguments.length < 1) throw new TypeError("Not enough arguments");
    const record = parseForAPI(url, base, arguments.length > 1, false);
    return record === null ? null : initializeURL(Object.create(URL.prototype), record);
  }

  /** Whether `url` (against `base`) parses. */
  static canParse(url, base = undefined) {
    if (arguments.length < 1) throw new TypeError("Not enough arguments");
    return parseForAPI(url, base, arguments.length > 1, false) !== null;
  }

  /** https://w3c.github.io/FileAPI/#dfn-createObjectURL: a blob: URL for `obj` (Blob.js). */
  static createObjectURL(obj) {
    if (arguments.length < 1) throw new TypeError("Not enough arguments");
    return createBlobURL(obj);
  }

  /** https://w3c.github.io/FileAPI/#dfn-revokeObjectURL */
  static revokeObjectURL(url) {
    if (arguments.length < 1) throw new TypeError("Not enough arguments");
    if (String(url).startsWith("blob:")) revokeBlobURL(url);
  }

  /** The whole URL. Setting it re-parses; failure throws TypeError. */
  get href() { return serializeURLRecord(urlRecordOf(this)); }
  set href(value) {
    const record = urlRecordOf(this);
    const input = toUSVString(String(value));
    const parsed = basicURLParse(input, null);
    if (parsed === null) throw cannotParseError(input);
    Object.assign(record, parsed);
    resetQueryObject(this);
  }

  /** The serialised origin: "https://host:port", "file://" (as WebKit), or "null". */
  get origin() { return urlRecordOrigin(urlRecordOf(this)); }

  /** The scheme followed by ":". */
  get protocol() { return urlRecordOf(this).scheme + ":"; }
  set protocol(value) {
    urlRecordOf(this);
    runSetter(this, toUSVString(String(value)) + ":", URL_STATE_SCHEME_START);
  }

  /** The percent-encoded username. */
  get username() { return urlRecordOf(this).username; }
  set username(value) {
    const record = urlRecordOf(this);
    if (cannotHaveUsernamePasswordPort(record)) return;
    record.username = percentEncodeString(toUSVString(String(value)), USERINFO_SET);
  }

  /** The percent-encoded password. */
  get password() { return urlRecordOf(this).password; }
  set password(value) {
    const record = urlRecordOf(this);
    if (cannotHaveUsernamePasswordPort(record)) return;
    record.password = percentEncodeString(toUSVString(String(value)), USERINFO_SET);
  }

  /** Host and, when not the default, ":port". */
  get host() {
    const record = urlRecordOf(this);
    if (record.host === null) return "";
    return record.port === null ? record.host : record.host + ":" + record.port;
  }
  set host(value) {
    const record = urlRecordOf(this);
    if (typeof record.path === "string") return;
    runSetter(this, toUSVString(String(value)), URL_STATE_HOST);
  }

  /** The host without the port. */
  get hostname() {
    const host = urlRecordOf(this).host;
    return host === null ? "" : host;
  }
  set hostname(value) {
    const record = urlRecordOf(this);
    if (typeof record.path === "string") return;
    runSetter(this, toUSVString(String(value)), URL_STATE_HOSTNAME);
  }

  /** The port as a string; "" for none or the scheme's default. */
  get port() {
    const port = urlRecordOf(this).port;
    return port === null ? "" : String(port);
  }
  set port(value) {
    const record = urlRecordOf(this);
    if (cannotHaveUsernamePasswordPort(record)) return;
    const input = toUSVString(String(value));
    if (input === "") record.port = null;
    else runSetter(this, input, URL_STATE_PORT);
  }

  /** The path (an opaque path as is). */
  get pathname() { return serializePath(urlRecordOf(this)); }
  set pathname(value) {
    const record = urlRecordOf(this);
    if (typeof record.path === "string") return;
    const copy = Object.assign({}, record, { path: [] });
    if (basicURLParse(toUSVString(String(value)), null, copy, URL_STATE_PATH_START) !== null) record.path = copy.path;
  }

  /** "?" and the query, or "" when the query is null or empty. */
  get search() {
    const query = urlRecordOf(this).query;
    return query === null || query === "" ? "" : "?" + query;
  }
  set search(value) {
    const record = urlRecordOf(this);
    let input = toUSVString(String(value));
    if (input === "") {
      record.query = null;
      stripTrailingSpacesFromOpaquePath(record);
      resetQueryObject(this);
      return;
    }
    if (input.charCodeAt(0) === 0x3f) input = input.slice(1);
    const copy = Object.assign({}, record, { query: "" });
    basicURLParse(input, null, copy, URL_STATE_QUERY);
    record.query = copy.query;
    resetQueryObject(this);
  }

  /** The live URLSearchParams of the query (the same object every time). */
  get searchParams() {
    urlRecordOf(this);
    let params = this[URL_QUERY_OBJECT];
    if (params === null) {
      params = makeURLSearchParams(this, this[URL_RECORD].query);
      this[URL_QUERY_OBJECT] = params;
    }
    return params;
  }

  /** "#" and the fragment, or "" when the fragment is null or empty. */
  get hash() {
    const fragment = urlRecordOf(this).fragment;
    return fragment === null || fragment === "" ? "" : "#" + fragment;
  }
  set hash(value) {
    const record = urlRecordOf(this);
    let input = toUSVString(String(value));
    if (input === "") {
      record.fragment = null;
      stripTrailingSpacesFromOpaquePath(record);
      return;
    }
    if (input.charCodeAt(0) === 0x23) input = input.slice(1);
    const copy = Object.assign({}, record, { fragment: "" });
    basicURLParse(input, null, copy, URL_STATE_FRAGMENT);
    record.fragment = copy.fragment;
  }

  /** The href. */
  toString() { return serializeURLRecord(urlRecordOf(this)); }
  /** The href (so JSON.stringify gives the URL string). */
  toJSON() { return serializeURLRecord(urlRecordOf(this)); }
}

/**
 * Makes the members of an interface's prototype enumerable, as WebIDL attributes and operations
 * are (class members are not by default): `for…in` over a URL or a URLSearchParams in WebKit
 * lists them.
 */
function makeWebIDLMembersEnumerable(prototype) {
  for (const key of Object.getOwnPropertyNames(prototype)) {
    if (key === "constructor") continue;
    Object.defineProperty(prototype, key, { enumerable: true });
  }
}
makeWebIDLMembersEnumerable(URL.prototype);
Object.defineProperty(URL.prototype, Symbol.toStringTag, { value: "URL", configurable: true });
