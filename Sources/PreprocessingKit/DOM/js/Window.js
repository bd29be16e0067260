// Window: https://html.spec.whatwg.org/#the-window-object
// The page's global object is the window: installWindowGlobals defines its properties on
// globalThis. Dialogs and navigations are recorded; the screen is the simulated device's (an
// iPhone's 390×844 CSS pixels at 3× unless the configuration gives another), the viewport the
// layout viewport Safari gives the page on it (viewport.js).

class Window extends EventTarget {
  constructor(token) {
    if (token !== INTERNAL) throw new TypeError("Illegal constructor");
    super();
  }
}

class Screen {
  constructor(token, width, height) {
    if (token !== INTERNAL) throw new TypeError("Illegal constructor");
    this[SOURCE] = { width, height };
  }
  get width() { return this[SOURCE].width; }
  get height() { return this[SOURCE].height; }
  get availWidth() { return this[SOURCE].width; }
  get availHeight() { return this[SOURCE].height; }
  get availTop() { return 0; }
  get availLeft() { return 0; }
  get colorDepth() { return 24; }
  get pixelDepth() { return 24; }
  get orientation() { return { type: "portrait-primary", angle: 0, addEventListener() {}, removeEventListener() {} }; }
}

/**
 * Evaluates a media query list against the page's viewport: `width`/`height` and `orientation`
 * are the layout viewport's (viewport.js), `device-width`/`device-height` the screen's,
 * `resolution` and `-webkit-device-pixel-ratio` the device's pixel ratio; each with its min-
 * and max- forms (Media Queries 4 "range" features, WebKit's prefixed ratio).
 * @param {string} query
 * @param {object} state a document state: viewportWidth/Height, screenWidth/Height, devicePixelRatio
 */
function evaluateMediaQuery(query, state) {
  const width = state.viewportWidth, height = state.viewportHeight;
  const ranges = {
    "width": width, "height": height, "device-width": state.screenWidth, "device-height": state.screenHeight,
    "resolution": state.devicePixelRatio, "-webkit-device-pixel-ratio": state.devicePixelRatio,
  };
  const features = {
    "prefers-color-scheme": "light", "prefers-reduced-motion": "no-preference", "hover": "none",
    "any-hover": "none", "pointer": "coarse", "any-pointer": "coarse", "orientation": height >= width ? "portrait" : "landscape",
    "display-mode": "browser", "prefers-contrast": "no-preference", "color-gamut": "p3",
  };
  // A length in CSS pixels, or a resolution in dppx (`2dppx`, `2x`, `192dpi`, a bare ratio).
  const measure = (name, text) => {
    const match = /^(-?[0-9]*\.?[0-9]+)\s*([a-z]*)$/.exec(text.trim());
    if (match === null) return NaN;
    const number = parseFloat(match[1]), unit = match[2];
    if (name === "resolution") return unit === "dppx" || unit === "x" ? number : unit === "dpi" ? number / 96 : unit === "dpcm" ? number * 2.54 / 96 : NaN;
    if (name === "-webkit-device-pixel-ratio") return unit === "" ? number : NaN;
    return unit === "px" || (unit === "" && number === 0) ? number : unit === "em" || unit === "rem" ? number * 16 : NaN;
  };
  const matchesOne = (text) => {
    let negate = false;
    let parts = text.trim().toLowerCase();
    if (parts.startsWith("not ")) { negate = true; parts = parts.slice(4); }
    parts = parts.replace(/^only /, "");
    let result = true;
    for (const term of parts.split(/\s+and\s+/)) {
      const t = term.trim();
      if (t === "" || t === "all" || t === "screen") continue;
      if (t === "print" || t === "speech") { result = false; continue; }
      const feature = /^\(\s*([a-z-]+)\s*(?::\s*([^)]+?))?\s*\)$/.exec(t);
      if (!feature) { result = false; continue; }
      const [, name, rawValue] = feature;
      const range = /^(min-|max-|-webkit-min-|-webkit-max-)?(.*)$/.exec(name);
      const base = range[1] !== undefined && range[1].startsWith("-webkit-") ? "-webkit-" + range[2] : range[2];
      if (ranges[base] !== undefined) {
        if (rawValue === undefined) { result = result && range[1] === undefined && ranges[base] > 0; continue; }
        const wanted = measure(base, rawValue), actual = ranges[base];
        const bound = range[1] === undefined ? "" : range[1].replace("-webkit-", "");
        result = result && (bound === "min-" ? actual >= wanted : bound === "max-" ? actual <= wanted : actual === wanted);
      } else if (rawValue === undefined) result = result && features[name] !== undefined && features[name] !== "none";
      else result = result && features[name] === rawValue.trim();
    }
    return negate ? !result : result;
  };
  return String(query).split(",").some(matchesOne);
}

