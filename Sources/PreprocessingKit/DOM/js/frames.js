// Child navigables of frame elements: https://html.spec.whatwg.org/#nested-navigable
// and the window's document-tree child navigables (window.frames, window.length, window[i]):
// https://html.spec.whatwg.org/#document-tree-child-navigables
//
// Every <iframe>/<frame> connected to a document that has a browsing context (the page's, or a
// frame document made here) has a navigable: a window, and (same-origin) a document. Nothing is
// fetched: a frame shows the document WebKit has before any network load completes, its initial
// `about:blank` (`<html><head></head><body></body></html>`, quirks mode), unless `srcdoc` gives
// markup (URL `about:srcdoc`, never quirks) or the saved page carries the frame's HTML
// (`config.frames`, HTMLIFrameElement.js). Sandboxed frames without `allow-same-origin`, `data:`
// frames and cross-origin saved frames have a cross-origin window and no document.
//
// WebKit makes the navigable when the frame is inserted; here it is made when a script first
// asks (contentDocument, contentWindow, window.frames), and its document only when the document
// itself is asked for, so pages whose frames no script reads pay nothing. A frame seen
// disconnected loses its navigable (a later insertion gets a new one, as in WebKit); a frame
// moved without being looked at in between keeps its document (WebKit would make a new one).

/** Every frame element made in this realm, in creation order (candidates for frame lists). */
const frameElements = [];
/** Orders window.frames as WebKit's frame tree does (by insertion): a frame's slot is its
 * creation order, renewed when it loses its navigable (a script's createElement-then-append
 * keeps the order; a frame a script makes before another and inserts after it does not). */
let frameSlotCounter = 0;
/** True once the page's window is installed: frames made later were inserted by scripts. */
let pageFramesInstalled = false;
/** True while a frame document made here is built: its frames come with it, like a page's. */
let buildingFrameDocument = false;
/** How many `window[i]` accessors the page's global has. */
let globalFrameIndexCount = 0;
/** The page's getComputedStyle, which frame windows share (set when the window is installed). */
let pageGetComputedStyle = null;

/** Called by the frame element constructors. */
function frameElementCreated(frame) {
  frameElements.push(frame);
  const extras = elementExtras(frame);
  extras.frameSlot = ++frameSlotCounter;
  // A frame that arrives with its document's markup has loaded its srcdoc by the time any
  // script runs; one a script inserts navigates to it after the script's task (WebKit loads
  // srcdoc asynchronously). The task is this phase's current event-loop task.
  extras.frameTask = pageFramesInstalled && !buildingFrameDocument ? currentTaskKey() : null;
  if (pageFramesInstalled && frame[OWNER] === pageDocument) ensureGlobalFrameIndices(globalFrameIndexCount + 1);
}

function currentTaskKey() {
  return currentPhase + ":" + (typeof EVENT_LOOP === "object" ? EVENT_LOOP.tasksRun : 0);
}

/** Whether `node` is in `doc`'s document tree (not in a shadow tree or a template's content). */
function inDocumentTree(node, doc) {
  while (node[PARENT] !== null) node = node[PARENT];
  return node === doc;
}

/** The document `node` is connected to (through shadow hosts), or null. */
function connectedDocumentOf(node) {
  let root = rootOf(node);
  while (root instanceof ShadowRoot) root = rootOf(root[OWNER_ELEMENT]);
  return root.nodeType === DOCUMENT_NODE ? root : null;
}

/** Whether `doc` is the page's document or the current document of a live frame navigable. */
function documentHasBrowsingContext(doc) {
  for (let d = doc; ;) {
    if (d === pageDocument) return d !== null;
    const owner = d[DOC_STATE].frameOwner;
    if (owner === undefined) return false;
    const navigable = owner[EXTRAS] && owner[EXTRAS].navigable;
    if (!navigable || navigable.document !== d) return false;
    d = connectedDocumentOf(owner);
    if (d === null) return false;
  }
}

/** The frame's navigable, made on first use; null when the frame is not in an active document. */
function frameNavigableOf(frame) {
  const extras = elementExtras(frame);
  const doc = connectedDocumentOf(frame);
  if (doc === null || !documentHasBrowsingContext(doc)) {
    if (extras.navigable) discardFrameNavigable(frame, extras);
    return null;
  }
  return extras.navigable || (extras.navigable = createFrameNavigable(frame, doc));
}

