// What the simulated network does with a request (network.js says how it is switched off): fetch,
// Headers, Request and Response, XMLHttpRequest, AbortController, image loads, beacons and the
// page's external scripts. An interface group: loaded the first time a script reaches one of
// them (CONTRACT.md "Interface groups").

// MARK: UTF-8 and base64 (own helpers: the network must not depend on the DOM's platform files)

function utf8Encode(text) {
  const out = [];
  const string = String(text);
  for (let i = 0; i < string.length; i++) {
    let code = string.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < string.length) {
      const low = string.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) { code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00); i++; }
      else code = 0xfffd;
    } else if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x80) out.push(code);
    else if (code < 0x800) out.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else out.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }
  return new Uint8Array(out);
}

function utf8Decode(bytes) {
  let out = "";
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const chunk = [];
  const flush = () => { out += String.fromCharCode.apply(null, chunk); chunk.length = 0; };
  while (i < bytes.length) {
    const b = bytes[i];
    let code = 0xfffd, length = 1;
    if (b < 0x80) code = b;
    else if (b >= 0xc2 && b < 0xe0 && (bytes[i + 1] & 0xc0) === 0x80) { code = ((b & 31) << 6) | (bytes[i + 1] & 63); length = 2; }
    else if (b >= 0xe0 && b < 0xf0 && (bytes[i + 1] & 0xc0) === 0x80 && (bytes[i + 2] & 0xc0) === 0x80) {
      code = ((b & 15) << 12) | ((bytes[i + 1] & 63) << 6) | (bytes[i + 2] & 63); length = 3;
      if (code < 0x800 || (code >= 0xd800 && code <= 0xdfff)) { code = 0xfffd; length = 1; }
    } else if (b >= 0xf0 && b < 0xf5 && (bytes[i + 1] & 0xc0) === 0x80 && (bytes[i + 2] & 0xc0) === 0x80 && (bytes[i + 3] & 0xc0) === 0x80) {
      code = ((b & 7) << 18) | ((bytes[i + 1] & 63) << 12) | ((bytes[i + 2] & 63) << 6) | (bytes[i + 3] & 63); length = 4;
      if (code < 0x10000 || code > 0x10ffff) { code = 0xfffd; length = 1; }
    }
    if (code >= 0x10000) { code -= 0x10000; chunk.push(0xd800 + (code >> 10), 0xdc00 + (code & 1023)); }
    else chunk.push(code);
    if (chunk.length > 8000) flush();
    i += length;
  }
  flush();
  return out;
}

const NETWORK_BASE64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function base64Bytes(text) {
  const clean = String(text).replace(/[^A-Za-z0-9+/]/g, "");
  const out = [];
  let buffer = 0, bits = 0;
  for (let i = 0; i < clean.length; i++) {
    buffer = (buffer << 6) | NETWORK_BASE64_ALPHABET.indexOf(clean[i]);
    bits += 6;
    if (bits >= 8) { bits -= 8; out.push((buffer >> bits) & 0xff); }
  }
  return new Uint8Array(out);
}

/** A body given as string, ArrayBuffer, view, URLSearchParams or anything else, as bytes. */
function bodyBytes(body) {
  if (body === undefined || body === null) return null;
  if (typeof body === "object" && body[BLOB_DATA] !== undefined) return body[BLOB_DATA].bytes;
  if (body instanceof ArrayBuffer) return new Uint8Array(body.slice(0));
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength));
  return utf8Encode(String(body));
}

// MARK: URLs and origins

function resolveRequestURL(url) {
  const base = (typeof document !== "undefined" && document && document.baseURI) || NETWORK.pageURL;
  try { return new URL(String(url), base || undefined); } catch (error) { return null; }
}

function findFixture(href) {
  if (NETWORK.fixtures.has(href)) return NETWORK.fixtures.get(href);
  const hash = href.indexOf("#");
  if (hash >= 0 && NETWORK.fixtures.has(href.slice(0, hash))) return NETWORK.fixtures.get(href.slice(0, hash));
  return null;
}

function currentCookie() {
  try { if (typeof document !== "undefined" && document) return String(document.cookie || ""); } catch (error) {}
  return NETWORK.cookieFallback;
}

// MARK: Headers  https://fetch.spec.whatwg.org/#headers-class

const HEADER_LIST = Symbol("header list");