class MediaQueryList extends EventTarget {
  constructor(token, media, matches) {
    if (token !== INTERNAL) throw new TypeError("Illegal constructor");
    super();
    this[SOURCE] = { media, matches };
  }
  get media() { return this[SOURCE].media; }
  get matches() { return this[SOURCE].matches; }
  addListener(callback) {}
  removeListener(callback) {}
}

/**
 * Every interface object the window exposes, by global name, in its order on the window;
 * LAZY_INTERFACE for one an interface group holds, which the window gets when it is first read.
 */
function windowInterfaces() {
  const interfaces = {
    EventTarget, Node, Element, CharacterData, Text, CDATASection, Comment, ProcessingInstruction, DocumentType,
    DocumentFragment, ShadowRoot, Document, HTMLDocument, XMLDocument, Attr, NamedNodeMap, NodeList, HTMLCollection,
    HTMLFormControlsCollection, HTMLOptionsCollection, DOMTokenList, DOMStringMap, "CSSStyleDeclaration": LAZY_INTERFACE,
    DOMRect, DOMRectReadOnly, DOMImplementation, DOMException, Event, CustomEvent, UIEvent, MouseEvent,
    KeyboardEvent, InputEvent, FocusEvent, "MutationObserver": LAZY_INTERFACE, "MutationRecord": LAZY_INTERFACE, "XMLSerializer": LAZY_INTERFACE, "DOMParser": LAZY_INTERFACE,
    Location, Navigator, History, Screen, Storage, Window, MediaQueryList, HTMLElement, HTMLUnknownElement,
    SVGElement, SVGGraphicsElement, SVGSVGElement, MathMLElement, "HTMLMediaElement": LAZY_INTERFACE,
    "Range": LAZY_INTERFACE, "Selection": LAZY_INTERFACE, "TreeWalker": LAZY_INTERFACE, "NodeIterator": LAZY_INTERFACE, NodeFilter,
    // Platform utilities (base64.js, TextEncoder.js, TextDecoder.js, URLSearchParams.js, URL.js).
    URL, "URLSearchParams": LAZY_INTERFACE, TextEncoder, TextDecoder,
    // Files and crypto (Blob.js, File.js, ProgressEvent.js, FileReader.js, FormData.js, SubtleCrypto.js).
    "Blob": LAZY_INTERFACE, "File": LAZY_INTERFACE, "ProgressEvent": LAZY_INTERFACE, "FileReader": LAZY_INTERFACE,
    "FormData": LAZY_INTERFACE, "SubtleCrypto": LAZY_INTERFACE,
  };
  for (const [name, ElementClass] of HTML_ELEMENT_INTERFACES) interfaces[name] = ElementClass === null ? LAZY_INTERFACE : ElementClass;
  return interfaces;
}

/**
 * The window's properties whose values an interface group holds, by name, while the group is not
 * loaded: each an accessor whose first read loads the group, which then puts the value in its
 * place (interfaceGroupLoaded). `interface`: an interface object, which gets its string tag and
 * whose instances are platform objects; `enumerable`: an operation of the window (fetch), which
 * WebKit enumerates, where an interface object is not.
 */
const LAZY_WINDOW_PROPERTIES = new Map();

/**
 * Defines `name` on the window as an accessor that loads the interface group declaring it,
 * where the group's class or function will be once it loads.
 */
