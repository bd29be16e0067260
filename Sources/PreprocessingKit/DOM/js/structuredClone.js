// structuredClone: https://html.spec.whatwg.org/multipage/structured-data.html#dom-structuredclone
// The structured clone algorithm: https://html.spec.whatwg.org/multipage/structured-data.html#structuredserializeinternal
//
// Serialising and deserialising in one walk: each value's copy is made as it is reached, in the
// order the spec reads (a property's getter runs when its turn comes, depth first). The walk is a
// loop over an explicit stack, so a deeply nested value does not overflow the call stack; the
// memory map keeps cycles and shared references. What WebKit cannot clone (functions, symbols,
// platform objects other than blobs, files and rects) throws DataCloneError. A Proxy cannot be
// told from its target in JavaScript, so its target's properties are cloned where WebKit throws
// (dom-cases/structured-clone.json, clone-proxy).

const CLONE_ERROR_NAMES = new Set(["Error", "EvalError", "RangeError", "ReferenceError", "SyntaxError", "TypeError", "URIError"]);
const CLONE_ERROR_CONSTRUCTORS = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
const ARRAY_BUFFER_BYTE_LENGTH = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "byteLength").get;
const DATA_VIEW_BYTE_LENGTH = Object.getOwnPropertyDescriptor(DataView.prototype, "byteLength").get;
const REGEXP_SOURCE = Object.getOwnPropertyDescriptor(RegExp.prototype, "source").get;
const REGEXP_FLAGS = Object.getOwnPropertyDescriptor(RegExp.prototype, "flags").get;

function dataCloneError() { return new DOMException("The object can not be cloned.", "DataCloneError"); }

/** Whether `check` accepts `value` as its receiver (the built-ins' brand checks). */
function hasBrand(check, value) {
  try { check.call(value); return true; } catch (error) { return false; }
}

function structuredClone(value, options = undefined) {
  if (arguments.length < 1) throw new TypeError("Not enough arguments");
  const memory = new Map();
  const transfers = cloneTransferList(options, memory);
  const result = cloneWalk(value, memory);
  // The transferred buffers are detached once the clone succeeded, as postMessage leaves them.
  for (const buffer of transfers) if (typeof buffer.transfer === "function") buffer.transfer();
  return result;
}

/** The `transfer` option's ArrayBuffers, each mapped to its copy in `memory`. */
function cloneTransferList(options, memory) {
  if (options === undefined || options === null) return [];
  if (typeof options !== "object" && typeof options !== "function") throw new TypeError("Type error");
  if (options.transfer === undefined) return [];
  const list = blobPartsSequence(options.transfer);
  for (const item of list) {
    if (item === null || typeof item !== "object" || !hasBrand(ARRAY_BUFFER_BYTE_LENGTH, item) || memory.has(item) || item.detached === true) {
      throw dataCloneError();
    }
    memory.set(item, item.slice(0));
  }
  return list;
}

/** The copy of one value: a primitive, or a container whose own members the walk fills in. */
function cloneWalk(root, memory) {
  // Each frame: the source, its copy, and what is left to copy into it.
  const stack = [];
  const copy = (value) => {
    if (value === null || (typeof value !== "object" && typeof value !== "function")) {
      if (typeof value === "symbol") throw dataCloneError();
      return value;
    }
    if (memory.has(value)) return memory.get(value);
    const made = cloneObjectShell(value, memory);
    memory.set(value, made.copy);
    if (made.frame) stack.push(made.frame);
    return made.copy;
  };
  const result = copy(root);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.index >= frame.items.length) { stack.pop(); continue; }
    const item = frame.items[frame.index++];
    if (frame.kind === "map") {
      const key = copy(item[0]);
      frame.copy.set(key, copy(item[1]));
    } else if (frame.kind === "set") {
      frame.copy.add(copy(item));
    } else if (frame.kind === "error") {
      Object.defineProperty(frame.copy, item[0], { value: copy(item[1]), writable: true, configurable: true });
    } else if (Object.prototype.hasOwnProperty.call(frame.source, item)) {
      const value = frame.source[item];
      Object.defineProperty(frame.copy, item, { value: copy(value), writable: true, enumerable: true, configurable: true });
    }
  }
  return result;
}

/**
 * The copy of an object, empty for a container, with the frame that will fill it; throws
 * DataCloneError for what cannot be cloned.
 */
