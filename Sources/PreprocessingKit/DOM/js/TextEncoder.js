// TextEncoder — https://encoding.spec.whatwg.org/#interface-textencoder
// Also the bundle's UTF-8 helpers (used by URL percent-encoding and URLSearchParams).

/**
 * Converts a JS string to a USVString: lone surrogates become U+FFFD (WebIDL USVString).
 * Returns the same string when it is already well formed, without allocating.
 * @param {string} string
 * @returns {string}
 */
function toUSVString(string) {
  const length = string.length;
  let index = 0;
  for (; index < length; index++) {
    const unit = string.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdfff) {
      if (unit <= 0xdbff && index + 1 < length) {
        const next = string.charCodeAt(index + 1);
        if (next >= 0xdc00 && next <= 0xdfff) { index++; continue; }
      }
      break;
    }
  }
  if (index >= length) return string;
  let output = string.slice(0, index);
  for (; index < length; index++) {
    const unit = string.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdfff) {
      if (unit <= 0xdbff && index + 1 < length) {
        const next = string.charCodeAt(index + 1);
        if (next >= 0xdc00 && next <= 0xdfff) {
          output += string[index] + string[index + 1];
          index++;
          continue;
        }
      }
      output += "\uFFFD";
    } else {
      output += string[index];
    }
  }
  return output;
}

/**
 * UTF-8 encodes a string (lone surrogates as U+FFFD) into a plain array of bytes.
 * @param {string} string
 * @param {number[]} bytes appended to
 * @returns {number[]} `bytes`
 */
function utf8EncodeToArray(string, bytes) {
  const length = string.length;
  for (let index = 0; index < length; index++) {
    let point = string.charCodeAt(index);
    if (point < 0x80) { bytes.push(point); continue; }
    if (point >= 0xd800 && point <= 0xdfff) {
      const next = index + 1 < length ? string.charCodeAt(index + 1) : 0;
      if (point <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        point = 0x10000 + ((point - 0xd800) << 10) + (next - 0xdc00);
        index++;
      } else {
        point = 0xfffd;
      }
    }
    if (point < 0x800) {
      bytes.push(0xc0 | (point >> 6), 0x80 | (point & 63));
    } else if (point < 0x10000) {
      bytes.push(0xe0 | (point >> 12), 0x80 | ((point >> 6) & 63), 0x80 | (point & 63));
    } else {
      bytes.push(0xf0 | (point >> 18), 0x80 | ((point >> 12) & 63), 0x80 | ((point >> 6) & 63), 0x80 | (point & 63));
    }
  }
  return bytes;
}

/**
 * Turns an array of UTF-16 code units into a string, in chunks so long inputs do not overflow
 * the argument limit of `String.fromCharCode.apply`.
 * @param {ArrayLike<number>} units
 * @param {number} count how many of `units` to use
 */
function codeUnitsToString(units, count) {
  if (count <= 8192) {
    return String.fromCharCode.apply(null, count === units.length ? units : Array.prototype.slice.call(units, 0, count));
  }
  let output = "";
  for (let start = 0; start < count; start += 8192) {
    output += String.fromCharCode.apply(null, Array.prototype.slice.call(units, start, Math.min(start + 8192, count)));
  }
  return output;
}

/**
 * Encodes strings as UTF-8.
 * https://encoding.spec.whatwg.org/#interface-textencoder
 */
class TextEncoder {
  /** Always `"utf-8"`. */
  get encoding() { return "utf-8"; }

  /**
   * @param {string} [input=""]
   * @returns {Uint8Array} the UTF-8 bytes of `input` (lone surrogates as U+FFFD)
   */
  encode(input = "") {
    return new Uint8Array(utf8EncodeToArray(String(input), []));
  }

  /**
   * Encodes as much of `source` as fits in `destination`, never splitting a code point.
   * @param {string} source
   * @param {Uint8Array} destination
   * @returns {{read: number, written: number}} UTF-16 code units read, bytes written
   */
  encodeInto(source, destination) {
    if (arguments.length < 2) throw new TypeError("Not enough arguments");
    if (!(destination instanceof Uint8Array)) throw new TypeError("Argument 2 ('destination') to TextEncoder.encodeInto must be an instance of Uint8Array");
    const string = String(source);
    const length = string.length;
    const capacity = destination.length;
    let read = 0;
    let written = 0;
    while (read < length) {
      let point = string.charCodeAt(read);
      let units = 1;
      if (point >= 0xd800 && point <= 0xdfff) {
        const next = read + 1 < length ? string.charCodeAt(read + 1) : 0;
        if (point <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          point = 0x10000 + ((point - 0xd800) << 10) + (next - 0xdc00);
          units = 2;
        } else {
          point = 0xfffd;
        }
      }
      const size = point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
      if (written + size > capacity) break;
      if (size === 1) {
        destination[written] = point;
      } else if (size === 2) {
        destination[written] = 0xc0 | (point >> 6);
        destination[written + 1] = 0x80 | (point & 63);
      } else if (size === 3) {
        destination[written] = 0xe0 | (point >> 12);
        destination[written + 1] = 0x80 | ((point >> 6) & 63);
        destination[written + 2] = 0x80 | (point & 63);
      } else {
        destination[written] = 0xf0 | (point >> 18);
        destination[written + 1] = 0x80 | ((point >> 12) & 63);
        destination[written + 2] = 0x80 | ((point >> 6) & 63);
        destination[written + 3] = 0x80 | (point & 63);
      }
      written += size;
      read += units;
    }
    return { read, written };
  }
}
Object.defineProperty(TextEncoder.prototype, Symbol.toStringTag, { value: "TextEncoder", configurable: true });
