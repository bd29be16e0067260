// Percent-encoding — https://url.spec.whatwg.org/#percent-encoded-bytes
// The percent-encode sets, percent-encoding a string after UTF-8 encoding it, and percent-decoding.
// Used by the URL parser (URLParser.js), the host parser (URLHost.js) and URLSearchParams.js.

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
const percentEncodedBytes = lazyTable(() => {
  const table = [];
  for (let byte = 0; byte < 256; byte++) table.push("%" + (byte < 16 ? "0" : "") + byte.toString(16).toUpperCase());
  return table;
});

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
  const encoded = percentEncodedBytes();
  let output = string.slice(0, index);
  for (; index < length; index++) {
    let point = string.charCodeAt(index);
    if (point < 0x7f) {
      if (spaceAsPlus && point === 0x20) output += "+";
      else if ((PERCENT_ENCODE_SETS[point] & set) !== 0) output += encoded[point];
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
      output += encoded[point];
    } else if (point < 0x800) {
      output += encoded[0xc0 | (point >> 6)] + encoded[0x80 | (point & 63)];
    } else if (point < 0x10000) {
      output += encoded[0xe0 | (point >> 12)] + encoded[0x80 | ((point >> 6) & 63)] +
        encoded[0x80 | (point & 63)];
    } else {
      output += encoded[0xf0 | (point >> 18)] + encoded[0x80 | ((point >> 12) & 63)] +
        encoded[0x80 | ((point >> 6) & 63)] + encoded[0x80 | (point & 63)];
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
