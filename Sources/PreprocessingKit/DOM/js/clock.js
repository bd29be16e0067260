// Date, performance and randomness on the virtual clock.
// Date: https://tc39.es/ecma262/#sec-date-objects
// performance.now(): https://w3c.github.io/hr-time/#dom-performance-now
// crypto.getRandomValues(): https://w3c.github.io/webcrypto/#Crypto-method-getRandomValues
//
// `config.eventLoop`: `{deterministic, now, seed}`. Deterministic runs start at `now` (epoch ms)
// and draw every random number from a PRNG seeded with `seed`, so the same inputs give the same
// transcript. Otherwise the clock starts at the real time and randomness is the engine's.
// Either way time moves with the virtual clock of timers.js, never with the wall clock.

/** sfc32 (a small, fast PRNG with 128 bits of state), seeded through splitmix32. */
function makeSeededRandom(seed) {
  let s = (Number(seed) >>> 0) || 0;
  function splitmix() {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  }
  let a = splitmix(), b = splitmix(), c = splitmix(), d = splitmix();
  /** A uniformly distributed 32-bit unsigned integer. */
  function next32() {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  }
  for (let i = 0; i < 12; i++) next32();
  return next32;
}

const CLOCK = { origin: 0, deterministic: false, random32: null, timing: null };
// The engine's own, before a deterministic page replaces Math.random.
const ORIGINAL_DATE_NOW = Date.now;
const ORIGINAL_MATH_RANDOM = Math.random;

/**
 * Starts the virtual clock for a page: its origin (the real time, or `config.eventLoop.now` in a
 * deterministic run) and its randomness (the engine's, or seeded).
 */
function configureClock(config) {
  const settings = (config && config.eventLoop) || {};
  CLOCK.deterministic = !!settings.deterministic;
  CLOCK.origin = CLOCK.deterministic && typeof settings.now === "number" ? settings.now : ORIGINAL_DATE_NOW();
  if (CLOCK.deterministic) {
    const next32 = makeSeededRandom(settings.seed === undefined ? 0 : settings.seed);
    CLOCK.random32 = next32;
    // 53 random bits, as engines build a double in [0, 1).
    Math.random = function random() { return ((next32() >>> 5) * 67108864 + (next32() >>> 6)) / 9007199254740992; };
  } else {
    CLOCK.random32 = () => (ORIGINAL_MATH_RANDOM() * 4294967296) >>> 0;
  }
  const timing = CLOCK.timing;
  timing.navigationStart = timing.fetchStart = timing.domContentLoadedEventEnd = timing.loadEventStart = timing.loadEventEnd = CLOCK.origin;
}

/**
 * Installs Date, performance and crypto on the virtual clock when the realm is made; they read
 * the page's clock (configureClock) when called.
 */
function installClock(global) {
  const OriginalDate = global.Date;

  /** Milliseconds since the epoch on the virtual clock. */
  const epochNow = () => Math.floor(CLOCK.origin + virtualNow());

  // A Date constructor whose "now" is the virtual clock. Dates it makes are real Dates (made
  // by the engine's constructor), so `instanceof Date` and the native bridge still see them.
  function Date(...args) {
    if (new.target === undefined) return new OriginalDate(epochNow()).toString();
    if (args.length === 0) return Reflect.construct(OriginalDate, [epochNow()], new.target);
    return Reflect.construct(OriginalDate, args, new.target);
  }
  Object.defineProperty(Date, "length", { value: 7 });
  Date.prototype = OriginalDate.prototype;
  Date.now = function now() { return epochNow(); };
  Date.parse = OriginalDate.parse;
  Date.UTC = OriginalDate.UTC;
  Object.defineProperty(OriginalDate.prototype, "constructor", { value: Date, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(global, "Date", { value: Date, writable: true, configurable: true, enumerable: false });

  const performanceObject = {
    now() { return Math.round(virtualNow() * 1000) / 1000; },
    get timeOrigin() { return CLOCK.origin; },
    timing: { navigationStart: 0, fetchStart: 0, domContentLoadedEventEnd: 0, loadEventStart: 0, loadEventEnd: 0 },
    navigation: { type: 0, redirectCount: 0 },
    mark() {}, measure() {}, clearMarks() {}, clearMeasures() {},
    getEntries() { return []; }, getEntriesByType() { return []; }, getEntriesByName() { return []; },
    toJSON() { return { timeOrigin: CLOCK.origin }; },
  };
  CLOCK.timing = performanceObject.timing;
  Object.defineProperty(global, "performance", { value: performanceObject, writable: true, configurable: true, enumerable: true });

  const cryptoObject = {
    getRandomValues(array) {
      if (!ArrayBuffer.isView(array) || array instanceof Float32Array || array instanceof Float64Array || array instanceof DataView) {
        throw makeDOMException("The provided ArrayBufferView is of type '" + (array && array.constructor ? array.constructor.name : typeof array) + "', which is not an integer array type.", "TypeMismatchError");
      }
      if (array.byteLength > 65536) {
        throw makeDOMException("The ArrayBufferView's byte length (" + array.byteLength + ") exceeds the number of bytes of entropy available via this API (65536)", "QuotaExceededError");
      }
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (let i = 0; i < bytes.length; i += 4) {
        let word = CLOCK.random32();
        for (let j = 0; j < 4 && i + j < bytes.length; j++) { bytes[i + j] = word & 0xff; word >>>= 8; }
      }
      return array;
    },
    randomUUID() { return randomUUIDString(); },
    // The SubtleCrypto object is made, with its interface group, when a script first reads it.
    get subtle() { return subtleCryptoObject(); },
  };
  Object.defineProperty(global, "crypto", { value: cryptoObject, writable: true, configurable: true, enumerable: true });
}

/** https://w3c.github.io/webcrypto/#Crypto-method-randomUUID, from the page's randomness (seeded in a deterministic run). */
function randomUUIDString() {
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i += 4) {
    let word = CLOCK.random32();
    for (let j = 0; j < 4; j++) { bytes[i + j] = word & 0xff; word >>>= 8; }
  }
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  let hex = "";
  for (let i = 0; i < 16; i++) hex += (bytes[i] + 0x100).toString(16).slice(1);
  return hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" + hex.slice(16, 20) + "-" + hex.slice(20);
}

/** A DOMException when the DOM defines it, else an Error with the same name. */
function makeDOMException(message, name) {
  if (typeof globalThis.DOMException === "function") return new globalThis.DOMException(message, name);
  const error = new Error(message);
  error.name = name;
  return error;
}
