// atob / btoa — https://html.spec.whatwg.org/multipage/webappapis.html#atob
// Forgiving-base64 — https://infra.spec.whatwg.org/#forgiving-base64

/** The 64 characters of the standard base64 alphabet, in value order. */
const BASE64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Code unit → 6-bit value, or -1 for characters outside the alphabet. */
const base64Values = lazyTable(() => {
  const table = new Int8Array(128).fill(-1);
  for (let index = 0; index < 64; index++) table[BASE64_ALPHABET.charCodeAt(index)] = index;
  return table;
});

/**
 * Builds the error `atob`/`btoa` throw. DOMException is defined by a later file of the bundle,
 * so it is looked up when the error happens, not when this file runs.
 * @param {string} message
 */
function invalidCharacterError(message) {
  return typeof DOMException === "function"
    ? new DOMException(message, "InvalidCharacterError")
    : new Error(message);
}

/** WebKit's message for InvalidCharacterError. */
const INVALID_CHARACTER_MESSAGE = "The string contains invalid characters.";

/**
 * Forgiving-base64 decode to a "binary string" (one code unit per byte), as `atob` returns.
 * @param {string} data
 * @returns {string}
 * @throws InvalidCharacterError when `data` is not valid forgiving-base64.
 */
function atobImpl(data) {
  // Remove ASCII whitespace (TAB, LF, FF, CR, SPACE) while checking the alphabet in one pass.
  const length = data.length;
  const values = [];
  for (let index = 0; index < length; index++) {
    const unit = data.charCodeAt(index);
    if (unit === 0x09 || unit === 0x0a || unit === 0x0c || unit === 0x0d || unit === 0x20) continue;
    values.push(unit);
  }
  let count = values.length;
  if (count % 4 === 0 && count > 0 && values[count - 1] === 0x3d) {
    count--;
    if (values[count - 1] === 0x3d) count--;
  }
  if (count % 4 === 1) throw invalidCharacterError(INVALID_CHARACTER_MESSAGE);
  const table = base64Values();
  let output = "";
  let chunk = [];
  let buffer = 0;
  let bits = 0;
  for (let index = 0; index < count; index++) {
    const unit = values[index];
    const value = unit < 128 ? table[unit] : -1;
    if (value < 0) throw invalidCharacterError(INVALID_CHARACTER_MESSAGE);
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      chunk.push((buffer >> bits) & 0xff);
      if (chunk.length === 8192) {
        output += String.fromCharCode.apply(null, chunk);
        chunk = [];
      }
    }
  }
  // Leftover bits (4 or 2) are discarded, as the spec says.
  return output + String.fromCharCode.apply(null, chunk);
}

/**
 * Base64-encodes a binary string (every code unit ≤ 0xFF).
 * @param {string} data
 * @returns {string}
 * @throws InvalidCharacterError when a code unit is above 0xFF.
 */
function btoaImpl(data) {
  const length = data.length;
  for (let index = 0; index < length; index++) {
    if (data.charCodeAt(index) > 0xff) throw invalidCharacterError(INVALID_CHARACTER_MESSAGE);
  }
  const parts = [];
  let index = 0;
  for (; index + 2 < length; index += 3) {
    const triple = (data.charCodeAt(index) << 16) | (data.charCodeAt(index + 1) << 8) | data.charCodeAt(index + 2);
    parts.push(
      BASE64_ALPHABET[triple >> 18] + BASE64_ALPHABET[(triple >> 12) & 63] +
      BASE64_ALPHABET[(triple >> 6) & 63] + BASE64_ALPHABET[triple & 63]
    );
  }
  const rest = length - index;
  if (rest === 1) {
    const single = data.charCodeAt(index);
    parts.push(BASE64_ALPHABET[single >> 2] + BASE64_ALPHABET[(single & 3) << 4] + "==");
  } else if (rest === 2) {
    const pair = (data.charCodeAt(index) << 8) | data.charCodeAt(index + 1);
    parts.push(BASE64_ALPHABET[pair >> 10] + BASE64_ALPHABET[(pair >> 4) & 63] + BASE64_ALPHABET[(pair & 15) << 2] + "=");
  }
  return parts.join("");
}

/**
 * The global `atob(data)`.
 * @param {string} data
 */
function atob(data) {
  if (arguments.length < 1) throw new TypeError("Not enough arguments");
  return atobImpl(String(data));
}

/**
 * The global `btoa(data)`.
 * @param {string} data
 */
function btoa(data) {
  if (arguments.length < 1) throw new TypeError("Not enough arguments");
  return btoaImpl(String(data));
}