function defineLazyWindowProperty(global, name, isInterface, enumerable) {
  const loadGroup = LAZY_GROUP_MEMBERS[name];
  if (loadGroup === undefined) throw new Error("no interface group declares " + name);
  const get = function () { return loadGroup()[name]; };
  LAZY_WINDOW_PROPERTIES.set(name, { get, interface: isInterface, enumerable });
  Object.defineProperty(global, name, {
    get,
    // A page that sets the name before reading it gets its own value, as it would over the class.
    set(value) { Object.defineProperty(global, name, { value, writable: true, configurable: true, enumerable }); },
    configurable: true, enumerable,
  });
}

/**
 * What loading an interface group does before its loader returns `exports` (the bundle
 * assembler calls it): each of its interfaces the window shows gets its string tag and counts
 * as a platform object's interface, and each of its window properties replaces its accessor
 * with a data property, as WebKit's window has it, unless the page's code already set or
 * deleted the name.
 */
function interfaceGroupLoaded(exports) {
  for (const name in exports) {
    const lazy = LAZY_WINDOW_PROPERTIES.get(name);
    if (lazy === undefined) continue;
    const value = exports[name];
    if (lazy.interface) {
      if (!Object.prototype.hasOwnProperty.call(value.prototype, Symbol.toStringTag)) defineStringTag(value, name);
      platformPrototypes.add(value.prototype);
    }
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, name);
    if (descriptor !== undefined && descriptor.get === lazy.get) {
      Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: lazy.enumerable });
    }
  }
  return exports;
}

/**
 * Installs the window's first properties on `global`, the ones no page changes: its
 * EventTarget methods and the interface objects. The bundle does this when it is evaluated,
 * so a realm prepared while the process is idle (PageContext.PreparedRealm) already has them;
 * installWindowGlobals defines the rest after them, and configureWindow gives those that show
 * the page their values when it arrives.
 * @returns {object} the interfaces installed, by name (windowInterfaces)
 */
function installWindowInterfaces(global) {
  const define = (name, value) =>
    Object.defineProperty(global, name, { value, writable: true, configurable: true, enumerable: false });
  // The window is an EventTarget, but JavaScriptCore's global object has an immutable
  // prototype, so the EventTarget methods and the class tag are installed on it directly.
  define("addEventListener", EventTarget.prototype.addEventListener);
  define("removeEventListener", EventTarget.prototype.removeEventListener);
  define("dispatchEvent", EventTarget.prototype.dispatchEvent);
  global[LISTENERS] = null;

  // A for-in loop and a literal descriptor: every realm runs this in the interpreter, where
  // Object.entries' pairs, their destructuring and a helper call took 2.5 times as long.
  const interfaces = windowInterfaces();
  for (const name in interfaces) {
    const value = interfaces[name];
    if (value === LAZY_INTERFACE) { defineLazyWindowProperty(global, name, true, false); continue; }
    if (value.prototype && !Object.prototype.hasOwnProperty.call(value.prototype, Symbol.toStringTag)) defineStringTag(value, name);
    Object.defineProperty(global, name, { value, writable: true, configurable: true, enumerable: false });
  }
  defineStringTag(Window, "Window");
  Object.defineProperty(global, Symbol.toStringTag, { value: "Window", configurable: true });
  return interfaces;
}

/**
 * The page's own window objects and settings, which configureWindow fills when the page
 * arrives; the window's properties that show them (installWindowGlobals) read them here.
 */
const WINDOW_PAGE = { location: null, navigator: null, history: null, screen: null, localStorage: null, sessionStorage: null, config: {} };

/** The window's data properties whose values are the page's (configureWindow), in their order. */
const WINDOW_PAGE_VALUES = ["isSecureContext", "innerWidth", "innerHeight", "outerWidth", "outerHeight"];

/**
 * Installs the rest of the window's properties on `global`, after installWindowInterfaces's and
 * in the order WebKit enumerates them, when the realm is made: none of them depends on the page
 * (what does is read from WINDOW_PAGE and the page document, or set by configureWindow), so a
 * prepared realm has them and a page only fills in its values.
 * @param {object} global the global object (globalThis)
 */
