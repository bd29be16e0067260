// The basic URL parser — https://url.spec.whatwg.org/#concept-basic-url-parser
// The parser's state machine (one state per spec state, with the state override the URL
// setters use), the path helpers it calls, the URL and path serializers, and a record's origin.
// Records are described in URL.js.

/** Special schemes and their default ports (null: file has none). */
const SPECIAL_SCHEME_PORTS = new Map([["ftp", 21], ["file", null], ["http", 80], ["https", 443], ["ws", 80], ["wss", 443]]);

// Parser states.
const URL_STATE_SCHEME_START = 1;
const URL_STATE_SCHEME = 2;
const URL_STATE_NO_SCHEME = 3;
const URL_STATE_SPECIAL_RELATIVE_OR_AUTHORITY = 4;
const URL_STATE_PATH_OR_AUTHORITY = 5;
const URL_STATE_RELATIVE = 6;
const URL_STATE_RELATIVE_SLASH = 7;
const URL_STATE_SPECIAL_AUTHORITY_SLASHES = 8;
const URL_STATE_SPECIAL_AUTHORITY_IGNORE_SLASHES = 9;
const URL_STATE_AUTHORITY = 10;
const URL_STATE_HOST = 11;
const URL_STATE_HOSTNAME = 12;
const URL_STATE_PORT = 13;
const URL_STATE_FILE = 14;
const URL_STATE_FILE_SLASH = 15;
const URL_STATE_FILE_HOST = 16;
const URL_STATE_PATH_START = 17;
const URL_STATE_PATH = 18;
const URL_STATE_OPAQUE_PATH = 19;
const URL_STATE_QUERY = 20;
const URL_STATE_FRAGMENT = 21;

const URL_END_OF_INPUT = -1;
const TAB_OR_NEWLINE = /[\t\n\r]/;
const TAB_OR_NEWLINE_ALL = /[\t\n\r]/g;

/** A new, empty URL record. */
function newURLRecord() {
  return { scheme: "", username: "", password: "", host: null, port: null, path: [], query: null, fragment: null };
}

/** ASCII alpha test on a code unit. */
function isASCIIAlpha(unit) {
  const lower = unit | 0x20;
  return lower >= 0x61 && lower <= 0x7a;
}

/** https://url.spec.whatwg.org/#windows-drive-letter */
function isWindowsDriveLetter(string) {
  return string.length === 2 && isASCIIAlpha(string.charCodeAt(0)) &&
    (string.charCodeAt(1) === 0x3a || string.charCodeAt(1) === 0x7c);
}

/** https://url.spec.whatwg.org/#normalized-windows-drive-letter */
function isNormalizedWindowsDriveLetter(string) {
  return string.length === 2 && isASCIIAlpha(string.charCodeAt(0)) && string.charCodeAt(1) === 0x3a;
}

/** https://url.spec.whatwg.org/#start-with-a-windows-drive-letter (from `pointer` on) */
function startsWithWindowsDriveLetter(input, pointer) {
  const remaining = input.length - pointer;
  if (remaining < 2 || !isASCIIAlpha(input.charCodeAt(pointer))) return false;
  const second = input.charCodeAt(pointer + 1);
  if (second !== 0x3a && second !== 0x7c) return false;
  if (remaining === 2) return true;
  const third = input.charCodeAt(pointer + 2);
  return third === 0x2f || third === 0x5c || third === 0x3f || third === 0x23;
}

/** https://url.spec.whatwg.org/#single-dot-path-segment */
function isSingleDotSegment(segment) {
  return segment === "." || (segment.length === 3 && segment.toLowerCase() === "%2e");
}

/** https://url.spec.whatwg.org/#double-dot-path-segment */
function isDoubleDotSegment(segment) {
  if (segment === "..") return true;
  if (segment.length !== 4 && segment.length !== 6) return false;
  const lower = segment.toLowerCase();
  return lower === ".%2e" || lower === "%2e." || lower === "%2e%2e";
}

/** https://url.spec.whatwg.org/#shorten-a-urls-path */
function shortenPath(url) {
  const path = url.path;
  if (url.scheme === "file" && path.length === 1 && isNormalizedWindowsDriveLetter(path[0])) return;
  path.pop();
}

/** Whether `url` has a username or password. */
function includesCredentials(url) {
  return url.username !== "" || url.password !== "";
}