class Headers {
  constructor(init) {
    this[HEADER_LIST] = [];
    if (init === undefined || init === null) return;
    if (init instanceof Headers) { for (const [name, value] of init[HEADER_LIST]) this.append(name, value); return; }
    if (typeof init[Symbol.iterator] === "function") {
      for (const pair of init) {
        const items = Array.from(pair);
        if (items.length !== 2) throw new TypeError("Header sub-sequence must contain exactly two items");
        this.append(items[0], items[1]);
      }
      return;
    }
    if (typeof init === "object") { for (const name of Object.keys(init)) this.append(name, init[name]); return; }
    throw new TypeError("Type error");
  }
  append(name, value) {
    const lower = String(name).toLowerCase();
    if (!/^[!#$%&'*+\-.^_`|~0-9a-z]+$/.test(lower)) throw new TypeError("Invalid header name: '" + name + "'");
    this[HEADER_LIST].push([lower, String(value).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, "")]);
  }
  delete(name) { const lower = String(name).toLowerCase(); this[HEADER_LIST] = this[HEADER_LIST].filter((h) => h[0] !== lower); }
  get(name) {
    const lower = String(name).toLowerCase();
    const values = this[HEADER_LIST].filter((h) => h[0] === lower).map((h) => h[1]);
    return values.length ? values.join(", ") : null;
  }
  has(name) { const lower = String(name).toLowerCase(); return this[HEADER_LIST].some((h) => h[0] === lower); }
  set(name, value) {
    const lower = String(name).toLowerCase();
    const index = this[HEADER_LIST].findIndex((h) => h[0] === lower);
    this.delete(lower);
    this.append(lower, value);
    if (index >= 0) this[HEADER_LIST].splice(index, 0, this[HEADER_LIST].pop());
  }
  getSetCookie() { return this[HEADER_LIST].filter((h) => h[0] === "set-cookie").map((h) => h[1]); }
  *entries() {
    const names = Array.from(new Set(this[HEADER_LIST].map((h) => h[0]))).sort();
    for (const name of names) yield [name, this.get(name)];
  }
  *keys() { for (const [name] of this.entries()) yield name; }
  *values() { for (const [, value] of this.entries()) yield value; }
  forEach(callback, thisArg) { for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this); }
  [Symbol.iterator]() { return this.entries(); }
  get [Symbol.toStringTag]() { return "Headers"; }
}

// MARK: Body mixin  https://fetch.spec.whatwg.org/#body-mixin

const BODY_BYTES = Symbol("body bytes");
const BODY_USED = Symbol("body used");

function consumeBody(object) {
  if (object[BODY_USED]) return Promise.reject(new TypeError("Body is disturbed or locked"));
  object[BODY_USED] = true;
  return Promise.resolve(object[BODY_BYTES] || new Uint8Array(0));
}

const bodyMethods = {
  get bodyUsed() { return !!this[BODY_USED]; },
  get body() { return null; },
  text() { return consumeBody(this).then(utf8Decode); },
  json() { return consumeBody(this).then((bytes) => JSON.parse(utf8Decode(bytes))); },
  arrayBuffer() { return consumeBody(this).then((bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)); },
  bytes() { return consumeBody(this).then((bytes) => new Uint8Array(bytes)); },
  // A Blob's type is the body's MIME type without parameters (dom-cases/blobs.json, response-blob-type-and-size).
  blob() { return consumeBody(this).then((bytes) => blobFromBytes(bytes.slice(), blobTypeFromContentType(this.headers && this.headers.get("content-type")))); },
  formData() { return consumeBody(this).then((bytes) => formDataFromBody(bytes, this.headers && this.headers.get("content-type"))); },
};

function mixBody(target) {
  for (const name of Object.keys(Object.getOwnPropertyDescriptors(bodyMethods))) {
    Object.defineProperty(target.prototype, name, Object.getOwnPropertyDescriptor(bodyMethods, name));
  }
}

// MARK: Request  https://fetch.spec.whatwg.org/#request-class