function installWindowGlobals(global) {
  const define = (name, value, enumerable = true) =>
    Object.defineProperty(global, name, { value, writable: true, configurable: true, enumerable });
  const defineGetter = (name, get, set) =>
    Object.defineProperty(global, name, { get, set, configurable: true, enumerable: true });
  const pageState = () => pageDocument[DOC_STATE];

  for (const name of ["window", "self", "frames", "top", "parent"]) defineGetter(name, () => global);
  Object.defineProperty(global, "document", { get: () => pageDocument, enumerable: true, configurable: false });
  defineGetter("location", () => WINDOW_PAGE.location, (value) => { WINDOW_PAGE.location.href = value; });
  defineGetter("navigator", () => WINDOW_PAGE.navigator);
  defineGetter("history", () => WINDOW_PAGE.history);
  defineGetter("screen", () => WINDOW_PAGE.screen);
  defineGetter("localStorage", () => WINDOW_PAGE.localStorage);
  defineGetter("sessionStorage", () => WINDOW_PAGE.sessionStorage);
  defineGetter("origin", () => WINDOW_PAGE.location.origin);
  define("console", createConsole());
  define("name", "");
  define("status", "");
  define("closed", false);
  define("opener", null);
  define("frameElement", null);
  // The page's values: configureWindow.
  for (const name of WINDOW_PAGE_VALUES) define(name, undefined);
  define("devicePixelRatio", 3); // the page's: configureWindow
  // Safari on iOS and iPadOS only (browser-compat-data api.Window.orientation and
  // orientationchange_event: safari_ios ≤3, desktop Safari never): the device held upright.
  define("orientation", 0);
  define("screenX", 0);
  define("screenY", 0);
  define("screenLeft", 0);
  define("screenTop", 0);
  define("scrollX", 0);
  define("scrollY", 0);
  define("pageXOffset", 0);
  define("pageYOffset", 0);
  define("visualViewport", undefined);

  define("Image", legacyImageConstructor(), false);
  // The media group holds Audio (HTMLMediaElement.js); its first read loads it.
  defineLazyWindowProperty(global, "Audio", false, false);
  // The forms group holds Option (HTMLOptionElement.js); its first read loads it.
  defineLazyWindowProperty(global, "Option", false, false);
  define("atob", atob, false);
  define("btoa", btoa, false);
  // The clone group holds structuredClone (structuredClone.js), an operation WebKit enumerates.
  defineLazyWindowProperty(global, "structuredClone", false, true);
  define("alert", function alert(message) {
    recordEvent({ kind: "alert", message: message === undefined ? "" : String(message) });
  });
  define("confirm", function confirm(message) {
    const given = WINDOW_PAGE.config.confirmAnswer;
    const answer = given === undefined ? false : !!given;
    recordEvent({ kind: "confirm", message: message === undefined ? "" : String(message), answer });
    return answer;
  });
  define("prompt", function prompt(message, defaultValue) {
    const given = WINDOW_PAGE.config.promptAnswer;
    const answer = given === undefined ? null : given === null ? null : String(given);
    recordEvent({
      kind: "prompt", message: message === undefined ? "" : String(message),
      defaultValue: defaultValue === undefined ? "" : String(defaultValue), answer,
    });
    return answer;
  });
  define("print", function print() { recordUnsupported("window.print"); });
  define("open", function open(url = "", target = "_blank", features = "") {
    let resolved = String(url);
    try { resolved = url === "" ? "about:blank" : new URL(String(url), documentBaseURL(pageDocument)).href; } catch (error) { /* recorded as given */ }
    recordEvent({ kind: "navigation", method: "open", url: resolved });
    return null;
  });
  define("close", function close() { recordEvent({ kind: "navigation", method: "close", url: pageState().url }); });
  define("stop", function stop() {});
  define("focus", function focus() {});
  define("blur", function blur() {});
  define("scroll", function scroll() {});
  define("scrollTo", function scrollTo() {});
  define("scrollBy", function scrollBy() {});
  define("moveTo", function moveTo() {});
  define("resizeTo", function resizeTo() {});
  define("postMessage", function postMessage(message) { recordUnsupported("window.postMessage"); });
  define("getSelection", function getSelection() { return selectionOf(pageDocument); });
  define("getComputedStyle", function getComputedStyle(element, pseudoElement) {
    if (!(element instanceof Element)) throw new TypeError("Argument 1 ('element') to Window.getComputedStyle must be an instance of Element");
    return createComputedStyle(element);
  });
  define("matchMedia", function matchMedia(query) {
    const media = String(query);
    const state = pageState();
    return new MediaQueryList(INTERNAL, media, evaluateMediaQuery(media, state));
  });
  defineEventHandlerProperties(global, EVENT_HANDLER_NAMES);
  defineEventHandlerProperties(global, ["orientationchange"]);
  installFrameAccess(global); // window.length now, window[i] once the tree is built (frames.js)
}