/** https://url.spec.whatwg.org/#cannot-have-a-username-password-port */
function cannotHaveUsernamePasswordPort(url) {
  return url.host === null || url.host === "" || url.scheme === "file";
}

/**
 * The basic URL parser.
 * Without `url`: parses `input` (a USVString) against `base` and returns a new record or null.
 * With `url` and `stateOverride` (a setter): modifies `url` in place and returns it, or null
 * for failure (in which case the setter leaves the URL as it was for the fields not yet set,
 * exactly like the spec's "return failure").
 * @param {string} input
 * @param {object|null} base a URL record
 * @param {object|null} [url]
 * @param {number} [stateOverride]
 * @returns {object|null}
 */
function basicURLParse(input, base, url = null, stateOverride = 0) {
  if (url === null) {
    url = newURLRecord();
    let start = 0;
    let end = input.length;
    while (start < end && input.charCodeAt(start) <= 0x20) start++;
    while (end > start && input.charCodeAt(end - 1) <= 0x20) end--;
    if (start > 0 || end < input.length) input = input.slice(start, end);
  }
  if (TAB_OR_NEWLINE.test(input)) input = input.replace(TAB_OR_NEWLINE_ALL, "");
  const length = input.length;
  let state = stateOverride || URL_STATE_SCHEME_START;
  let buffer = "";
  let atSignSeen = false;
  let insideBrackets = false;
  let passwordTokenSeen = false;
  let special = SPECIAL_SCHEME_PORTS.has(url.scheme);

  for (let pointer = 0; pointer <= length; pointer++) {
    const c = pointer < length ? input.charCodeAt(pointer) : URL_END_OF_INPUT;
    switch (state) {
      case URL_STATE_SCHEME_START:
        if (isASCIIAlpha(c)) {
          buffer += String.fromCharCode(c | 0x20);
          state = URL_STATE_SCHEME;
        } else if (!stateOverride) {
          state = URL_STATE_NO_SCHEME;
          pointer--;
        } else {
          return null;
        }
        break;

      case URL_STATE_SCHEME:
        if (isASCIIAlpha(c) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) {
          buffer += String.fromCharCode(c >= 0x41 && c <= 0x5a ? c | 0x20 : c);
        } else if (c === 0x3a) {
          const bufferIsSpecial = SPECIAL_SCHEME_PORTS.has(buffer);
          if (stateOverride) {
            if (special !== bufferIsSpecial) return url;
            if ((includesCredentials(url) || url.port !== null) && buffer === "file") return url;
            if (url.scheme === "file" && url.host === "") return url;
          }
          url.scheme = buffer;
          special = bufferIsSpecial;
          if (stateOverride) {
            if (url.port === SPECIAL_SCHEME_PORTS.get(url.scheme)) url.port = null;
            return url;
          }
          buffer = "";
          if (url.scheme === "file") {
            state = URL_STATE_FILE;
          } else if (special && base !== null && base.scheme === url.scheme) {
            state = URL_STATE_SPECIAL_RELATIVE_OR_AUTHORITY;
          } else if (special) {
            state = URL_STATE_SPECIAL_AUTHORITY_SLASHES;
          } else if (input.charCodeAt(pointer + 1) === 0x2f) {
            state = URL_STATE_PATH_OR_AUTHORITY;
            pointer++;
          } else {
            url.path = "";
            state = URL_STATE_OPAQUE_PATH;
          }
        } else if (!stateOverride) {
          buffer = "";
          state = URL_STATE_NO_SCHEME;
          pointer = -1;
        } else {
          return null;
        }
        break;

      case URL_STATE_NO_SCHEME:
        if (base === null || (typeof base.path === "string" && c !== 0x23)) {
          return null;
        } else if (typeof base.path === "string" && c === 0x23) {
          url.scheme = base.scheme;
          special = SPECIAL_SCHEME_PORTS.has(url.scheme);
          url.path = base.path;
          url.query = base.query;
          url.fragment = "";
          state = URL_STATE_FRAGMENT;
        } else if (base.scheme !== "file") {
          state = URL_STATE_RELATIVE;
          pointer--;
        } else {
          state = URL_STATE_FILE;
          pointer--;
        }
        break;

      case URL_STATE_SPECIAL_RELATIVE_OR_AUTHORITY:
        if (c === 0x2f && input.charCodeAt(pointer + 1) === 0x2f) {
          state = URL_STATE_SPECIAL_AUTHORITY_IGNORE_SLASHES;
          pointer++;
        } else {
          state = URL_STATE_RELATIVE;
          pointer--;
        }
        break;

      case URL_STATE_PATH_OR_AUTHORITY:
        if (c === 0x2f) {
          state = URL_STATE_AUTHORITY;
        } else {
          state = URL_STATE_PATH;
          pointer--;
        }
        break;

      case URL_STATE_RELATIVE:
        url.scheme = base.scheme;
        special = SPECIAL_SCHEME_PORTS.has(url.scheme);
        if (c === 0x2f || (special && c === 0x5c)) {
          state = URL_STATE_RELATIVE_SLASH;
        } else {
          url.username = base.username;
          url.password = base.password;
          url.host = base.host;
          url.port = base.port;
          url.path = base.path.slice();
          url.query = base.query;
          if (c === 0x3f) {
            url.query = "";
            state = URL_STATE_QUERY;
          } else if (c === 0x23) {
            url.fragment = "";
            state = URL_STATE_FRAGMENT;
          } else if (c !== URL_END_OF_INPUT) {
            url.query = null;
            shortenPath(url);
            state = URL_STATE_PATH;
            pointer--;
          }
        }
        break;

      case URL_STATE_RELATIVE_SLASH:
        if (special && (c === 0x2f || c === 0x5c)) {
          state = URL_STATE_SPECIAL_AUTHORITY_IGNORE_SLASHES;
        } else if (c === 0x2f) {
          state = URL_STATE_AUTHORITY;
        } else {
          url.username = base.username;
          url.password = base.password;
          url.host = base.host;
          url.port = base.port;
          state = URL_STATE_PATH;
          pointer--;
        }
        break;

      case URL_STATE_SPECIAL_AUTHORITY_SLASHES:
        state = URL_STATE_SPECIAL_AUTHORITY_IGNORE_SLASHES;
        if (c === 0x2f && input.charCodeAt(pointer + 1) === 0x2f) pointer++;
        else pointer--;
        break;

      case URL_STATE_SPECIAL_AUTHORITY_IGNORE_SLASHES:
        if (c !== 0x2f && c !== 0x5c) {
          state = URL_STATE_AUTHORITY;
          pointer--;
        }
        break;

      case URL_STATE_AUTHORITY:
        if (c === 0x40) {
          if (atSignSeen) buffer = "%40" + buffer;
          atSignSeen = true;
          const colon = passwordTokenSeen ? -1 : buffer.indexOf(":");
          if (passwordTokenSeen) {
            url.password += percentEncodeString(buffer, USERINFO_SET);
          } else if (colon < 0) {
            url.username += percentEncodeString(buffer, USERINFO_SET);
          } else {
            passwordTokenSeen = true;
            url.username += percentEncodeString(buffer.slice(0, colon), USERINFO_SET);
            url.password += percentEncodeString(buffer.slice(colon + 1), USERINFO_SET);
          }
          buffer = "";
        } else if (c === URL_END_OF_INPUT || c === 0x2f || c === 0x3f || c === 0x23 || (special && c === 0x5c)) {
          if (atSignSeen && buffer === "") return null;
          pointer -= buffer.length + 1;
          buffer = "";
          state = URL_STATE_HOST;
        } else {
          buffer += input[pointer];
        }
        break;

      case URL_STATE_HOST:
      case URL_STATE_HOSTNAME:
        if (stateOverride && url.scheme === "file") {
          pointer--;
          state = URL_STATE_FILE_HOST;
        } else if (c === 0x3a && !insideBrackets) {
          if (buffer === "") return null;
          if (stateOverride === URL_STATE_HOSTNAME) return null;
          const host = parseHost(buffer, !special);
          if (host === null) return null;
          url.host = host;
          buffer = "";
          state = URL_STATE_PORT;
        } else if (c === URL_END_OF_INPUT || c === 0x2f || c === 0x3f || c === 0x23 || (special && c === 0x5c)) {
          pointer--;
          if (special && buffer === "") return null;
          if (stateOverride && buffer === "" && (includesCredentials(url) || url.port !== null)) return null;
          const host = parseHost(buffer, !special);
          if (host === null) return null;
          url.host = host;
          buffer = "";
          state = URL_STATE_PATH_START;
          if (stateOverride) return url;
        } else {
          if (c === 0x5b) insideBrackets = true;
          if (c === 0x5d) insideBrackets = false;
          buffer += input[pointer];
        }
        break;

      case URL_STATE_PORT:
        if (c >= 0x30 && c <= 0x39) {
          buffer += input[pointer];
        } else if (c === URL_END_OF_INPUT || c === 0x2f || c === 0x3f || c === 0x23 || (special && c === 0x5c) || stateOverride) {
          if (buffer !== "") {
            // Leading zeros are allowed; anything above 65535 fails however long it is.
            let port = 0;
            for (let index = 0; index < buffer.length && port <= 65535; index++) port = port * 10 + (buffer.charCodeAt(index) - 0x30);
            if (port > 65535) return null;
            url.port = port === SPECIAL_SCHEME_PORTS.get(url.scheme) ? null : port;
            buffer = "";
          } else if (stateOverride) {
            return null;
          }
          if (stateOverride) return url;
          state = URL_STATE_PATH_START;
          pointer--;
        } else {
          return null;
        }
        break;

      case URL_STATE_FILE:
        url.scheme = "file";
        special = true;
        url.host = "";
        if (c === 0x2f || c === 0x5c) {
          state = URL_STATE_FILE_SLASH;
        } else if (base !== null && base.scheme === "file") {
          url.host = base.host;
          url.path = base.path.slice();
          url.query = base.query;
          if (c === 0x3f) {
            url.query = "";
            state = URL_STATE_QUERY;
          } else if (c === 0x23) {
            url.fragment = "";
            state = URL_STATE_FRAGMENT;
          } else if (c !== URL_END_OF_INPUT) {
            url.query = null;
            if (!startsWithWindowsDriveLetter(input, pointer)) shortenPath(url);
            else url.path = [];
            state = URL_STATE_PATH;
            pointer--;
          }
        } else {
          state = URL_STATE_PATH;
          pointer--;
        }
        break;

      case URL_STATE_FILE_SLASH:
        if (c === 0x2f || c === 0x5c) {
          state = URL_STATE_FILE_HOST;
        } else {
          if (base !== null && base.scheme === "file") {
            url.host = base.host;
            if (!startsWithWindowsDriveLetter(input, pointer) && typeof base.path !== "string" &&
                base.path.length > 0 && isNormalizedWindowsDriveLetter(base.path[0])) {
              url.path.push(base.path[0]);
            }
          }
          state = URL_STATE_PATH;
          pointer--;
        }
        break;

      case URL_STATE_FILE_HOST:
        if (c === URL_END_OF_INPUT || c === 0x2f || c === 0x5c || c === 0x3f || c === 0x23) {
          pointer--;
          if (!stateOverride && isWindowsDriveLetter(buffer)) {
            // The buffer is kept: the path state turns it into the first segment.
            state = URL_STATE_PATH;
          } else if (buffer === "") {
            url.host = "";
            if (stateOverride) return url;
            state = URL_STATE_PATH_START;
          } else {
            let host = parseHost(buffer, !special);
            if (host === null) return null;
            if (host === "localhost") host = "";
            url.host = host;
            if (stateOverride) return url;
            buffer = "";
            state = URL_STATE_PATH_START;
          }
        } else {
          buffer += input[pointer];
        }
        break;

      case URL_STATE_PATH_START:
        if (special) {
          state = URL_STATE_PATH;
          if (c !== 0x2f && c !== 0x5c) pointer--;
        } else if (!stateOverride && c === 0x3f) {
          url.query = "";
          state = URL_STATE_QUERY;
        } else if (!stateOverride && c === 0x23) {
          url.fragment = "";
          state = URL_STATE_FRAGMENT;
        } else if (c !== URL_END_OF_INPUT) {
          state = URL_STATE_PATH;
          if (c !== 0x2f) pointer--;
        } else if (stateOverride && url.host === null) {
          url.path.push("");
        }
        break;

      case URL_STATE_PATH:
        if (c === URL_END_OF_INPUT || c === 0x2f || (special && c === 0x5c) || (!stateOverride && (c === 0x3f || c === 0x23))) {
          // Dot-segment checks run on the raw buffer: percent-encoding never changes ".", "%2e".
          const slash = c === 0x2f || (special && c === 0x5c);
          if (isDoubleDotSegment(buffer)) {
            shortenPath(url);
            if (!slash) url.path.push("");
          } else if (isSingleDotSegment(buffer)) {
            if (!slash) url.path.push("");
          } else {
            if (url.scheme === "file" && url.path.length === 0 && isWindowsDriveLetter(buffer)) {
              buffer = buffer[0] + ":";
            }
            url.path.push(percentEncodeString(buffer, PATH_SET));
          }
          buffer = "";
          if (c === 0x3f) {
            url.query = "";
            state = URL_STATE_QUERY;
          } else if (c === 0x23) {
            url.fragment = "";
            state = URL_STATE_FRAGMENT;
          }
        } else {
          buffer += input[pointer];
        }
        break;

      case URL_STATE_OPAQUE_PATH:
        if (c === 0x3f) {
          url.path += percentEncodeString(buffer, C0_CONTROL_SET);
          buffer = "";
          url.query = "";
          state = URL_STATE_QUERY;
        } else if (c === 0x23) {
          url.path += percentEncodeString(buffer, C0_CONTROL_SET);
          buffer = "";
          url.fragment = "";
          state = URL_STATE_FRAGMENT;
        } else if (c === URL_END_OF_INPUT) {
          url.path += percentEncodeString(buffer, C0_CONTROL_SET);
          buffer = "";
        } else {
          buffer += input[pointer];
        }
        break;

      case URL_STATE_QUERY:
        if ((!stateOverride && c === 0x23) || c === URL_END_OF_INPUT) {
          url.query += percentEncodeString(buffer, special ? SPECIAL_QUERY_SET : QUERY_SET);
          buffer = "";
          if (c === 0x23) {
            url.fragment = "";
            state = URL_STATE_FRAGMENT;
          }
        } else {
          buffer += input[pointer];
        }
        break;

      case URL_STATE_FRAGMENT:
        if (c === URL_END_OF_INPUT) {
          url.fragment += percentEncodeString(buffer, FRAGMENT_SET);
          buffer = "";
        } else {
          buffer += input[pointer];
        }
        break;
    }
  }
  return url;
}

