// TextDecoder — https://encoding.spec.whatwg.org/#interface-textdecoder
// Supports UTF-8, UTF-16LE, UTF-16BE and windows-1252 (which the Encoding Standard also uses for
// the latin1 / iso-8859-1 / us-ascii labels). Other labels throw RangeError.

/** Encoding Standard label → encoding name, for the encodings this bundle decodes. */
const textDecoderLabels = lazyTable(() => {
  const labels = new Map();
  const add = (name, list) => { for (const label of list.split(" ")) labels.set(label, name); };
  add("utf-8", "unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8");
  add("utf-16le", "csunicode iso-10646-ucs-2 ucs-2 unicode unicodefeff utf-16 utf-16le");
  add("utf-16be", "unicodefffe utf-16be");
  add("windows-1252", "ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 " +
    "iso8859-1 iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii windows-1252 x-cp1252");
  return labels;
});

/** windows-1252 bytes 0x80–0x9F → code points (the rest of the bytes map to themselves). */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d, 0x017d, 0x008f,
  0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178,
];

/** Thrown by a fatal decoder on malformed input (WebKit's wording). */
function decodingError() {
  return new TypeError("The encoded data was not valid.");
}

/**
 * Decodes bytes with one of the supported encodings, keeping state between calls so input may
 * arrive in pieces. Output is pushed as UTF-16 code units to `units`.
 * Errors push U+FFFD, or throw when `fatal`.
 */
class ByteDecoder {
  /**
   * @param {string} encoding one of the names textDecoderLabels maps to
   * @param {boolean} fatal
   */
  constructor(encoding, fatal) {
    this.encoding = encoding;
    this.fatal = fatal;
    this.reset();
  }

  /** Forgets any partial sequence (a new stream starts). */
  reset() {
    this.codePoint = 0;
    this.bytesSeen = 0;
    this.bytesNeeded = 0;
    this.lowerBoundary = 0x80;
    this.upperBoundary = 0xbf;
    this.leadByte = -1;
    this.leadSurrogate = -1;
  }

  /** Reports a decoding error: U+FFFD, or an exception when fatal. */
  error(units) {
    if (this.fatal) {
      this.reset();
      throw decodingError();
    }
    units.push(0xfffd);
  }

  /**
   * @param {Uint8Array} bytes
   * @param {boolean} flush true at the end of the stream
   * @param {number[]} units code units are appended here
   */
  decode(bytes, flush, units) {
    if (this.encoding === "utf-8") this.decodeUTF8(bytes, flush, units);
    else if (this.encoding === "windows-1252") this.decodeWindows1252(bytes, units);
    else this.decodeUTF16(bytes, flush, units, this.encoding === "utf-16be");
  }

  /** https://encoding.spec.whatwg.org/#utf-8-decoder */
  decodeUTF8(bytes, flush, units) {
    const length = bytes.length;
    let index = 0;
    while (index < length) {
      const byte = bytes[index];
      if (this.bytesNeeded === 0) {
        index++;
        if (byte < 0x80) {
          units.push(byte);
        } else if (byte >= 0xc2 && byte <= 0xdf) {
          this.bytesNeeded = 1;
          this.codePoint = byte & 0x1f;
        } else if (byte >= 0xe0 && byte <= 0xef) {
          if (byte === 0xe0) this.lowerBoundary = 0xa0;
          if (byte === 0xed) this.upperBoundary = 0x9f;
          this.bytesNeeded = 2;
          this.codePoint = byte & 0xf;
        } else if (byte >= 0xf0 && byte <= 0xf4) {
          if (byte === 0xf0) this.lowerBoundary = 0x90;
          if (byte === 0xf4) this.upperBoundary = 0x8f;
          this.bytesNeeded = 3;
          this.codePoint = byte & 0x7;
        } else {
          this.error(units);
        }
        continue;
      }
      if (byte < this.lowerBoundary || byte > this.upperBoundary) {
        // The byte is not consumed: it starts the next sequence ("prepend to the stream").
        this.codePoint = this.bytesNeeded = this.bytesSeen = 0;
        this.lowerBoundary = 0x80;
        this.upperBoundary = 0xbf;
        this.error(units);
        continue;
      }
      index++;
      this.lowerBoundary = 0x80;
      this.upperBoundary = 0xbf;
      this.codePoint = (this.codePoint << 6) | (byte & 0x3f);
      this.bytesSeen++;
      if (this.bytesSeen === this.bytesNeeded) {
        const point = this.codePoint;
        this.codePoint = this.bytesNeeded = this.bytesSeen = 0;
        if (point < 0x10000) {
          units.push(point);
        } else {
          units.push(0xd800 + ((point - 0x10000) >> 10), 0xdc00 + ((point - 0x10000) & 0x3ff));
        }
      }
    }
    if (flush && this.bytesNeeded !== 0) {
      this.codePoint = this.bytesNeeded = this.bytesSeen = 0;
      this.error(units);
    }
  }

  /** https://encoding.spec.whatwg.org/#single-byte-decoder with the windows-1252 index. */
  decodeWindows1252(bytes, units) {
    const length = bytes.length;
    for (let index = 0; index < length; index++) {
      const byte = bytes[index];
      units.push(byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH[byte - 0x80] : byte);
    }
  }