class Request {
  constructor(input, init) {
    init = init || {};
    const source = input instanceof Request ? input : null;
    const parsed = source ? resolveRequestURL(source.url) : resolveRequestURL(input);
    if (!parsed) throw new TypeError(String(input) + " cannot be parsed as a URL.");
    let method = init.method !== undefined ? String(init.method) : source ? source.method : "GET";
    if (/^(get|head|post|put|delete|options|patch)$/i.test(method)) method = method.toUpperCase();
    this.url = parsed.href;
    this.method = method;
    this.headers = new Headers(init.headers !== undefined ? init.headers : source ? source.headers : undefined);
    this.credentials = init.credentials || (source ? source.credentials : "same-origin");
    this.mode = init.mode || (source ? source.mode : "cors");
    this.cache = init.cache || "default";
    this.redirect = init.redirect || "follow";
    this.referrer = "about:client";
    this.signal = init.signal || (source ? source.signal : null);
    const body = init.body !== undefined ? init.body : undefined;
    if (body !== undefined && body !== null && (method === "GET" || method === "HEAD")) {
      throw new TypeError("Request has method '" + method + "' and cannot have a body");
    }
    this[BODY_BYTES] = body !== undefined ? bodyBytes(body) : source ? source[BODY_BYTES] : null;
    if (typeof body === "string" && !this.headers.has("content-type")) this.headers.set("content-type", "text/plain;charset=UTF-8");
    if (body !== null && typeof body === "object" && body[SEARCH_PARAMS_LIST] !== undefined && !this.headers.has("content-type")) {
      this.headers.set("content-type", "application/x-www-form-urlencoded;charset=UTF-8");
    }
  }
  clone() { return new Request(this); }
  get [Symbol.toStringTag]() { return "Request"; }
}
mixBody(Request);

// MARK: Response  https://fetch.spec.whatwg.org/#response-class

class Response {
  constructor(body, init) {
    init = init || {};
    const status = init.status === undefined ? 200 : Number(init.status);
    if (!(status >= 200 && status <= 599)) throw new RangeError("Status must be between 200 and 599");
    this.status = status;
    this.statusText = init.statusText === undefined ? "" : String(init.statusText);
    this.headers = new Headers(init.headers);
    this.type = "default";
    this.url = "";
    this.redirected = false;
    this[BODY_BYTES] = bodyBytes(body);
    if (typeof body === "string" && !this.headers.has("content-type")) this.headers.set("content-type", "text/plain;charset=UTF-8");
    if (body !== null && typeof body === "object" && body[BLOB_DATA] !== undefined && body[BLOB_DATA].type !== "" && !this.headers.has("content-type")) {
      this.headers.set("content-type", body[BLOB_DATA].type);
    }
  }
  get ok() { return this.status >= 200 && this.status <= 299; }
  clone() {
    if (this[BODY_USED]) throw new TypeError("Body is disturbed or locked");
    return makeResponse(this.url, this.status, this.statusText, this.headers, this[BODY_BYTES], this.type);
  }
  static error() { return makeResponse("", 0, "", new Headers(), null, "error"); }
  static json(data, init) {
    const response = new Response(JSON.stringify(data), init);
    response.headers.set("content-type", "application/json");
    return response;
  }
  static redirect(url, status) { return makeResponse("", status || 302, "", new Headers({ location: resolveRequestURL(url).href }), null, "default"); }
  get [Symbol.toStringTag]() { return "Response"; }
}
mixBody(Response);

function makeResponse(url, status, statusText, headers, bytes, type) {
  const response = Object.create(Response.prototype);
  response.status = status;
  response.statusText = statusText;
  response.headers = headers;
  response.type = type;
  response.url = url;
  response.redirected = false;
  response[BODY_BYTES] = bytes;
  return response;
}

// MARK: What the simulated network answers

const SAFELISTED_REQUEST_HEADERS = ["accept", "accept-language", "content-language", "content-type"];
const SAFELISTED_CONTENT_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"];
const SAFELISTED_RESPONSE_HEADERS = ["cache-control", "content-language", "content-length", "content-type", "expires", "last-modified", "pragma"];

function fixtureHeader(fixture, name) {
  const headers = fixture.headers || {};
  for (const key of Object.keys(headers)) if (key.toLowerCase() === name) return String(headers[key]);
  return null;
}

/**
 * Decides the answer to a request: `{error, reason, log}` or `{status, statusText, headers, bytes,
 * type}`, and how long it takes (`delay`, virtual ms). `log` is what Safari prints to the console.
 */
