// URL — https://url.spec.whatwg.org/ (the basic URL parser, hosts, percent-encoding, the URL class)
// Also defines installPlatformGlobals(global) and the bundle's internal URL helpers:
//   resolveURL(input, baseHref) → string | null     (fast path for a.href, document.baseURI, location)
//   parseURLRecord(input, baseRecord) → record | null
//   serializeURLRecord(record, excludeFragment) → string
//   urlRecordOrigin(record) → string                 (serialised origin)
//   urlRecordOf(urlObject) → record                  (a URL object's live record)
// A record is {scheme, username, password, host, port, path, query, fragment}: host is null or
// its serialisation (domain, "1.2.3.4", "[::1]", opaque host, or "" for the empty host); port is
// null or a number; path is an array of segments, or a string for an opaque path.

// ---------------------------------------------------------------------------------------------
// Percent-encoding — https://url.spec.whatwg.org/#percent-encoded-bytes

// One bit per percent-encode set; a table says which sets each ASCII code point belongs to.
// Code points above U+007E are in every set.
const C0_CONTROL_SET = 1;
const FRAGMENT_SET = 2;
const QUERY_SET = 4;
const SPECIAL_QUERY_SET = 8;
const PATH_SET = 16;
const USERINFO_SET = 32;
const COMPONENT_SET = 64;
const FORM_URLENCODED_SET = 128;

const PERCENT_ENCODE_SETS = (() => {
  const table = new Uint8Array(128);
  const add = (bits, characters) => { for (const character of characters) table[character.charCodeAt(0)] |= bits; };
  const all = C0_CONTROL_SET | FRAGMENT_SET | QUERY_SET | SPECIAL_QUERY_SET | PATH_SET | USERINFO_SET | COMPONENT_SET | FORM_URLENCODED_SET;
  for (let point = 0; point < 0x20; point++) table[point] = all;
  table[0x7f] = all;
  const abovePath = USERINFO_SET | COMPONENT_SET | FORM_URLENCODED_SET;
  const aboveQuery = SPECIAL_QUERY_SET | PATH_SET | abovePath;
  add(FRAGMENT_SET | QUERY_SET | aboveQuery, " \"<>");
  add(FRAGMENT_SET | PATH_SET | abovePath, "`");
  add(QUERY_SET | aboveQuery, "#");
  add(SPECIAL_QUERY_SET, "'");
  add(PATH_SET | abovePath, "?{}");
  add(abovePath, "/:;=@[\\]^|");
  add(COMPONENT_SET | FORM_URLENCODED_SET, "$%&+,");
  add(FORM_URLENCODED_SET, "!'()~");
  return table;
})();

/** "%00" … "%FF": percent-encoded bytes, upper-case hex as the spec requires. */
const PERCENT_ENCODED_BYTES = (() => {
  const table = [];
  for (let byte = 0; byte < 256; byte++) table.push("%" + (byte < 16 ? "0" : "") + byte.toString(16).toUpperCase());
  return table;
})();

/**
 * UTF-8 percent-encodes the code points of `string` that are in the percent-encode set `set`
 * (non-ASCII always; lone surrogates as U+FFFD). Returns `string` itself when nothing changes.
 * @param {string} string
 * @param {number} set one of the *_SET bits
 * @param {boolean} [spaceAsPlus=false] the form serializer writes U+0020 as "+"
 */
function percentEncodeString(string, set, spaceAsPlus = false) {
  const length = string.length;
  let index = 0;
  for (; index < length; index++) {
    const unit = string.charCodeAt(index);
    if (unit >= 0x7f || (PERCENT_ENCODE_SETS[unit] & set) !== 0) break;
  }
  if (index === length) return string;
  let output = string.slice(0, index);
  for (; index < length; index++) {
    let point = string.charCodeAt(index);
    if (point < 0x7f) {
      if (spaceAsPlus && point === 0x20) output += "+";
      else if ((PERCENT_ENCODE_SETS[point] & set) !== 0) output += PERCENT_ENCODED_BYTES[point];
      else output += string[index];
      continue;
    }
    if (point >= 0xd800 && point <= 0xdfff) {
      const next = index + 1 < length ? string.charCodeAt(index + 1) : 0;
      if (point <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        point = 0x10000 + ((point - 0xd800) << 10) + (next - 0xdc00);
        index++;
      } else {
        point = 0xfffd;
      }
    }
    if (point < 0x80) {
      output += PERCENT_ENCODED_BYTES[point];
    } else if (point < 0x800) {
      output += PERCENT_ENCODED_BYTES[0xc0 | (point >> 6)] + PERCENT_ENCODED_BYTES[0x80 | (point & 63)];
    } else if (point < 0x10000) {
      output += PERCENT_ENCODED_BYTES[0xe0 | (point >> 12)] + PERCENT_ENCODED_BYTES[0x80 | ((point >> 6) & 63)] +
        PERCENT_ENCODED_BYTES[0x80 | (point & 63)];
    } else {
      output += PERCENT_ENCODED_BYTES[0xf0 | (point >> 18)] + PERCENT_ENCODED_BYTES[0x80 | ((point >> 12) & 63)] +
        PERCENT_ENCODED_BYTES[0x80 | ((point >> 6) & 63)] + PERCENT_ENCODED_BYTES[0x80 | (point & 63)];
    }
  }
  return output;
}

