// SubtleCrypto: https://w3c.github.io/webcrypto/#subtlecrypto-interface
// SHA: FIPS 180-4, https://nvlpubs.nist.gov/nistpubs/FIPS/NIST.FIPS.180-4.pdf
//
// digest() is computed here (SHA-1, SHA-256, SHA-384, SHA-512); the other operations exist with
// WebKit's names and reject with NotSupportedError, recording that the simulator does not model
// them (unsupported-api), so a script that reaches them is told where.

class SubtleCrypto {
  constructor(token) {
    if (token !== INTERNAL) throw new TypeError("Illegal constructor");
  }
  digest(algorithm, data) {
    return new Promise((resolve, reject) => {
      if (arguments.length < 2) throw new TypeError("Not enough arguments");
      const bytes = bufferSourceBytes(data);
      if (bytes === null) throw new TypeError("Type error");
      const name = String(algorithm !== null && typeof algorithm === "object" ? algorithm.name : algorithm).toUpperCase();
      const hash = SHA_DIGESTS[name];
      if (hash === undefined) throwDOMException("NotSupportedError", "The operation is not supported.");
      const input = bytes.slice();
      // The hash is computed in a task, as WebKit's work queue answers after the tasks already due.
      scheduleTask("timeout", () => { try { resolve(hash(input).buffer); } catch (error) { reject(error); } }, 1);
    });
  }
}
for (const name of ["encrypt", "decrypt", "sign", "verify", "generateKey", "deriveKey", "deriveBits", "importKey", "exportKey", "wrapKey", "unwrapKey"]) {
  Object.defineProperty(SubtleCrypto.prototype, name, {
    value: {
      [name]() {
        recordUnsupported("crypto.subtle." + name);
        return Promise.reject(new DOMException("The operation is not supported.", "NotSupportedError"));
      },
    }[name],
    writable: true, configurable: true, enumerable: false,
  });
}

/** The window's one SubtleCrypto (crypto.subtle), made when first read. */
let pageSubtleCrypto = null;
function subtleCryptoObject() {
  if (pageSubtleCrypto === null) pageSubtleCrypto = new SubtleCrypto(INTERNAL);
  return pageSubtleCrypto;
}

/** The bytes of an ArrayBuffer or a view on one, else null. */
function bufferSourceBytes(data) {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return null;
}

// MARK: SHA-1 and SHA-2

/** The message padded to whole blocks (64 or 128 bytes), its bit length big-endian at the end. */
function shaPadded(bytes, blockSize) {
  const lengthBytes = blockSize === 64 ? 8 : 16;
  const total = Math.ceil((bytes.length + 1 + lengthBytes) / blockSize) * blockSize;
  const padded = new Uint8Array(total);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bits = bytes.length * 8;
  view.setUint32(total - 8, Math.floor(bits / 0x100000000));
  view.setUint32(total - 4, bits >>> 0);
  return view;
}

function sha1(bytes) {
  const view = shaPadded(bytes, 64);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const w = new Int32Array(80);
  for (let block = 0; block < view.byteLength; block += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getInt32(block + t * 4);
    for (let t = 16; t < 80; t++) { const x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]; w[t] = (x << 1) | (x >>> 31); }
    let [a, b, c, d, e] = h;
    for (let t = 0; t < 80; t++) {
      const f = t < 20 ? (b & c) | (~b & d) : t < 40 ? b ^ c ^ d : t < 60 ? (b & c) | (b & d) | (c & d) : b ^ c ^ d;
      const k = t < 20 ? 0x5a827999 : t < 40 ? 0x6ed9eba1 : t < 60 ? 0x8f1bbcdc : 0xca62c1d6;
      const temp = (((a << 5) | (a >>> 27)) + f + e + k + w[t]) | 0;
      e = d; d = c; c = (b << 30) | (b >>> 2); b = a; a = temp;
    }
    h[0] = (h[0] + a) | 0; h[1] = (h[1] + b) | 0; h[2] = (h[2] + c) | 0; h[3] = (h[3] + d) | 0; h[4] = (h[4] + e) | 0;
  }
  return shaWords32(h);
}

const SHA256_K = lazyTable(() => new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
  0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
  0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
  0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]));

function sha256(bytes) {
  const view = shaPadded(bytes, 64);
  const K = SHA256_K();
  const h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
  const w = new Int32Array(64);
  const rotr = (x, n) => (x >>> n) | (x << (32 - n));
  for (let block = 0; block < view.byteLength; block += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getInt32(block + t * 4);
    for (let t = 16; t < 64; t++) {
      const s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >>> 3);
      const s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >>> 10);
      w[t] = (w[t - 16] + s0 + w[t - 7] + s1) | 0;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let t = 0; t < 64; t++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t]) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
    }
    h[0] = (h[0] + a) | 0; h[1] = (h[1] + b) | 0; h[2] = (h[2] + c) | 0; h[3] = (h[3] + d) | 0;
    h[4] = (h[4] + e) | 0; h[5] = (h[5] + f) | 0; h[6] = (h[6] + g) | 0; h[7] = (h[7] + hh) | 0;
  }
  return shaWords32(h);
}

