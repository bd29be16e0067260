// FileReader: https://w3c.github.io/FileAPI/#APIASynch
//
// A read runs as one task on the virtual clock, after the tasks already due (as a blob's
// text(), Blob.js): loadstart, progress (when the blob has bytes), then the result with load and
// loadend, each a ProgressEvent whose loaded and total are the blob's size, as WebKit fires them
// for a blob it has whole (dom-cases/blobs.json, file-reader-events-*). abort() fires abort and
// loadend at once, with 0 of 0.

const FILE_READER_EMPTY = 0, FILE_READER_LOADING = 1, FILE_READER_DONE = 2;

class FileReader extends EventTarget {
  constructor() {
    super();
    this[FILE_READER_STATE] = { readyState: FILE_READER_EMPTY, result: null, error: null, read: 0 };
  }
  readAsArrayBuffer(blob) { startFileRead(this, blob, "readAsArrayBuffer", undefined); }
  readAsBinaryString(blob) { startFileRead(this, blob, "readAsBinaryString", undefined); }
  readAsText(blob, encoding = undefined) { startFileRead(this, blob, "readAsText", encoding); }
  readAsDataURL(blob) { startFileRead(this, blob, "readAsDataURL", undefined); }
  abort() {
    const state = fileReaderState(this);
    if (state.readyState !== FILE_READER_LOADING) { state.result = null; return; }
    state.readyState = FILE_READER_DONE;
    state.result = null;
    state.read++;
    fireReaderEvent(this, "abort", 0, 0);
    if (state.readyState !== FILE_READER_LOADING) fireReaderEvent(this, "loadend", 0, 0);
  }
  get readyState() { return fileReaderState(this).readyState; }
  get result() { return fileReaderState(this).result; }
  get error() { return fileReaderState(this).error; }
}
for (const [name, value] of [["EMPTY", FILE_READER_EMPTY], ["LOADING", FILE_READER_LOADING], ["DONE", FILE_READER_DONE]]) {
  Object.defineProperty(FileReader, name, { value, enumerable: true });
  Object.defineProperty(FileReader.prototype, name, { value, enumerable: true });
}
defineEventHandlerProperties(FileReader.prototype, ["loadstart", "progress", "load", "abort", "error", "loadend"]);

function fileReaderState(reader) {
  const state = reader !== null && typeof reader === "object" ? reader[FILE_READER_STATE] : undefined;
  if (state === undefined) throw new TypeError("The FileReader.prototype function can only be used on instances of FileReader");
  return state;
}

function fireReaderEvent(reader, type, loaded, total) {
  const event = new ProgressEvent(type, { lengthComputable: true, loaded, total });
  event[EVENT_STATE].isTrusted = true;
  dispatchEventAlong(reader, event);
}

/** https://w3c.github.io/FileAPI/#readOperation */
function startFileRead(reader, blob, method, encoding) {
  const state = fileReaderState(reader);
  const bytes = blobBytesOf(blob);
  if (bytes === null) throw new TypeError("Argument 1 ('blob') to FileReader." + method + " must be an instance of Blob");
  if (state.readyState === FILE_READER_LOADING) throwDOMException("InvalidStateError", "The object is in an invalid state.");
  state.readyState = FILE_READER_LOADING;
  state.result = null;
  state.error = null;
  const read = ++state.read;
  const type = blob[BLOB_DATA].type;
  const size = bytes.length;
  const current = () => state.read === read;
  scheduleTask("timeout", () => {
    if (!current()) return;
    fireReaderEvent(reader, "loadstart", size, size);
    if (!current()) return;
    if (size > 0) {
      fireReaderEvent(reader, "progress", size, size);
      if (!current()) return;
    }
    state.readyState = FILE_READER_DONE;
    state.result = fileReadResult(method, bytes, type, encoding);
    fireReaderEvent(reader, "load", size, size);
    if (state.readyState !== FILE_READER_LOADING) fireReaderEvent(reader, "loadend", size, size);
  }, 1);
}

/** https://w3c.github.io/FileAPI/#packaging-data */
function fileReadResult(method, bytes, type, encoding) {
  switch (method) {
    case "readAsArrayBuffer": return bytes.slice().buffer;
    case "readAsBinaryString": return binaryStringOf(bytes);
    case "readAsDataURL": return "data:" + (type || "application/octet-stream") + ";base64," + btoaImpl(binaryStringOf(bytes));
    default: return decodeBlobText(bytes, encoding);
  }
}

/** One code unit per byte. */
function binaryStringOf(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
  return text;
}

/**
 * readAsText's decoding: a byte order mark wins, then the `encoding` label, then UTF-8 (WebKit
 * does not use the blob type's charset: file-reader-text-type-charset). Labels of encodings
 * this bundle cannot decode (TextDecoder.js) are read as UTF-8.
 */
function decodeBlobText(bytes, label) {
  let encoding = "utf-8", start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) { start = 3; }
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) { encoding = "utf-16be"; start = 2; }
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) { encoding = "utf-16le"; start = 2; }
  else if (label !== undefined) {
    try { encoding = new TextDecoder(String(label)).encoding; } catch (error) { encoding = "utf-8"; }
  }
  return new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes.subarray(start));
}