/**
 * The page's values of the window's properties (installWindowGlobals made them): its location,
 * navigator, history, screen and storage, the viewport's size, whether it is a secure context.
 * @param {object} global the global object (globalThis)
 * @param {Document} doc the page document
 * @param {object} config see CONTRACT.md preparePage
 */
function configureWindow(global, doc, config) {
  const state = doc[DOC_STATE];
  const width = state.screenWidth, height = state.screenHeight;
  state.defaultView = global;
  WINDOW_PAGE.config = config;
  WINDOW_PAGE.location = new Location(INTERNAL, doc);
  WINDOW_PAGE.navigator = new Navigator(INTERNAL, config);
  WINDOW_PAGE.history = new History(INTERNAL, doc);
  WINDOW_PAGE.screen = new Screen(INTERNAL, width, height);
  WINDOW_PAGE.localStorage = createStorage();
  WINDOW_PAGE.sessionStorage = createStorage();
  const values = [/^https:|^about:|^file:/.test(state.url), width, height, width, height];
  for (let i = 0; i < WINDOW_PAGE_VALUES.length; i++) Object.defineProperty(global, WINDOW_PAGE_VALUES[i], { value: values[i] });
  Object.defineProperty(global, "devicePixelRatio", { value: config.devicePixelRatio || 3 });
  showLayoutViewport(global, doc);
}

/**
 * The window's view of the page's layout viewport (viewport.js, applyLayoutViewport): the
 * visual viewport at the initial scale is the screen divided by the scale, and `innerWidth` /
 * `innerHeight` are its size in whole CSS pixels (WebKit on iOS reads them from the unobscured
 * content rect, which at the initial scale covers the screen). `outerWidth`/`outerHeight` and
 * `screen` stay the device's.
 * @param {object} global the global object (globalThis)
 * @param {Document} doc the page document
 */
function showLayoutViewport(global, doc) {
  const state = doc[DOC_STATE];
  const scale = state.viewportScale > 0 ? state.viewportScale : 1;
  const width = state.screenWidth / scale, height = state.screenHeight / scale;
  Object.defineProperty(global, "innerWidth", { value: Math.round(width) });
  Object.defineProperty(global, "innerHeight", { value: Math.round(height) });
  Object.defineProperty(global, "visualViewport", {
    value: { width, height, scale, offsetLeft: 0, offsetTop: 0, pageLeft: 0, pageTop: 0, addEventListener() {}, removeEventListener() {} },
  });
}

// Legacy factory functions: https://html.spec.whatwg.org/#dom-image, #dom-audio, #dom-option
function legacyImageConstructor() {
  function Image(width, height) {
    if (!new.target) throw new TypeError("Constructor requires 'new'");
    const image = createElementInternal(pageDocument, "img", NS_HTML, null);
    if (width !== undefined) setAttributeValue(image, "width", String(width >>> 0));
    if (height !== undefined) setAttributeValue(image, "height", String(height >>> 0));
    return image;
  }
  Image.prototype = HTMLImageElement.prototype;
  return Image;
}