function shaWords32(words) {
  const out = new Uint8Array(words.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < words.length; i++) view.setInt32(i * 4, words[i]);
  return out;
}

// SHA-512's 64-bit words as pairs of 32-bit halves (high, low) in Int32Arrays.
const SHA512_K = lazyTable(() => new Int32Array([
  0x428a2f98, 0xd728ae22, 0x71374491, 0x23ef65cd, 0xb5c0fbcf, 0xec4d3b2f, 0xe9b5dba5, 0x8189dbbc, 0x3956c25b, 0xf348b538,
  0x59f111f1, 0xb605d019, 0x923f82a4, 0xaf194f9b, 0xab1c5ed5, 0xda6d8118, 0xd807aa98, 0xa3030242, 0x12835b01, 0x45706fbe,
  0x243185be, 0x4ee4b28c, 0x550c7dc3, 0xd5ffb4e2, 0x72be5d74, 0xf27b896f, 0x80deb1fe, 0x3b1696b1, 0x9bdc06a7, 0x25c71235,
  0xc19bf174, 0xcf692694, 0xe49b69c1, 0x9ef14ad2, 0xefbe4786, 0x384f25e3, 0x0fc19dc6, 0x8b8cd5b5, 0x240ca1cc, 0x77ac9c65,
  0x2de92c6f, 0x592b0275, 0x4a7484aa, 0x6ea6e483, 0x5cb0a9dc, 0xbd41fbd4, 0x76f988da, 0x831153b5, 0x983e5152, 0xee66dfab,
  0xa831c66d, 0x2db43210, 0xb00327c8, 0x98fb213f, 0xbf597fc7, 0xbeef0ee4, 0xc6e00bf3, 0x3da88fc2, 0xd5a79147, 0x930aa725,
  0x06ca6351, 0xe003826f, 0x14292967, 0x0a0e6e70, 0x27b70a85, 0x46d22ffc, 0x2e1b2138, 0x5c26c926, 0x4d2c6dfc, 0x5ac42aed,
  0x53380d13, 0x9d95b3df, 0x650a7354, 0x8baf63de, 0x766a0abb, 0x3c77b2a8, 0x81c2c92e, 0x47edaee6, 0x92722c85, 0x1482353b,
  0xa2bfe8a1, 0x4cf10364, 0xa81a664b, 0xbc423001, 0xc24b8b70, 0xd0f89791, 0xc76c51a3, 0x0654be30, 0xd192e819, 0xd6ef5218,
  0xd6990624, 0x5565a910, 0xf40e3585, 0x5771202a, 0x106aa070, 0x32bbd1b8, 0x19a4c116, 0xb8d2d0c8, 0x1e376c08, 0x5141ab53,
  0x2748774c, 0xdf8eeb99, 0x34b0bcb5, 0xe19b48a8, 0x391c0cb3, 0xc5c95a63, 0x4ed8aa4a, 0xe3418acb, 0x5b9cca4f, 0x7763e373,
  0x682e6ff3, 0xd6b2b8a3, 0x748f82ee, 0x5defb2fc, 0x78a5636f, 0x43172f60, 0x84c87814, 0xa1f0ab72, 0x8cc70208, 0x1a6439ec,
  0x90befffa, 0x23631e28, 0xa4506ceb, 0xde82bde9, 0xbef9a3f7, 0xb2c67915, 0xc67178f2, 0xe372532b, 0xca273ece, 0xea26619c,
  0xd186b8c7, 0x21c0c207, 0xeada7dd6, 0xcde0eb1e, 0xf57d4f7f, 0xee6ed178, 0x06f067aa, 0x72176fba, 0x0a637dc5, 0xa2c898a6,
  0x113f9804, 0xbef90dae, 0x1b710b35, 0x131c471b, 0x28db77f5, 0x23047d84, 0x32caab7b, 0x40c72493, 0x3c9ebe0a, 0x15c9bebc,
  0x431d67c4, 0x9c100d4c, 0x4cc5d4be, 0xcb3e42b6, 0x597f299c, 0xfc657e2a, 0x5fcb6fab, 0x3ad6faec, 0x6c44198c, 0x4a475817,
]));

const SHA512_INITIAL = [0x6a09e667, 0xf3bcc908, 0xbb67ae85, 0x84caa73b, 0x3c6ef372, 0xfe94f82b, 0xa54ff53a, 0x5f1d36f1,
  0x510e527f, 0xade682d1, 0x9b05688c, 0x2b3e6c1f, 0x1f83d9ab, 0xfb41bd6b, 0x5be0cd19, 0x137e2179];