  /** https://encoding.spec.whatwg.org/#shared-utf-16-decoder */
  decodeUTF16(bytes, flush, units, bigEndian) {
    const length = bytes.length;
    for (let index = 0; index < length; index++) {
      const byte = bytes[index];
      if (this.leadByte < 0) {
        this.leadByte = byte;
        continue;
      }
      const unit = bigEndian ? (this.leadByte << 8) | byte : (byte << 8) | this.leadByte;
      this.leadByte = -1;
      if (this.leadSurrogate >= 0) {
        const lead = this.leadSurrogate;
        this.leadSurrogate = -1;
        if (unit >= 0xdc00 && unit <= 0xdfff) {
          units.push(lead, unit);
          continue;
        }
        // The lone lead surrogate is an error; this unit is then processed on its own.
        this.error(units);
      }
      if (unit >= 0xd800 && unit <= 0xdbff) {
        this.leadSurrogate = unit;
      } else if (unit >= 0xdc00 && unit <= 0xdfff) {
        this.error(units);
      } else {
        units.push(unit);
      }
    }
    if (flush && (this.leadByte >= 0 || this.leadSurrogate >= 0)) {
      this.leadByte = -1;
      this.leadSurrogate = -1;
      this.error(units);
    }
  }
}

/**
 * UTF-8 decode without BOM, with replacement: what URL percent-decoding and
 * application/x-www-form-urlencoded parsing use.
 * @param {Uint8Array|number[]} bytes
 * @returns {string}
 */
function utf8DecodeWithoutBOM(bytes) {
  const units = [];
  new ByteDecoder("utf-8", false).decode(bytes, true, units);
  return codeUnitsToString(units, units.length);
}

/**
 * Decodes bytes into strings.
 * https://encoding.spec.whatwg.org/#interface-textdecoder
 */
class TextDecoder {
  /**
   * @param {string} [label="utf-8"] an Encoding Standard label
   * @param {{fatal?: boolean, ignoreBOM?: boolean}} [options]
   * @throws RangeError for labels this bundle does not decode
   */
  constructor(label = "utf-8", options = undefined) {
    const key = String(label).replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, "").toLowerCase();
    const encoding = textDecoderLabels().get(key);
    if (encoding === undefined) throw new RangeError(`Unsupported encoding label: ${String(label)}`);
    const fatal = options != null && Boolean(options.fatal);
    const ignoreBOM = options != null && Boolean(options.ignoreBOM);
    Object.defineProperty(this, TEXT_DECODER_STATE, {
      value: { encoding, fatal, ignoreBOM, decoder: new ByteDecoder(encoding, fatal), bomSeen: false, streaming: false },
    });
  }

  /** The encoding's name in lower case: `"utf-8"`, `"utf-16le"`, `"utf-16be"`, `"windows-1252"`. */
  get encoding() { return decoderState(this).encoding; }
  /** Whether malformed input throws instead of decoding to U+FFFD. */
  get fatal() { return decoderState(this).fatal; }
  /** Whether a leading byte order mark is kept in the output. */
  get ignoreBOM() { return decoderState(this).ignoreBOM; }

  /**
   * @param {ArrayBuffer|ArrayBufferView} [input]
   * @param {{stream?: boolean}} [options] `stream: true` keeps an incomplete sequence for the next call
   * @returns {string}
   */
  decode(input = undefined, options = undefined) {
    const state = decoderState(this);
    let bytes;
    if (input === undefined || input === null) {
      if (input === null) throw new TypeError("Argument 1 ('input') to TextDecoder.decode must be an instance of ArrayBuffer");
      bytes = new Uint8Array(0);
    } else if (input instanceof ArrayBuffer || (typeof SharedArrayBuffer === "function" && input instanceof SharedArrayBuffer)) {
      bytes = new Uint8Array(input);
    } else if (ArrayBuffer.isView(input)) {
      bytes = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    } else {
      throw new TypeError("Argument 1 ('input') to TextDecoder.decode must be an instance of ArrayBuffer");
    }
    if (!state.streaming) {
      state.decoder.reset();
      state.bomSeen = false;
    }
    const stream = options != null && Boolean(options.stream);
    state.streaming = stream;
    const units = [];
    try {
      state.decoder.decode(bytes, !stream, units);
    } catch (error) {
      state.streaming = false;
      throw error;
    }
    let start = 0;
    // https://encoding.spec.whatwg.org/#concept-td-serialize: the first U+FEFF is a BOM.
    if (!state.bomSeen && units.length > 0) {
      state.bomSeen = true;
      if (!state.ignoreBOM && state.encoding !== "windows-1252" && units[0] === 0xfeff) start = 1;
    }
    const output = start === 0 ? codeUnitsToString(units, units.length) : codeUnitsToString(units.slice(1), units.length - 1);
    return output;
  }
}

/** Internal state of a TextDecoder. */
const TEXT_DECODER_STATE = Symbol("textDecoderState");

/** The state of `decoder`, or a TypeError when `this` is not a TextDecoder. */
function decoderState(decoder) {
  const state = decoder != null ? decoder[TEXT_DECODER_STATE] : undefined;
  if (state === undefined) throw new TypeError("The TextDecoder.prototype getter can only be used on instances of TextDecoder");
  return state;
}
Object.defineProperty(TextDecoder.prototype, Symbol.toStringTag, { value: "TextDecoder", configurable: true });