/** https://html.spec.whatwg.org/#destroy-a-child-navigable: the window closes, the document loses it. */
function discardFrameNavigable(frame, extras) {
  extras.navigable.closed = true;
  extras.navigable = undefined;
  extras.frameSlot = ++frameSlotCounter;
}

/** A new navigable for `frame` in `parentDoc`: decides what it shows (its document is built later). */
function createFrameNavigable(frame, parentDoc) {
  const navigable = {
    frame, parentDoc, window: null, document: undefined, closed: false,
    kind: "blank", url: "about:blank", html: null, crossOrigin: null, pendingTask: null,
  };
  const isIFrame = frame[LOCAL_NAME] === "iframe";
  const sandbox = isIFrame ? getAttributeValue(frame, "sandbox") : null;
  const srcdoc = isIFrame ? getAttributeValue(frame, "srcdoc") : null;
  if (sandbox !== null && !/(^|[\t\n\f\r ])allow-same-origin($|[\t\n\f\r ])/i.test(sandbox)) {
    navigable.crossOrigin = "Sandbox access violation: Blocked a frame at \"" + documentOrigin(pageDocument) +
      "\" from accessing a cross-origin frame.  The frame being accessed is sandboxed and lacks the \"allow-same-origin\" flag.";
  } else if (srcdoc !== null) {
    navigable.kind = "srcdoc";
    navigable.html = srcdoc;
    navigable.pendingTask = elementExtras(frame).frameTask;
  } else {
    classifyFrameURL(navigable, frame, parentDoc);
  }
  if (navigable.crossOrigin !== null) navigable.document = null;
  return navigable;
}

/** The navigable's WindowProxy, made on first use. */
function frameNavigableWindow(navigable) {
  return navigable.window || (navigable.window = navigable.crossOrigin !== null ? createCrossOriginWindow(navigable) : createFrameWindow(navigable));
}