function answerRequest(request) {
  const parsed = resolveRequestURL(request.url);
  const entry = request.entry;
  if (!parsed) return { error: "invalid-url", delay: 0 };
  if (parsed.protocol === "data:") return answerDataURL(parsed.href, entry);
  if (parsed.protocol === "blob:") return answerBlobURL(parsed.href, request, entry);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    entry.outcome = "blocked-scheme";
    return { error: "blocked-scheme", delay: 0,
             log: request.api === "fetch" ? "Fetch API cannot load " + parsed.href + ". URL scheme \"" + parsed.protocol.slice(0, -1) + "\" is not supported." : null };
  }
  const sameOrigin = originOf(parsed) === NETWORK.pageOrigin && NETWORK.pageOrigin !== "null";
  entry.crossOrigin = !sameOrigin;
  const sendCookies = sameOrigin && request.credentials !== "omit";
  const cookie = sendCookies ? currentCookie() : "";
  if (cookie) entry.cookie = cookie;
  if (!sameOrigin && request.mode === "same-origin") {
    entry.outcome = "blocked-same-origin-mode";
    return { error: "mode", delay: 0, log: "Fetch API cannot load " + parsed.href + ". Request mode is \"same-origin\" but the URL's origin is not same as the request origin " + NETWORK.pageOrigin + "." };
  }
  const fixture = findFixture(parsed.href);
  if (!fixture) { entry.outcome = "offline"; return { error: "offline", delay: 0 }; }
  const delay = typeof fixture.delay === "number" && fixture.delay >= 0 ? fixture.delay : 0;
  const status = typeof fixture.status === "number" ? fixture.status : 200;
  entry.status = status;
  if (!sameOrigin && request.mode === "no-cors") {
    entry.outcome = "fixture-opaque";
    return { status: 0, statusText: "", headers: new Headers(), bytes: new Uint8Array(0), type: "opaque", delay };
  }
  if (!sameOrigin) {
    const problem = corsProblem(request, fixture, parsed);
    if (problem) {
      entry.outcome = "cors-blocked";
      entry.corsProblem = problem;
      const noun = request.api === "fetch" ? "Fetch API" : "XMLHttpRequest";
      return { error: "cors", delay, log: problem + "\n" + noun + " cannot load " + parsed.href + " due to access control checks." };
    }
  }
  entry.outcome = "fixture";
  const headers = new Headers();
  const exposed = (fixtureHeader(fixture, "access-control-expose-headers") || "").toLowerCase().split(",").map((s) => s.trim());
  for (const key of Object.keys(fixture.headers || {})) {
    const lower = key.toLowerCase();
    if (lower === "set-cookie" || lower === "set-cookie2") {
      if (sameOrigin && request.credentials !== "omit") applySetCookie(fixture.headers[key]);
      continue;
    }
    if (sameOrigin || SAFELISTED_RESPONSE_HEADERS.includes(lower) || exposed.includes(lower) || (exposed.includes("*") && request.credentials !== "include")) {
      headers.append(key, fixture.headers[key]);
    }
  }
  const bytes = typeof fixture.base64 === "string" ? base64Bytes(fixture.base64) : utf8Encode(fixture.text || "");
  return { status, statusText: fixture.statusText !== undefined ? String(fixture.statusText) : defaultStatusText(status),
           headers, bytes, type: sameOrigin ? "basic" : "cors", delay };
}