/** The value of an ASCII hex digit, or -1. */
function hexDigitValue(unit) {
  if (unit >= 0x30 && unit <= 0x39) return unit - 0x30;
  const lower = unit | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

/**
 * Percent-decodes `string` (UTF-8 encoding the rest) and UTF-8 decodes the bytes without BOM,
 * with replacement. https://url.spec.whatwg.org/#string-percent-decode
 * @param {string} string
 */
function percentDecodeToString(string) {
  if (string.indexOf("%") < 0) return string;
  const bytes = [];
  const length = string.length;
  let start = 0;
  for (let index = 0; index < length; index++) {
    if (string.charCodeAt(index) !== 0x25 || index + 2 >= length) continue;
    const high = hexDigitValue(string.charCodeAt(index + 1));
    const low = hexDigitValue(string.charCodeAt(index + 2));
    if (high < 0 || low < 0) continue;
    if (index > start) utf8EncodeToArray(string.slice(start, index), bytes);
    bytes.push(high * 16 + low);
    index += 2;
    start = index + 1;
  }
  if (start < length) utf8EncodeToArray(string.slice(start), bytes);
  return utf8DecodeWithoutBOM(bytes);
}

// ---------------------------------------------------------------------------------------------
// Hosts — https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses)

const FORBIDDEN_HOST_BIT = 1;   // https://url.spec.whatwg.org/#forbidden-host-code-point
const FORBIDDEN_DOMAIN_BIT = 2; // https://url.spec.whatwg.org/#forbidden-domain-code-point
const FORBIDDEN_HOST_CODE_POINTS = (() => {
  const table = new Uint8Array(128);
  for (let point = 0; point < 0x20; point++) table[point] = FORBIDDEN_DOMAIN_BIT;
  table[0x25] = table[0x7f] = FORBIDDEN_DOMAIN_BIT;
  for (const character of "\u0000\t\n\r #/:<>?@[\\]^|") table[character.charCodeAt(0)] = FORBIDDEN_HOST_BIT | FORBIDDEN_DOMAIN_BIT;
  return table;
})();

/**
 * The host parser. https://url.spec.whatwg.org/#concept-host-parser
 * @param {string} input
 * @param {boolean} isOpaque true for non-special URLs
 * @returns {string|null} the serialised host, or null for failure
 */
function parseHost(input, isOpaque) {
  const length = input.length;
  if (input.charCodeAt(0) === 0x5b) {
    if (input.charCodeAt(length - 1) !== 0x5d) return null;
    const address = parseIPv6(input.slice(1, length - 1));
    return address === null ? null : "[" + serializeIPv6(address) + "]";
  }
  if (isOpaque) {
    for (let index = 0; index < length; index++) {
      const unit = input.charCodeAt(index);
      if (unit < 0x80 && (FORBIDDEN_HOST_CODE_POINTS[unit] & FORBIDDEN_HOST_BIT) !== 0) return null;
    }
    return percentEncodeString(input, C0_CONTROL_SET);
  }
  const asciiDomain = domainToASCII(percentDecodeToString(input));
  if (asciiDomain === null) return null;
  for (let index = 0; index < asciiDomain.length; index++) {
    const unit = asciiDomain.charCodeAt(index);
    if (unit < 0x80 && (FORBIDDEN_HOST_CODE_POINTS[unit] & FORBIDDEN_DOMAIN_BIT) !== 0) return null;
  }
  if (endsInANumber(asciiDomain)) return parseIPv4(asciiDomain);
  return asciiDomain;
}

const IDEOGRAPHIC_FULL_STOPS = /[\u3002\uFF0E\uFF61]/g;
const IDNA_IGNORED = /[\u00AD\u034F\u180B-\u180D\u200B\u2060\uFE00-\uFE0F\uFEFF]/g;
const UPPER_ASCII = /[A-Z]/;
const IDNA_DISALLOWED = /[\uFFFD\u200C\u200D]/;

/**
 * Domain to ASCII. https://url.spec.whatwg.org/#concept-domain-to-ascii
 * Shortcut instead of the full UTS #46 mapping table: lower-case, NFKC (which folds full-width
 * forms and compatibility characters as the table mostly does), ideographic full stops as ".",
 * default-ignorable characters removed, then Punycode for each non-ASCII label. Real pages'
 * hosts are covered; exotic mappings (and bidi/joiner validity checks) are not.
 * @param {string} domain
 * @returns {string|null} null for failure
 */
function domainToASCII(domain) {
  let ascii = true;
  for (let index = 0; index < domain.length; index++) {
    if (domain.charCodeAt(index) >= 0x80) { ascii = false; break; }
  }
  if (ascii) {
    const lower = UPPER_ASCII.test(domain) ? domain.toLowerCase() : domain;
    if (lower === "") return null;
    return lower.indexOf("xn--") < 0 || punycodeLabelsAreValid(lower) ? lower : null;
  }
  const mapped = domain.toLowerCase().normalize("NFKC").toLowerCase()
    .replace(IDEOGRAPHIC_FULL_STOPS, ".").replace(IDNA_IGNORED, "");
  const labels = mapped.split(".");
  for (let index = 0; index < labels.length; index++) {
    const label = labels[index];
    let labelIsASCII = true;
    for (let unit = 0; unit < label.length; unit++) {
      if (label.charCodeAt(unit) >= 0x80) { labelIsASCII = false; break; }
    }
    if (labelIsASCII) continue;
    // A label already in Punycode form may not also hold non-ASCII code points; U+FFFD (from
    // undecodable percent-escapes) is disallowed; ZWJ/ZWNJ are only valid after a virama, which
    // this shortcut does not check, so they are rejected.
    if (label.startsWith("xn--") || IDNA_DISALLOWED.test(label)) return null;
    labels[index] = "xn--" + punycodeEncode(label);
  }
  const result = labels.join(".");
  if (result === "") return null;
  return result.indexOf("xn--") < 0 || punycodeLabelsAreValid(result) ? result : null;
}

/** Whether every "xn--" label of an ASCII domain decodes as Punycode to a non-empty label. */
function punycodeLabelsAreValid(domain) {
  const labels = domain.split(".");
  for (const label of labels) {
    if (!label.startsWith("xn--")) continue;
    const decoded = punycodeDecode(label.slice(4));
    if (decoded === null || decoded === "") return false;
  }
  return true;
}

/**
 * Decodes a Punycode label (RFC 3492, without "xn--").
 * @returns {string|null} null when the label is not valid Punycode
 */
function punycodeDecode(input) {
  const delimiter = input.lastIndexOf("-");
  const output = [];
  for (let index = 0; index < Math.max(delimiter, 0); index++) {
    const unit = input.charCodeAt(index);
    if (unit >= 0x80) return null;
    output.push(unit);
  }
  let n = 128;
  let i = 0;
  let bias = 72;
  let position = delimiter > 0 ? delimiter + 1 : 0;
  while (position < input.length) {
    const oldI = i;
    let weight = 1;
    for (let k = 36; ; k += 36) {
      if (position >= input.length) return null;
      const unit = input.charCodeAt(position++);
      const digit = unit >= 0x61 && unit <= 0x7a ? unit - 0x61 : unit >= 0x41 && unit <= 0x5a ? unit - 0x41 :
        unit >= 0x30 && unit <= 0x39 ? unit - 0x16 : -1;
      if (digit < 0) return null;
      i += digit * weight;
      if (i > 0x7fffffff) return null;
      const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
      if (digit < t) break;
      weight *= 36 - t;
    }
    bias = punycodeAdapt(i - oldI, output.length + 1, oldI === 0);
    n += Math.floor(i / (output.length + 1));
    if (n > 0x10ffff) return null;
    i %= output.length + 1;
    output.splice(i, 0, n);
    i++;
  }
  return String.fromCodePoint.apply(null, output);
}

/** RFC 3492 bias adaptation. */
function punycodeAdapt(delta, pointCount, firstTime) {
  delta = firstTime ? Math.floor(delta / 700) : delta >> 1;
  delta += Math.floor(delta / pointCount);
  let k = 0;
  while (delta > 455) { // ((base − tmin) × tmax) / 2 with base 36, tmin 1, tmax 26
    delta = Math.floor(delta / 35);
    k += 36;
  }
  return k + Math.floor((36 * delta) / (delta + 38));
}

/** The Punycode digit for 0–35: a–z then 0–9. */
function punycodeDigit(value) {
  return String.fromCharCode(value < 26 ? 0x61 + value : 0x16 + value);
}

/**
 * Punycode-encodes one label (RFC 3492), without the "xn--" prefix.
 * @param {string} label
 */
function punycodeEncode(label) {
  const points = [];
  for (let index = 0; index < label.length; index++) {
    const point = label.codePointAt(index);
    points.push(point);
    if (point > 0xffff) index++;
  }
  let output = "";
  for (const point of points) if (point < 0x80) output += String.fromCharCode(point);
  const basicCount = output.length;
  let handled = basicCount;
  if (basicCount > 0) output += "-";
  let n = 128;
  let delta = 0;
  let bias = 72;
  while (handled < points.length) {
    let next = 0x7fffffff;
    for (const point of points) if (point >= n && point < next) next = point;
    delta += (next - n) * (handled + 1);
    n = next;
    for (const point of points) {
      if (point < n) delta++;
      if (point !== n) continue;
      let q = delta;
      for (let k = 36; ; k += 36) {
        const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
        if (q < t) break;
        output += punycodeDigit(t + ((q - t) % (36 - t)));
        q = Math.floor((q - t) / (36 - t));
      }
      output += punycodeDigit(q);
      bias = punycodeAdapt(delta, handled + 1, handled === basicCount);
      delta = 0;
      handled++;
    }
    delta++;
    n++;
  }
  return output;
}

/**
 * Parses an IPv4 number part: decimal, "0x" hex or "0"-prefixed octal.
 * https://url.spec.whatwg.org/#ipv4-number-parser
 * @returns {number} NaN for failure
 */
function parseIPv4Number(part) {
  const length = part.length;
  if (length === 0) return NaN;
  let radix = 10;
  let start = 0;
  if (length >= 2 && part.charCodeAt(0) === 0x30) {
    const second = part.charCodeAt(1) | 0x20;
    if (second === 0x78) { radix = 16; start = 2; } else { radix = 8; start = 1; }
  }
  let value = 0;
  for (let index = start; index < length; index++) {
    const digit = hexDigitValue(part.charCodeAt(index));
    if (digit < 0 || digit >= radix) return NaN;
    value = value * radix + digit;
  }
  return value;
}

/** https://url.spec.whatwg.org/#ends-in-a-number-checker */
function endsInANumber(domain) {
  const parts = domain.split(".");
  if (parts[parts.length - 1] === "") {
    if (parts.length === 1) return false;
    parts.pop();
  }
  const last = parts[parts.length - 1];
  if (last === "") return false;
  let allDigits = true;
  for (let index = 0; index < last.length; index++) {
    const unit = last.charCodeAt(index);
    if (unit < 0x30 || unit > 0x39) { allDigits = false; break; }
  }
  return allDigits || !Number.isNaN(parseIPv4Number(last));
}

/**
 * The IPv4 parser, returning the serialised address. https://url.spec.whatwg.org/#concept-ipv4-parser
 * @returns {string|null}
 */
function parseIPv4(input) {
  const parts = input.split(".");
  if (parts[parts.length - 1] === "" && parts.length > 1) parts.pop();
  if (parts.length > 4) return null;
  const numbers = [];
  for (const part of parts) {
    const number = parseIPv4Number(part);
    if (Number.isNaN(number)) return null;
    numbers.push(number);
  }
  for (let index = 0; index < numbers.length - 1; index++) if (numbers[index] > 255) return null;
  const last = numbers[numbers.length - 1];
  if (last >= Math.pow(256, 5 - numbers.length)) return null;
  let address = last;
  for (let index = 0; index < numbers.length - 1; index++) address += numbers[index] * Math.pow(256, 3 - index);
  const octets = [];
  for (let index = 0; index < 4; index++) {
    octets.unshift(String(address % 256));
    address = Math.floor(address / 256);
  }
  return octets.join(".");
}

/**
 * The IPv6 parser. https://url.spec.whatwg.org/#concept-ipv6-parser
 * @param {string} input the text between the brackets
 * @returns {number[]|null} eight 16-bit pieces
 */
function parseIPv6(input) {
  const address = [0, 0, 0, 0, 0, 0, 0, 0];
  const length = input.length;
  let pieceIndex = 0;
  let compress = -1;
  let pointer = 0;
  const at = (index) => (index < length ? input.charCodeAt(index) : -1);
  if (at(pointer) === 0x3a) {
    if (at(pointer + 1) !== 0x3a) return null;
    pointer += 2;
    pieceIndex++;
    compress = pieceIndex;
  }
  while (at(pointer) !== -1) {
    if (pieceIndex === 8) return null;
    if (at(pointer) === 0x3a) {
      if (compress !== -1) return null;
      pointer++;
      pieceIndex++;
      compress = pieceIndex;
      continue;
    }
    let value = 0;
    let digits = 0;
    while (digits < 4 && hexDigitValue(at(pointer)) >= 0) {
      value = value * 16 + hexDigitValue(at(pointer));
      pointer++;
      digits++;
    }
    if (at(pointer) === 0x2e) {
      if (digits === 0) return null;
      pointer -= digits;
      if (pieceIndex > 6) return null;
      let numbersSeen = 0;
      while (at(pointer) !== -1) {
        let ipv4Piece = -1;
        if (numbersSeen > 0) {
          if (at(pointer) === 0x2e && numbersSeen < 4) pointer++;
          else return null;
        }
        let unit = at(pointer);
        if (unit < 0x30 || unit > 0x39) return null;
        while (unit >= 0x30 && unit <= 0x39) {
          const number = unit - 0x30;
          if (ipv4Piece === -1) ipv4Piece = number;
          else if (ipv4Piece === 0) return null;
          else ipv4Piece = ipv4Piece * 10 + number;
          if (ipv4Piece > 255) return null;
          pointer++;
          unit = at(pointer);
        }
        address[pieceIndex] = address[pieceIndex] * 0x100 + ipv4Piece;
        numbersSeen++;
        if (numbersSeen === 2 || numbersSeen === 4) pieceIndex++;
      }
      if (numbersSeen !== 4) return null;
      break;
    } else if (at(pointer) === 0x3a) {
      pointer++;
      if (at(pointer) === -1) return null;
    } else if (at(pointer) !== -1) {
      return null;
    }
    address[pieceIndex] = value;
    pieceIndex++;
  }
  if (compress !== -1) {
    let swaps = pieceIndex - compress;
    pieceIndex = 7;
    while (pieceIndex !== 0 && swaps > 0) {
      const swap = address[pieceIndex];
      address[pieceIndex] = address[compress + swaps - 1];
      address[compress + swaps - 1] = swap;
      pieceIndex--;
      swaps--;
    }
  } else if (pieceIndex !== 8) {
    return null;
  }
  return address;
}

/** The IPv6 serializer (without brackets): the first longest run of ≥ 2 zero pieces becomes "::". */
function serializeIPv6(address) {
  let compress = -1;
  let longest = 1;
  for (let index = 0; index < 8;) {
    if (address[index] !== 0) { index++; continue; }
    let end = index;
    while (end < 8 && address[end] === 0) end++;
    if (end - index > longest) { longest = end - index; compress = index; }
    index = end;
  }
  let output = "";
  let ignoreZero = false;
  for (let index = 0; index < 8; index++) {
    if (ignoreZero && address[index] === 0) continue;
    ignoreZero = false;
    if (compress === index) {
      output += index === 0 ? "::" : ":";
      ignoreZero = true;
      continue;
    }
    output += address[index].toString(16);
    if (index !== 7) output += ":";
  }
  return output;
}

// ---------------------------------------------------------------------------------------------
// The basic URL parser — https://url.spec.whatwg.org/#concept-basic-url-parser

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
      const query = this[URL_RECORD].query;
      params = new URLSearchParams();
      params[SEARCH_PARAMS_LIST] = query === null ? [] : parseFormURLEncoded(query);
      params[SEARCH_PARAMS_URL] = this;
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

// WebIDL attributes and operations are enumerable (class members are not by default);
// `for…in` over a URL in WebKit lists them.
for (const target of [URL.prototype, URLSearchParams.prototype]) {
  for (const key of Object.getOwnPropertyNames(target)) {
    if (key === "constructor") continue;
    Object.defineProperty(target, key, { enumerable: true });
  }
}
Object.defineProperty(URL.prototype, Symbol.toStringTag, { value: "URL", configurable: true });

/**
 * Installs URL, URLSearchParams, atob, btoa, TextEncoder and TextDecoder on `global` as
 * non-enumerable, writable, configurable properties (as WebIDL defines interface objects).
 * @param {object} global the page's global object
 */
function installPlatformGlobals(global) {
  const members = { URL, URLSearchParams, atob, btoa, TextEncoder, TextDecoder };
  for (const name of Object.keys(members)) {
    Object.defineProperty(global, name, { value: members[name], writable: true, enumerable: false, configurable: true });
  }
  // Safari still exposes the legacy alias.
  Object.defineProperty(global, "webkitURL", { value: URL, writable: true, enumerable: false, configurable: true });
}