function cloneObjectShell(value, memory) {
  if (typeof value === "function") throw dataCloneError();
  if (hasBrand(Boolean.prototype.valueOf, value)) return { copy: Object(Boolean.prototype.valueOf.call(value)) };
  if (hasBrand(Number.prototype.valueOf, value)) return { copy: Object(Number.prototype.valueOf.call(value)) };
  if (hasBrand(String.prototype.valueOf, value)) return { copy: Object(String.prototype.valueOf.call(value)) };
  if (hasBrand(BigInt.prototype.valueOf, value)) return { copy: Object(BigInt.prototype.valueOf.call(value)) };
  if (hasBrand(Date.prototype.getTime, value)) return { copy: new Date(Date.prototype.getTime.call(value)) };
  if (value !== RegExp.prototype && hasBrand(REGEXP_SOURCE, value)) return { copy: new RegExp(REGEXP_SOURCE.call(value), REGEXP_FLAGS.call(value)) };
  if (hasBrand(ARRAY_BUFFER_BYTE_LENGTH, value)) return { copy: value.slice(0) };
  if (ArrayBuffer.isView(value)) {
    const buffer = memory.has(value.buffer) ? memory.get(value.buffer) : value.buffer.slice(0);
    memory.set(value.buffer, buffer);
    if (hasBrand(DATA_VIEW_BYTE_LENGTH, value)) return { copy: new DataView(buffer, value.byteOffset, value.byteLength) };
    const TypedArray = globalThisTypedArray(value);
    return { copy: new TypedArray(buffer, value.byteOffset, value.length) };
  }
  if (hasBrand(Map.prototype.has, value)) {
    const copy = new Map();
    return { copy, frame: { kind: "map", source: value, copy, items: Array.from(Map.prototype.entries.call(value)), index: 0 } };
  }
  if (hasBrand(Set.prototype.has, value)) {
    const copy = new Set();
    return { copy, frame: { kind: "set", source: value, copy, items: Array.from(Set.prototype.values.call(value)), index: 0 } };
  }
  // Read through the symbol: a page with no Blob does not load the files group for a clone.
  const data = value[BLOB_DATA];
  if (data !== undefined) {
    return { copy: data.name === undefined ? blobFromBytes(data.bytes, data.type) : fileFromBytes(data.bytes, data.type, data.name, data.lastModified) };
  }
  if (value instanceof DOMRectReadOnly) {
    const Rect = value instanceof DOMRect ? DOMRect : DOMRectReadOnly;
    return { copy: new Rect(value.x, value.y, value.width, value.height) };
  }
  if (isPlatformObject(value)) throw dataCloneError();
  if (Object.prototype.toString.call(value) === "[object Error]") return cloneErrorShell(value);
  if (Array.isArray(value)) {
    const copy = new Array(value.length);
    return { copy, frame: { kind: "object", source: value, copy, items: Object.keys(value), index: 0 } };
  }
  const copy = {};
  return { copy, frame: { kind: "object", source: value, copy, items: Object.keys(value), index: 0 } };
}

/** The typed array constructor of `view` as the engine made it (a subclass's own is not used). */
function globalThisTypedArray(view) {
  const tag = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Int8Array.prototype), Symbol.toStringTag).get.call(view);
  return { Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
           Float32Array, Float64Array, BigInt64Array, BigUint64Array }[tag];
}

/** An Error's copy: its kind by name (else Error), message, stack and cause; nothing else. */
function cloneErrorShell(value) {
  const name = String(value.name);
  const Constructor = CLONE_ERROR_CONSTRUCTORS[CLONE_ERROR_NAMES.has(name) ? name : "Error"];
  const messageDescriptor = Object.getOwnPropertyDescriptor(value, "message");
  const copy = messageDescriptor !== undefined && "value" in messageDescriptor
    ? new Constructor(String(messageDescriptor.value)) : new Constructor();
  const stack = value.stack;
  if (typeof stack === "string") Object.defineProperty(copy, "stack", { value: stack, writable: true, configurable: true });
  const items = [];
  const causeDescriptor = Object.getOwnPropertyDescriptor(value, "cause");
  if (causeDescriptor !== undefined && "value" in causeDescriptor) items.push(["cause", causeDescriptor.value]);
  return { copy, frame: { kind: "error", source: value, copy, items, index: 0 } };
}