/** Why WebKit would block a cross-origin answer (null when CORS allows it), in Safari's words. */
function corsProblem(request, fixture, parsed) {
  const origin = NETWORK.pageOrigin;
  const status = typeof fixture.status === "number" ? fixture.status : 200;
  const withCredentials = request.credentials === "include";
  const nonSafelisted = [];
  for (const [name, value] of request.headers[HEADER_LIST]) {
    if (!SAFELISTED_REQUEST_HEADERS.includes(name)) nonSafelisted.push(name);
    else if (name === "content-type" && !SAFELISTED_CONTENT_TYPES.includes(value.split(";")[0].trim().toLowerCase())) nonSafelisted.push(name);
  }
  const simpleMethod = ["GET", "HEAD", "POST"].includes(request.method);
  const allowOrigin = fixtureHeader(fixture, "access-control-allow-origin");
  const allowCredentials = fixtureHeader(fixture, "access-control-allow-credentials");
  const originAllowed = allowOrigin !== null && (allowOrigin.trim() === origin || (allowOrigin.trim() === "*" && !withCredentials));
  if (!simpleMethod || nonSafelisted.length) {
    // The preflight (answered by the same fixture's headers).
    if (!originAllowed) return "Origin " + origin + " is not allowed by Access-Control-Allow-Origin. Status code: " + status;
    const methods = (fixtureHeader(fixture, "access-control-allow-methods") || "").split(",").map((s) => s.trim().toUpperCase());
    if (!simpleMethod && !methods.includes(request.method) && !(methods.includes("*") && !withCredentials)) {
      return "Method " + request.method + " is not allowed by Access-Control-Allow-Methods.";
    }
    const allowedHeaders = (fixtureHeader(fixture, "access-control-allow-headers") || "").split(",").map((s) => s.trim().toLowerCase());
    for (const name of nonSafelisted) {
      if (!allowedHeaders.includes(name) && !(allowedHeaders.includes("*") && !withCredentials)) {
        return "Request header field " + name + " is not allowed by Access-Control-Allow-Headers.";
      }
    }
  }
  if (allowOrigin === null) return "Origin " + origin + " is not allowed by Access-Control-Allow-Origin. Status code: " + status;
  if (!originAllowed) {
    return allowOrigin.trim() === "*"
      ? "Cannot use wildcard in Access-Control-Allow-Origin when credentials flag is true."
      : "Origin " + origin + " is not allowed by Access-Control-Allow-Origin. Status code: " + status;
  }
  if (withCredentials && (allowCredentials || "").trim() !== "true") {
    return "Credentials flag is true, but Access-Control-Allow-Credentials is not \"true\".";
  }
  return null;
}

function answerDataURL(href, entry) {
  const comma = href.indexOf(",");
  if (comma < 0) { entry.outcome = "invalid-data-url"; return { error: "data", delay: 0 }; }
  const meta = href.slice(5, comma);
  const data = href.slice(comma + 1);
  const isBase64 = /;base64$/i.test(meta);
  let bytes;
  if (isBase64) bytes = base64Bytes(decodeURIComponent(data));
  else {
    const raw = unescape(data);
    bytes = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i) & 0xff;
  }
  entry.outcome = "data-url";
  const type = (isBase64 ? meta.slice(0, -7) : meta) || "text/plain;charset=US-ASCII";
  return { status: 200, statusText: "OK", headers: new Headers({ "content-type": type }), bytes, type: "basic", delay: 0 };
}

/** https://fetch.spec.whatwg.org/#scheme-fetch "blob": the Blob the URL names, while it is not revoked; GET only. */
function answerBlobURL(href, request, entry) {
  const blob = request.method === "GET" ? blobForURL(href) : null;
  if (blob === null) { entry.outcome = "blob-url-not-found"; return { error: "blob", delay: 0 }; }
  entry.outcome = "blob-url";
  const data = blob[BLOB_DATA];
  const headers = new Headers({ "content-length": String(data.bytes.length) });
  if (data.type !== "") headers.set("content-type", data.type);
  return { status: 200, statusText: "OK", headers, bytes: data.bytes, type: "basic", delay: 0 };
}

function defaultStatusText(status) {
  const texts = { 200: "OK", 201: "Created", 204: "No Content", 301: "Moved Permanently", 302: "Found", 304: "Not Modified",
                  400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 500: "Internal Server Error", 503: "Service Unavailable" };
  return texts[status] || "";
}

function applySetCookie(value) {
  const lines = Array.isArray(value) ? value : String(value).split("\n");
  for (const line of lines) {
    try { if (typeof document !== "undefined" && document) document.cookie = line; } catch (error) {}
  }
}

function logNetworkError(text) {
  if (!text) return;
  try { for (const line of text.split("\n")) globalThis.console.error(line); } catch (error) {}
}

// MARK: fetch  https://fetch.spec.whatwg.org/#fetch-method

function abortError() { return makeDOMException("Fetch is aborted", "AbortError"); }

function fetch(input, init) {
  return new Promise((resolve, reject) => {
    const request = new Request(input, init);
    const entry = recordRequest("fetch", request.method, request.url);
    const signal = request.signal;
    if (signal && signal.aborted) { entry.outcome = "aborted"; reject(abortError()); return; }
    const answer = answerRequest({ api: "fetch", url: request.url, method: request.method, headers: request.headers,
                                   credentials: request.credentials, mode: request.mode, entry });
    let taskId = 0;
    const onAbort = () => { cancelTask(taskId, ["network"]); entry.outcome = "aborted"; reject(abortError()); };
    if (signal && typeof signal.addEventListener === "function") signal.addEventListener("abort", onAbort, { once: true });
    taskId = scheduleTask("network", () => {
      if (signal && typeof signal.removeEventListener === "function") signal.removeEventListener("abort", onAbort);
      if (answer.error) {
        logNetworkError(answer.log);
        reject(new TypeError("Load failed"));
        return;
      }
      resolve(makeResponse(answer.type === "opaque" ? "" : request.url, answer.status, answer.statusText, answer.headers, answer.bytes, answer.type));
    }, answer.delay);
  });
}