/**
 * Parses `input` against an optional base record. https://url.spec.whatwg.org/#concept-url-parser
 * @param {string} input converted to a USVString here
 * @param {object|null} [baseRecord]
 * @returns {object|null} a new record, or null for failure
 */
function parseURLRecord(input, baseRecord = null) {
  return basicURLParse(toUSVString(input), baseRecord);
}

/** The path serializer. https://url.spec.whatwg.org/#url-path-serializer */
function serializePath(url) {
  if (typeof url.path === "string") return url.path;
  let output = "";
  for (let index = 0; index < url.path.length; index++) output += "/" + url.path[index];
  return output;
}

/**
 * The URL serializer. https://url.spec.whatwg.org/#concept-url-serializer
 * @param {object} url a record
 * @param {boolean} [excludeFragment=false]
 */
function serializeURLRecord(url, excludeFragment = false) {
  let output = url.scheme + ":";
  if (url.host !== null) {
    output += "//";
    if (includesCredentials(url)) {
      output += url.username;
      if (url.password !== "") output += ":" + url.password;
      output += "@";
    }
    output += url.host;
    if (url.port !== null) output += ":" + url.port;
  } else if (typeof url.path !== "string" && url.path.length > 1 && url.path[0] === "") {
    output += "/.";
  }
  output += serializePath(url);
  if (url.query !== null) output += "?" + url.query;
  if (!excludeFragment && url.fragment !== null) output += "#" + url.fragment;
  return output;
}

/**
 * The serialised origin of a URL record. https://url.spec.whatwg.org/#concept-url-origin
 * Differs from the spec where WebKit does: `file:` URLs have the origin "file://" (observed in
 * Safari/WebKitGTK), not an opaque origin.
 * @param {object} url
 * @returns {string}
 */
function urlRecordOrigin(url) {
  let record = url;
  if (record.scheme === "blob") {
    const inner = parseURLRecord(serializePath(record), null);
    if (inner === null || (inner.scheme !== "http" && inner.scheme !== "https")) return "null";
    record = inner;
  }
  switch (record.scheme) {
    case "ftp": case "http": case "https": case "ws": case "wss":
      return record.scheme + "://" + record.host + (record.port !== null ? ":" + record.port : "");
    case "file":
      return "file://";
    default:
      return "null";
  }
}

/** https://url.spec.whatwg.org/#potentially-strip-trailing-spaces-from-an-opaque-path */
function stripTrailingSpacesFromOpaquePath(url) {
  if (typeof url.path !== "string" || url.fragment !== null || url.query !== null) return;
  let end = url.path.length;
  while (end > 0 && url.path.charCodeAt(end - 1) === 0x20) end--;
  url.path = url.path.slice(0, end);
}
