// Hosts — https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses)
// The host parser (https://url.spec.whatwg.org/#concept-host-parser) and what it calls: opaque
// hosts, domain to ASCII (with Punycode, RFC 3492), the IPv4 and IPv6 parsers, and the IPv6
// serializer. A parsed host is kept as its serialisation (see the record in URL.js).

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