// MARK: AbortController  https://dom.spec.whatwg.org/#interface-abortcontroller

class AbortSignal extends EventTarget {
  constructor() { super(); this.aborted = false; this.reason = undefined; this.onabort = null; }
  throwIfAborted() { if (this.aborted) throw this.reason; }
  static abort(reason) { const s = new AbortSignal(); s.aborted = true; s.reason = reason === undefined ? makeDOMException("signal is aborted without reason", "AbortError") : reason; return s; }
  static timeout(ms) { const c = new AbortController(); scheduleTask("timeout", () => c.abort(makeDOMException("signal timed out", "TimeoutError")), ms); return c.signal; }
}

class AbortController {
  constructor() { this.signal = new AbortSignal(); }
  abort(reason) {
    const signal = this.signal;
    if (signal.aborted) return;
    signal.aborted = true;
    signal.reason = reason === undefined ? makeDOMException("signal is aborted without reason", "AbortError") : reason;
    const event = new Event("abort");
    if (typeof signal.onabort === "function") signal.onabort.call(signal, event);
    signal.dispatchEvent(event);
  }
}
// MARK: XMLHttpRequest  https://xhr.spec.whatwg.org/

const XHR_STATE = Symbol("XMLHttpRequest state");

class XMLHttpRequestEventTargetBase {
  addEventListener(type, listener) {
    if (!listener) return;
    const listeners = this[XHR_STATE].listeners;
    (listeners[type] || (listeners[type] = [])).push(listener);
  }
  removeEventListener(type, listener) {
    const list = this[XHR_STATE].listeners[type];
    if (list) { const i = list.indexOf(listener); if (i >= 0) list.splice(i, 1); }
  }
  dispatchEvent(event) {
    const handler = this["on" + event.type];
    if (typeof handler === "function") handler.call(this, event);
    const list = (this[XHR_STATE].listeners[event.type] || []).slice();
    for (const listener of list) {
      if (typeof listener === "function") listener.call(this, event);
      else if (listener && typeof listener.handleEvent === "function") listener.handleEvent(event);
    }
    return true;
  }
}

function xhrEvent(target, type, loaded, total) {
  let event;
  if (typeof globalThis.ProgressEvent === "function") event = new globalThis.ProgressEvent(type, { loaded, total, lengthComputable: total > 0 });
  else {
    event = { type, loaded, total, lengthComputable: total > 0, bubbles: false, cancelable: false, defaultPrevented: false,
              preventDefault() {}, stopPropagation() {}, stopImmediatePropagation() {} };
  }
  try { Object.defineProperty(event, "target", { value: target, configurable: true }); Object.defineProperty(event, "currentTarget", { value: target, configurable: true }); } catch (error) {}
  return event;
}

