// The network, switched off: fetch, XMLHttpRequest, navigator.sendBeacon and image loads never
// leave the process. Every request is recorded (Swift reads them with `api.takeRequests()`).
// Without a fixture a request fails as Safari fails offline (fetch rejects with
// `TypeError: Load failed`, XHR fires `error`); with one it is answered asynchronously as a
// task on the virtual clock (timers.js).
// Fetch: https://fetch.spec.whatwg.org/   XHR: https://xhr.spec.whatwg.org/
// Beacon: https://w3c.github.io/beacon/   CORS: https://fetch.spec.whatwg.org/#http-cors-protocol
//
// `config.eventLoop.fixtures`: `[{url, status, statusText, headers: {name: value}, text | base64, delay}]`.
//
// This file is what every page has: the requests' record, the page's network settings, and the
// window's fetch, XMLHttpRequest and their companions as accessors; what they do is in the
// interface group [network] (networkRequests.js), loaded when a script first reaches one.

const NETWORK = { requests: [], fixtures: new Map(), pageURL: "", pageOrigin: "null", cookieFallback: "" };

/** The recorded requests since the last call, as JSON, and clears them. */
function takeRequests() {
  const json = JSON.stringify(NETWORK.requests);
  NETWORK.requests = [];
  return json;
}

function recordRequest(api, method, url, extra) {
  const entry = { api, method, url };
  if (extra) for (const key of Object.keys(extra)) entry[key] = extra[key];
  NETWORK.requests.push(entry);
  return entry;
}

function originOf(parsed) {
  if (!parsed) return "null";
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "null";
  return parsed.origin;
}

function installImageLoads(global) {
  const Image = global.HTMLImageElement;
  if (typeof Image !== "function") return;
  const descriptor = Object.getOwnPropertyDescriptor(Image.prototype, "src");
  if (!descriptor || typeof descriptor.set !== "function") return;
  Object.defineProperty(Image.prototype, "src", {
    configurable: true, enumerable: descriptor.enumerable,
    get: descriptor.get,
    set(value) { descriptor.set.call(this, value); loadImage(this, this.src); },
  });
}

/**
 * Installs fetch, XMLHttpRequest and their companions on the window when the realm is made;
 * they answer from the page's fixtures (configureNetwork).
 */
/**
 * Puts fetch, XMLHttpRequest and their companions on the window when the realm is made, as
 * accessors that load the [network] group the first time one is read (Window.js); their
 * answers come from the page's fixtures (configureNetwork). An image's `src` set by a script is
 * requested too.
 */
function installNetwork(global) {
  // fetch is the window's own operation, which WebKit enumerates; the classes here give their
  // own string tags and are not counted among the window's interfaces (platformObjectView).
  defineLazyWindowProperty(global, "fetch", false, true);
  for (const name of ["Headers", "Request", "Response", "XMLHttpRequest", "AbortSignal", "AbortController"]) {
    defineLazyWindowProperty(global, name, false, false);
  }
  installImageLoads(global);
}

function configureNetwork(config) {
  const settings = (config && config.eventLoop) || {};
  NETWORK.pageURL = (config && config.url) || "";
  NETWORK.cookieFallback = (config && config.cookie) || "";
  try { NETWORK.pageOrigin = originOf(new URL(NETWORK.pageURL)); } catch (error) { NETWORK.pageOrigin = "null"; }
  NETWORK.fixtures = new Map();
  for (const fixture of settings.fixtures || []) {
    let key = fixture.url;
    try { key = new URL(fixture.url).href; } catch (error) {}
    NETWORK.fixtures.set(key, fixture);
  }
  const navigatorObject = WINDOW_PAGE.navigator;
  if (navigatorObject) {
    Object.defineProperty(navigatorObject, "sendBeacon", {
      configurable: true, writable: true, enumerable: true,
      value: function sendBeacon(url, data) { return sendBeaconRequest(url, data); },
    });
  }
}
