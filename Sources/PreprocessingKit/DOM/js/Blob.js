// Blob: https://w3c.github.io/FileAPI/#blob-section
// Blob URLs: https://w3c.github.io/FileAPI/#url
//
// A Blob holds its bytes as one Uint8Array (BLOB_DATA), copied from its parts when made; slices
// copy their range. Reads (text(), arrayBuffer(), bytes(), FileReader) resolve in a task on the
// virtual clock, after the tasks already due, as WebKit's reads finish after a `setTimeout(0)`
// queued beside them (dom-cases/blobs.json, blob-text-resolves-after-timeout-zero).

/** A Blob's or slice's type: "" if it has a character outside U+0020–U+007E, else lower-cased. */
function normalizedBlobType(type) {
  const text = String(type);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e) return "";
  }
  return text.toLowerCase();
}

/** https://w3c.github.io/FileAPI/#process-blob-parts: the parts' bytes, concatenated. */
function processBlobParts(parts, endings) {
  const chunks = [];
  let length = 0;
  for (const part of parts) {
    let bytes;
    if (part !== null && typeof part === "object" && part[BLOB_DATA] !== undefined) bytes = part[BLOB_DATA].bytes;
    else if (part instanceof ArrayBuffer) bytes = new Uint8Array(part);
    else if (ArrayBuffer.isView(part)) bytes = new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
    else {
      let text = String(part);
      // Native line endings are a line feed on iOS, as on WebKit's other Unix ports.
      if (endings === "native") text = text.replace(/\r\n?/g, "\n");
      bytes = new TextEncoder().encode(text);
    }
    chunks.push(bytes);
    length += bytes.length;
  }
  const result = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) { result.set(chunk, offset); offset += chunk.length; }
  return result;
}

/** The Blob constructor's and File's `blobParts` argument as a list (a WebIDL sequence). */
function blobPartsSequence(parts) {
  if (parts === undefined) return [];
  if (parts === null || (typeof parts !== "object" && typeof parts !== "function") || typeof parts[Symbol.iterator] !== "function") {
    throw new TypeError("Value is not a sequence");
  }
  return Array.from(parts);
}

/** The options dictionary's `type` and `endings` (BlobPropertyBag). */
function blobPropertyBag(options) {
  if (options !== undefined && options !== null && typeof options !== "object" && typeof options !== "function") {
    throw new TypeError("Type error");
  }
  const bag = options || {};
  const endings = bag.endings === undefined ? "transparent" : String(bag.endings);
  if (endings !== "transparent" && endings !== "native") throw new TypeError("Type error");
  return { type: bag.type === undefined ? "" : normalizedBlobType(bag.type), endings };
}

/** A promise settled in a read task: after the tasks already due, as WebKit's blob reads. */
function afterBlobRead(produce) {
  return new Promise((resolve, reject) => {
    scheduleTask("timeout", () => { try { resolve(produce()); } catch (error) { reject(error); } }, 1);
  });
}

class Blob {
  constructor(blobParts = undefined, options = undefined) {
    const parts = blobPartsSequence(blobParts);
    const bag = blobPropertyBag(options);
    this[BLOB_DATA] = { bytes: processBlobParts(parts, bag.endings), type: bag.type };
  }
  get size() { return blobData(this).bytes.length; }
  get type() { return blobData(this).type; }
  slice(start = undefined, end = undefined, contentType = undefined) {
    const data = blobData(this);
    const size = data.bytes.length;
    const relative = (value, fallback) => {
      if (value === undefined) return fallback;
      const number = Math.trunc(Number(value)) || 0;
      return number < 0 ? Math.max(size + number, 0) : Math.min(number, size);
    };
    const from = relative(start, 0), to = relative(end, size);
    return blobFromBytes(data.bytes.slice(from, Math.max(to, from)), contentType === undefined ? "" : normalizedBlobType(contentType));
  }
  text() {
    const bytes = blobData(this).bytes;
    return afterBlobRead(() => new TextDecoder("utf-8").decode(bytes));
  }
  arrayBuffer() {
    const bytes = blobData(this).bytes;
    return afterBlobRead(() => bytes.slice().buffer);
  }
  bytes() {
    const bytes = blobData(this).bytes;
    return afterBlobRead(() => bytes.slice());
  }
}

/** A Blob's state, or the TypeError WebKit throws for a `this` that is not one. */
function blobData(blob) {
  const data = blob !== null && typeof blob === "object" ? blob[BLOB_DATA] : undefined;
  if (data === undefined) throw new TypeError("The Blob.prototype getter can only be used on instances of Blob");
  return data;
}

/** A new Blob of `bytes` (not copied) and an already normalised `type`: slices, responses, clones. */
function blobFromBytes(bytes, type) {
  const blob = Object.create(Blob.prototype);
  blob[BLOB_DATA] = { bytes, type };
  return blob;
}

/** The bytes of `value` if it is a Blob (for request bodies and clones), else null. */
function blobBytesOf(value) {
  const data = value !== null && typeof value === "object" ? value[BLOB_DATA] : undefined;
  return data === undefined ? null : data.bytes;
}

/** A response's MIME type as a fetched Blob's type: its essence, without parameters. */
function blobTypeFromContentType(contentType) {
  if (contentType === null || contentType === undefined) return "";
  return normalizedBlobType(String(contentType).split(";")[0].trim());
}

// MARK: blob: URLs

/** The page's blob URL store: URL → Blob, until revoked. */
const BLOB_URL_STORE = new Map();

/** https://w3c.github.io/FileAPI/#dfn-createObjectURL */
function createBlobURL(blob) {
  if (blobBytesOf(blob) === null) throw new TypeError("Argument 1 ('obj') to the URL.createObjectURL function must be an instance of Blob");
  const origin = NETWORK.pageOrigin === "null" ? "null" : NETWORK.pageOrigin;
  const url = "blob:" + origin + "/" + randomUUIDString();
  BLOB_URL_STORE.set(url, blob);
  return url;
}

function revokeBlobURL(url) { BLOB_URL_STORE.delete(String(url)); }

/** The Blob a blob: URL names (its fragment ignored), or null once revoked or never made. */
function blobForURL(href) {
  const hash = href.indexOf("#");
  return BLOB_URL_STORE.get(hash < 0 ? href : href.slice(0, hash)) || null;
}