class XMLHttpRequest extends XMLHttpRequestEventTargetBase {
  constructor() {
    super();
    this[XHR_STATE] = { listeners: {}, readyState: 0, method: "GET", url: "", async: true, headers: new Headers(),
                        status: 0, statusText: "", responseHeaders: new Headers(), bytes: null, responseURL: "", responseDocument: undefined,
                        sent: false, taskId: 0, entry: null };
    this.responseType = "";
    this.withCredentials = false;
    this.timeout = 0;
    this.upload = { addEventListener() {}, removeEventListener() {} };
    this.onreadystatechange = null; this.onload = null; this.onerror = null; this.onloadend = null;
    this.onloadstart = null; this.onprogress = null; this.onabort = null; this.ontimeout = null;
  }
  get readyState() { return this[XHR_STATE].readyState; }
  get status() { return this[XHR_STATE].status; }
  get statusText() { return this[XHR_STATE].statusText; }
  get responseURL() { return this[XHR_STATE].responseURL; }
  get responseText() {
    if (this.responseType !== "" && this.responseType !== "text") throw makeDOMException("The XMLHttpRequest.responseType must be '' or 'text' to read responseText", "InvalidStateError");
    const state = this[XHR_STATE];
    return state.readyState >= 3 && state.bytes ? utf8Decode(state.bytes) : "";
  }
  get response() {
    const state = this[XHR_STATE];
    if (this.responseType === "" || this.responseType === "text") return this.responseText;
    if (state.readyState !== 4 || !state.bytes) return null;
    if (this.responseType === "json") { try { return JSON.parse(utf8Decode(state.bytes)); } catch (error) { return null; } }
    if (this.responseType === "arraybuffer") return state.bytes.buffer.slice(0);
    if (this.responseType === "document") return xhrDocumentResponse(this);
    return null;
  }
  get responseXML() {
    if (this.responseType !== "" && this.responseType !== "document") throw makeDOMException("The XMLHttpRequest.responseType must be '' or 'document' to read responseXML", "InvalidStateError");
    return this[XHR_STATE].readyState === 4 ? xhrDocumentResponse(this) : null;
  }
  open(method, url, async) {
    const state = this[XHR_STATE];
    const parsed = resolveRequestURL(url);
    if (!parsed) throw makeDOMException("Invalid URL", "SyntaxError");
    let normalised = String(method);
    if (/^(get|head|post|put|delete|options|patch)$/i.test(normalised)) normalised = normalised.toUpperCase();
    cancelTask(state.taskId, ["network"]);
    state.method = normalised; state.url = parsed.href; state.async = async === undefined ? true : !!async;
    state.headers = new Headers(); state.status = 0; state.statusText = ""; state.bytes = null; state.sent = false;
    state.responseHeaders = new Headers(); state.responseURL = ""; state.responseDocument = undefined;
    state.readyState = 1;
    this.dispatchEvent(xhrEvent(this, "readystatechange", 0, 0));
  }
  setRequestHeader(name, value) {
    const state = this[XHR_STATE];
    if (state.readyState !== 1 || state.sent) throw makeDOMException("XMLHttpRequest state must be OPENED.", "InvalidStateError");
    state.headers.append(name, value);
  }
  overrideMimeType() {}
  getResponseHeader(name) { const state = this[XHR_STATE]; return state.readyState >= 2 ? state.responseHeaders.get(name) : null; }
  getAllResponseHeaders() {
    const state = this[XHR_STATE];
    if (state.readyState < 2) return "";
    let text = "";
    for (const [name, value] of state.responseHeaders) text += name + ": " + value + "\r\n";
    return text;
  }
  send(body) {
    const state = this[XHR_STATE];
    if (state.readyState !== 1 || state.sent) throw makeDOMException("XMLHttpRequest state must be OPENED.", "InvalidStateError");
    state.sent = true;
    const entry = recordRequest(state.async ? "xhr" : "xhr-sync", state.method, state.url);
    state.entry = entry;
    const answer = answerRequest({ api: "xhr", url: state.url, method: state.method, headers: state.headers,
                                   credentials: this.withCredentials ? "include" : "same-origin", mode: "cors", entry });
    if (!state.async) {
      if (answer.error) {
        logNetworkError(answer.log);
        state.readyState = 4;
        this.dispatchEvent(xhrEvent(this, "readystatechange", 0, 0));
        throw makeDOMException("A network error occurred.", "NetworkError");
      }
      this._complete(answer);
      return;
    }
    this.dispatchEvent(xhrEvent(this, "loadstart", 0, 0));
    state.taskId = scheduleTask("network", () => {
      if (answer.error) {
        logNetworkError(answer.log);
        state.readyState = 4;
        this.dispatchEvent(xhrEvent(this, "readystatechange", 0, 0));
        this.dispatchEvent(xhrEvent(this, "error", 0, 0));
        this.dispatchEvent(xhrEvent(this, "loadend", 0, 0));
        return;
      }
      this._complete(answer);
    }, answer.delay);
  }
  /** Delivers a response: HEADERS_RECEIVED, LOADING, DONE, then load and loadend. */
  _complete(answer) {
    const state = this[XHR_STATE];
    const size = answer.bytes ? answer.bytes.length : 0;
    state.status = answer.status; state.statusText = answer.statusText; state.responseHeaders = answer.headers;
    state.responseURL = state.url;
    state.readyState = 2; this.dispatchEvent(xhrEvent(this, "readystatechange", 0, size));
    state.bytes = answer.bytes;
    state.readyState = 3; this.dispatchEvent(xhrEvent(this, "readystatechange", size, size));
    this.dispatchEvent(xhrEvent(this, "progress", size, size));
    state.readyState = 4; this.dispatchEvent(xhrEvent(this, "readystatechange", size, size));
    this.dispatchEvent(xhrEvent(this, "load", size, size));
    this.dispatchEvent(xhrEvent(this, "loadend", size, size));
  }
  abort() {
    const state = this[XHR_STATE];
    cancelTask(state.taskId, ["network"]);
    if (state.sent && state.readyState !== 4) {
      if (state.entry) state.entry.outcome = "aborted";
      state.readyState = 4;
      this.dispatchEvent(xhrEvent(this, "readystatechange", 0, 0));
      this.dispatchEvent(xhrEvent(this, "abort", 0, 0));
      this.dispatchEvent(xhrEvent(this, "loadend", 0, 0));
    }
    state.readyState = 0;
    state.sent = false;
  }
  get [Symbol.toStringTag]() { return "XMLHttpRequest"; }
}
for (const [name, value] of [["UNSENT", 0], ["OPENED", 1], ["HEADERS_RECEIVED", 2], ["LOADING", 3], ["DONE", 4]]) {
  Object.defineProperty(XMLHttpRequest, name, { value, enumerable: true });
  Object.defineProperty(XMLHttpRequest.prototype, name, { value, enumerable: true });
}