/** What a frame's `src` shows in the simulator: a saved frame, a cross-origin window, or about:blank. */
function classifyFrameURL(navigable, frame, parentDoc) {
  const src = getAttributeValue(frame, "src");
  if (src === null || src.trim() === "") return;
  let url;
  try { url = new URL(src.trim(), documentBaseURL(parentDoc)).href; } catch (error) { return; }
  const saved = pageFrames[url];
  if (typeof saved === "string") {
    const documentURL = pageFrameURLs[url] || url;
    // A frame the archive names by Content-ID was saved with the page itself: same origin.
    const savedWithPage = Object.prototype.hasOwnProperty.call(pageFrameURLs, url);
    if (savedWithPage || sameOrigin(documentURL, parentDoc[DOC_STATE].url)) {
      navigable.kind = "saved";
      navigable.url = documentURL;
      navigable.html = saved;
    } else {
      navigable.crossOrigin = crossOriginMessage();
    }
    return;
  }
  // data: documents have an opaque origin. about:blank (with any query or fragment) and
  // about:srcdoc navigate at once and keep their URL; anything else (http, javascript:, other
  // about: URLs) never loads, so the initial about:blank stays.
  if (/^data:/i.test(url)) navigable.crossOrigin = crossOriginMessage();
  else if (/^about:(blank|srcdoc)([?#]|$)/.test(url)) navigable.url = url;
}

function crossOriginMessage() {
  return "Blocked a frame with origin \"" + documentOrigin(pageDocument) +
    "\" from accessing a cross-origin frame. Protocols, domains, and ports must match.";
}

function documentOrigin(doc) {
  try { return new URL(doc[DOC_STATE].url).origin; } catch (error) { return "null"; }
}

/** The navigable's current document, built on first use (null when cross-origin). */
function frameNavigableDocument(navigable) {
  if (navigable.document === null) return null;
  if (navigable.kind === "srcdoc" && navigable.pendingTask !== null && navigable.pendingTask !== currentTaskKey()) {
    // The srcdoc navigation of a script-inserted frame has completed: the window stays, its document changes.
    navigable.pendingTask = null;
    navigable.document = undefined;
  }
  if (navigable.document === undefined) navigable.document = buildFrameDocument(navigable);
  return navigable.document;
}

/** Makes the frame's document: about:blank, srcdoc or the saved frame's HTML. */
function buildFrameDocument(navigable) {
  const parent = navigable.parentDoc[DOC_STATE];
  const state = { frameOwner: navigable.frame, viewportWidth: parent.viewportWidth, viewportHeight: parent.viewportHeight,
    screenWidth: parent.screenWidth, screenHeight: parent.screenHeight, devicePixelRatio: parent.devicePixelRatio };
  let doc;
  const saved = buildingFrameDocument;
  buildingFrameDocument = true;
  try {
    if (navigable.kind === "saved") {
      doc = createHTMLDocument(Object.assign(state, { url: navigable.url, characterSet: parent.characterSet }), host.parseDocument(navigable.html));
    } else if (navigable.kind === "srcdoc" && navigable.pendingTask === null) {
      // https://html.spec.whatwg.org/#an-iframe-srcdoc-document: never in quirks mode.
      doc = createHTMLDocument(Object.assign(state, { url: "about:srcdoc" }), host.parseDocument(navigable.html));
      doc[DOC_STATE].compatMode = "no-quirks";
    } else {
      // The initial about:blank document: its referrer is the creator's URL, and it is in quirks mode.
      doc = createHTMLDocument(Object.assign(state, { url: navigable.url, referrer: parent.url, compatMode: "quirks" }), null);
      const html = createElementInternal(doc, "html", NS_HTML, null);
      linkChild(doc, html, null);
      linkChild(html, createElementInternal(doc, "head", NS_HTML, null), null);
      linkChild(html, createElementInternal(doc, "body", NS_HTML, null), null);
      doc[VERSION]++;
    }
  } finally {
    buildingFrameDocument = saved;
  }
  copyFrameMargins(navigable.frame, doc);
  // The document's window is its navigable's while the navigable is live and shows it.
  Object.defineProperty(doc[DOC_STATE], "defaultView", {
    get: () => (navigable.document === doc && !frameNavigableClosed(navigable) ? frameNavigableWindow(navigable) : null),
    set(value) {}, enumerable: true, configurable: true,
  });
  return doc;
}

/** Whether the navigable was destroyed: its frame is checked now (a removal is seen lazily). */
function frameNavigableClosed(navigable) {
  if (!navigable.closed) frameNavigableOf(navigable.frame);
  return navigable.closed;
}

/** WebKit's HTMLBodyElement insertion: a frame document's body copies the frame's marginwidth/marginheight. */
function copyFrameMargins(frame, doc) {
  const root = doc.documentElement;
  if (root === null) return;
  for (let child = root[FIRST]; child !== null; child = child[NEXT]) {
    if (child.nodeType === ELEMENT_NODE && child[LOCAL_NAME] === "body" && child[NAMESPACE] === NS_HTML) {
      for (const name of ["marginwidth", "marginheight"]) {
        const value = getAttributeValue(frame, name);
        if (value !== null) setAttributeValue(child, name, value);
      }
      return;
    }
  }
}

/** The frame elements of `doc`'s document tree that have navigables, in WebKit's frame-tree order. */
function childFrameElements(doc) {
  const list = [];
  for (let i = 0; i < frameElements.length; i++) {
    const frame = frameElements[i];
    if (frame[OWNER] !== doc || !inDocumentTree(frame, doc)) {
      // A frame seen outside any document loses its navigable.
      if (frame[EXTRAS].navigable && connectedDocumentOf(frame) === null) discardFrameNavigable(frame, frame[EXTRAS]);
      continue;
    }
    if (frameNavigableOf(frame) !== null) list.push(frame);
  }
  list.sort((a, b) => a[EXTRAS].frameSlot - b[EXTRAS].frameSlot);
  return list;
}

/** `doc`'s frame elements with child navigables (window.frames); none for a document without a browsing context. */
function childFrames(doc) {
  if (frameElements.length === 0 || !documentHasBrowsingContext(doc)) return [];
  // Cached until the document changes or a frame is made or gets a new navigable.
  const state = doc[DOC_STATE];
  if (state.childFramesKey === doc[VERSION] + ":" + frameElements.length + ":" + frameSlotCounter) return state.childFrames;
  const frames = childFrameElements(doc);
  if (doc === pageDocument && frames.length > globalFrameIndexCount) ensureGlobalFrameIndices(frames.length);
  state.childFramesKey = doc[VERSION] + ":" + frameElements.length + ":" + frameSlotCounter;
  state.childFrames = frames;
  return frames;
}

/** `doc`'s i-th child navigable's window (window.frames[i]), or undefined. */
function childFrameWindow(doc, i) {
  const frames = childFrames(doc);
  return i < frames.length ? frameNavigableWindow(frames[i][EXTRAS].navigable) : undefined;
}

/** Defines `window[i]` for i < count on the page's global (indexed access to its child navigables). */
function ensureGlobalFrameIndices(count) {
  if (!pageFramesInstalled) return;
  for (let i = globalFrameIndexCount; i < count; i++) {
    Object.defineProperty(globalThis, i, {
      get: () => childFrameWindow(pageDocument, i), configurable: true, enumerable: true,
    });
  }
  if (count > globalFrameIndexCount) globalFrameIndexCount = count;
}

/**
 * The page's `length` (Window.js calls this while installing the window; installParsedFrames
 * adds `window[i]` after the tree). `length` is [Replaceable]: assigning it makes a plain data
 * property.
 */
function installFrameAccess(global) {
  pageGetComputedStyle = global.getComputedStyle;
  Object.defineProperty(global, "length", {
    get: () => childFrames(pageDocument).length,
    set: (value) => Object.defineProperty(global, "length", { value, writable: true, configurable: true, enumerable: true }),
    configurable: true, enumerable: true,
  });
}

/**
 * `window[i]` for the frames the page was parsed with, once its tree is built; frames made
 * from then on are a script's (frameElementCreated). Index keys come first among a window's
 * own keys whenever they are defined.
 */
function installParsedFrames() {
  pageFramesInstalled = true;
  // The frames the page was parsed with (counted, not yet given navigables).
  let count = 0;
  for (let i = 0; i < frameElements.length; i++) if (inDocumentTree(frameElements[i], pageDocument)) count++;
  ensureGlobalFrameIndices(count);
}

function isArrayIndex(property) {
  return typeof property === "string" && /^(0|[1-9][0-9]*)$/.test(property);
}

/**
 * A same-origin frame's window: its own document, location, frames and sizes; anything else it
 * does not define falls back to the page's global (one realm here; `frames[0].Array` is the page's).
 */
function createFrameWindow(navigable) {
  const frame = navigable.frame;
  const parentWindow = navigable.parentDoc[DOC_STATE].defaultView;
  let location = null, locationDocument = null, proxy = null;
  const target = {};
  target[LISTENERS] = null;
  const size = (name, fallback) => {
    const value = parseInt(getAttributeValue(frame, name), 10);
    return value >= 0 ? value : fallback;
  };
  const getters = {
    document: () => frameNavigableDocument(navigable),
    window: () => proxy, self: () => proxy, frames: () => proxy,
    parent: () => (frameNavigableClosed(navigable) ? null : parentWindow),
    top: () => (frameNavigableClosed(navigable) ? null : parentWindow === globalThis ? globalThis : parentWindow.top),
    frameElement: () => (frameNavigableClosed(navigable) ? null : frame),
    opener: () => null,
    closed: () => frameNavigableClosed(navigable),
    name: () => getAttributeValue(frame, "name") || "",
    length: () => frameWindowChildFrames(navigable).length,
    location: () => {
      const doc = frameNavigableDocument(navigable);
      if (locationDocument !== doc) { location = new Location(INTERNAL, doc); locationDocument = doc; }
      return location;
    },
    origin: () => (navigable.kind === "saved" ? documentOrigin(frameNavigableDocument(navigable)) : documentOrigin(navigable.parentDoc)),
    innerWidth: () => size("width", 300), innerHeight: () => size("height", 150),
    outerWidth: () => size("width", 300), outerHeight: () => size("height", 150),
  };
  for (const name in getters) Object.defineProperty(target, name, { get: getters[name], configurable: true, enumerable: true });
  const methods = {
    addEventListener: EventTarget.prototype.addEventListener,
    removeEventListener: EventTarget.prototype.removeEventListener,
    dispatchEvent: EventTarget.prototype.dispatchEvent,
    postMessage: function postMessage(message) { recordUnsupported("window.postMessage"); },
    getSelection: function getSelection() { const doc = frameNavigableDocument(navigable); return doc === null ? null : selectionOf(doc); },
    getComputedStyle: function getComputedStyle(element, pseudoElement) { return pageGetComputedStyle.apply(globalThis, arguments); },
    focus: function focus() {}, blur: function blur() {}, close: function close() {},
    scroll: function scroll() {}, scrollTo: function scrollTo() {}, scrollBy: function scrollBy() {},
  };
  for (const name in methods) Object.defineProperty(target, name, { value: methods[name], writable: true, configurable: true, enumerable: true });
  Object.defineProperty(target, Symbol.toStringTag, { value: "Window", configurable: true });
  proxy = new Proxy(target, {
    get(object, property, receiver) {
      if (isArrayIndex(property)) {
        const frames = frameWindowChildFrames(navigable);
        return Number(property) < frames.length ? frameNavigableWindow(frames[property][EXTRAS].navigable) : undefined;
      }
      if (property in object) return Reflect.get(object, property, receiver);
      return globalThis[property];
    },
    set(object, property, value, receiver) {
      if (property === "location") { getters.location().href = value; return true; }
      const descriptor = Object.getOwnPropertyDescriptor(object, property);
      if (descriptor && descriptor.get) return true; // read-only window attributes ignore assignment
      return Reflect.set(object, property, value);
    },
    has(object, property) {
      if (isArrayIndex(property)) return Number(property) < frameWindowChildFrames(navigable).length;
      return property in object || property in globalThis;
    },
  });
  return proxy;
}

/** A frame window's own child frames (those of its current document). */
function frameWindowChildFrames(navigable) {
  // An about:blank document made here has no frames until a script adds some, so it is not built for this.
  if (navigable.document === undefined && navigable.kind === "blank") return [];
  const doc = frameNavigableDocument(navigable);
  return doc === null ? [] : childFrames(doc);
}

/**
 * A cross-origin frame's WindowProxy: https://html.spec.whatwg.org/#crossoriginproperties-(-o-)
 * Only the cross-origin properties answer; anything else throws WebKit's SecurityError.
 */
function createCrossOriginWindow(navigable) {
  const parentWindow = navigable.parentDoc[DOC_STATE].defaultView;
  let proxy = null;
  const deny = () => throwDOMException("SecurityError", navigable.crossOrigin);
  const location = Object.create(null);
  Object.defineProperty(location, "href", { get: deny, set(value) { recordUnsupported("cross-origin frame navigation"); }, enumerable: true });
  location.replace = function replace(url) { recordUnsupported("cross-origin frame navigation"); };
  const allowed = {
    window: () => proxy, self: () => proxy, frames: () => proxy, length: () => 0,
    parent: () => (frameNavigableClosed(navigable) ? null : parentWindow),
    top: () => (frameNavigableClosed(navigable) ? null : parentWindow === globalThis ? globalThis : parentWindow.top),
    opener: () => null, closed: () => frameNavigableClosed(navigable), location: () => location,
    postMessage: () => function postMessage(message) { recordUnsupported("window.postMessage"); },
    focus: () => function focus() {}, blur: () => function blur() {}, close: () => function close() {},
    then: () => undefined,
  };
  proxy = new Proxy(Object.create(null), {
    get(object, property) {
      if (typeof property === "symbol") {
        if (property === Symbol.toStringTag || property === Symbol.hasInstance || property === Symbol.isConcatSpreadable) return undefined;
        return deny();
      }
      if (Object.prototype.hasOwnProperty.call(allowed, property)) return allowed[property]();
      if (isArrayIndex(property)) return undefined;
      return deny();
    },
    set(object, property, value) {
      if (property === "location") { recordUnsupported("cross-origin frame navigation"); return true; }
      return deny();
    },
    has(object, property) {
      if (typeof property === "string" && Object.prototype.hasOwnProperty.call(allowed, property)) return true;
      return deny();
    },
    getPrototypeOf() { return null; },
    setPrototypeOf() { return deny(); },
    ownKeys() { return []; },
    getOwnPropertyDescriptor(object, property) {
      if (typeof property === "string" && Object.prototype.hasOwnProperty.call(allowed, property)) {
        return { value: allowed[property](), writable: false, enumerable: false, configurable: true };
      }
      return deny();
    },
    defineProperty() { return deny(); },
    deleteProperty() { return deny(); },
  });
  return proxy;
}