const SHA384_INITIAL = [0xcbbb9d5d, 0xc1059ed8, 0x629a292a, 0x367cd507, 0x9159015a, 0x3070dd17, 0x152fecd8, 0xf70e5939,
  0x67332667, 0xffc00b31, 0x8eb44a87, 0x68581511, 0xdb0c2e0d, 0x64f98fa7, 0x47b5481d, 0xbefa4fa4];

/** SHA-512 (or SHA-384 from its initial value, keeping `outputWords` 32-bit words). */
function sha512Family(bytes, initial, outputWords) {
  const view = shaPadded(bytes, 128);
  const K = SHA512_K();
  const h = Int32Array.from(initial);
  const w = new Int32Array(160);
  const v = new Int32Array(16);
  // A 64-bit addition of (ah, al) and (bh, bl), into out[i], out[i + 1].
  const add = (out, i, ah, al, bh, bl) => { const lo = (al >>> 0) + (bl >>> 0); out[i + 1] = lo | 0; out[i] = (ah + bh + (lo / 0x100000000 | 0)) | 0; };
  const t = new Int32Array(4);
  for (let block = 0; block < view.byteLength; block += 128) {
    for (let i = 0; i < 32; i++) w[i] = view.getInt32(block + i * 4);
    for (let i = 16; i < 80; i++) {
      const xh = w[(i - 15) * 2], xl = w[(i - 15) * 2 + 1];
      const s0h = ((xh >>> 1) | (xl << 31)) ^ ((xh >>> 8) | (xl << 24)) ^ (xh >>> 7);
      const s0l = ((xl >>> 1) | (xh << 31)) ^ ((xl >>> 8) | (xh << 24)) ^ ((xl >>> 7) | (xh << 25));
      const yh = w[(i - 2) * 2], yl = w[(i - 2) * 2 + 1];
      const s1h = ((yh >>> 19) | (yl << 13)) ^ ((yl >>> 29) | (yh << 3)) ^ (yh >>> 6);
      const s1l = ((yl >>> 19) | (yh << 13)) ^ ((yh >>> 29) | (yl << 3)) ^ ((yl >>> 6) | (yh << 26));
      add(t, 0, w[(i - 16) * 2], w[(i - 16) * 2 + 1], s0h, s0l);
      add(t, 0, t[0], t[1], w[(i - 7) * 2], w[(i - 7) * 2 + 1]);
      add(w, i * 2, t[0], t[1], s1h, s1l);
    }
    v.set(h);
    for (let i = 0; i < 80; i++) {
      const ah = v[0], al = v[1], eh = v[8], el = v[9];
      const S1h = ((eh >>> 14) | (el << 18)) ^ ((eh >>> 18) | (el << 14)) ^ ((el >>> 9) | (eh << 23));
      const S1l = ((el >>> 14) | (eh << 18)) ^ ((el >>> 18) | (eh << 14)) ^ ((eh >>> 9) | (el << 23));
      const chh = (eh & v[10]) ^ (~eh & v[12]), chl = (el & v[11]) ^ (~el & v[13]);
      // t1 = h + S1 + ch + K[i] + w[i]
      add(t, 0, v[14], v[15], S1h, S1l);
      add(t, 0, t[0], t[1], chh, chl);
      add(t, 0, t[0], t[1], K[i * 2], K[i * 2 + 1]);
      add(t, 0, t[0], t[1], w[i * 2], w[i * 2 + 1]);
      const S0h = ((ah >>> 28) | (al << 4)) ^ ((al >>> 2) | (ah << 30)) ^ ((al >>> 7) | (ah << 25));
      const S0l = ((al >>> 28) | (ah << 4)) ^ ((ah >>> 2) | (al << 30)) ^ ((ah >>> 7) | (al << 25));
      const majh = (ah & v[2]) ^ (ah & v[4]) ^ (v[2] & v[4]), majl = (al & v[3]) ^ (al & v[5]) ^ (v[3] & v[5]);
      add(t, 2, S0h, S0l, majh, majl);
      v.copyWithin(2, 0, 14);
      add(v, 8, v[8], v[9], t[0], t[1]);
      add(v, 0, t[0], t[1], t[2], t[3]);
    }
    for (let i = 0; i < 16; i += 2) add(h, i, h[i], h[i + 1], v[i], v[i + 1]);
  }
  return shaWords32(Array.from(h.subarray(0, outputWords)));
}

const SHA_DIGESTS = {
  "SHA-1": sha1,
  "SHA-256": sha256,
  "SHA-384": (bytes) => sha512Family(bytes, SHA384_INITIAL, 12),
  "SHA-512": (bytes) => sha512Family(bytes, SHA512_INITIAL, 16),
};