// MARK: Images and beacons

/** Records an image load and fires `load` (fixture) or `error` (offline) as a task. */
function loadImage(image, url) {
  const parsed = resolveRequestURL(url);
  if (!parsed || url === "") return;
  const entry = recordRequest("img", "GET", parsed.href);
  const answer = answerRequest({ api: "img", url: parsed.href, method: "GET", headers: new Headers(), credentials: "same-origin", mode: "no-cors", entry });
  scheduleTask("network", () => {
    const type = answer.error ? "error" : "load";
    const event = typeof globalThis.Event === "function" ? new globalThis.Event(type) : { type };
    if (typeof image.dispatchEvent === "function") image.dispatchEvent(event);
    else if (typeof image["on" + type] === "function") image["on" + type](event);
  }, answer.delay);
}

/** navigator.sendBeacon: records the request and answers it, which nothing waits for. */
function sendBeaconRequest(url, data) {
  const parsed = resolveRequestURL(url);
  if (!parsed) throw new TypeError("This URL is invalid");
  const entry = recordRequest("beacon", "POST", parsed.href);
  answerRequest({ api: "beacon", url: parsed.href, method: "POST", headers: new Headers(), credentials: "include", mode: "no-cors", entry });
  // The beacon is queued (so true), and nothing is waiting for its answer.
  return true;
}

/**
 * The text of the page's external script at `href` (its request recorded as `entry`) when a
 * fixture answers it, else null (`--page-scripts`). A classic script is not subject to CORS: its
 * text runs whatever its origin.
 */
function pageScriptText(href, entry) {
  const answer = answerRequest({ api: "script", url: href, method: "GET", headers: new Headers(), credentials: "same-origin", mode: "no-cors", entry });
  const fixture = findFixture(href);
  if (answer.error || !fixture) return null;
  const bytes = typeof fixture.base64 === "string" ? base64Bytes(fixture.base64) : utf8Encode(fixture.text || "");
  return utf8Decode(bytes);
}

/**
 * https://xhr.spec.whatwg.org/#document-response: an XML response (by its Content-Type) is
 * parsed as XML, and one that is not well-formed gives null; an HTML response makes a document
 * only for responseType "document"; any other type, none. Made once per response.
 */
function xhrDocumentResponse(xhr) {
  const state = xhr[XHR_STATE];
  if (!state.bytes) return null;
  if (state.responseDocument !== undefined) return state.responseDocument;
  const type = String(state.responseHeaders.get("content-type") || "").split(";")[0].trim().toLowerCase();
  let doc = null;
  if (type === "text/html") {
    if (xhr.responseType === "document") doc = parseDocumentFromString(utf8Decode(state.bytes), "text/html");
  } else if (type === "" || isXMLMIMEType(type)) {
    const tree = host.parseXML(utf8Decode(state.bytes));
    if (tree[8][4] === true) doc = createXMLDocument({ url: state.responseURL, contentType: type || "application/xml" }, tree);
  }
  state.responseDocument = doc;
  return doc;
}
