// The bundle's entry: the `api` object, every function Swift calls and nothing else, declared
// here in one literal (CONTRACT.md "api" lists the same members; APIContractTests checks both
// against the calls Swift makes). Last file in order.txt.

const api = Object.freeze({
  /**
   * Makes the page's document, still empty, and gives the window (installed with the realm) the
   * page's values: everything that does not need the tree, so Swift calls it while the parser
   * is still running.
   * @param {object} config {url, characterSet, contentType, referrer, cookie, lastModified,
   *   userAgent, platform, language, confirmAnswer, promptAnswer, screenWidth, screenHeight,
   *   devicePixelRatio, desktopClassViewport, fixedViewportWidth, fixedViewportHeight, maxTouchPoints}
   */
  preparePage(config) {
    config = config || {};
    // A page whose type is XML (an SVG, an XHTML page, a feed) is an XMLDocument, as WebKit makes it.
    const doc = (isXMLMIMEType(config.contentType || "") ? createXMLDocument : createHTMLDocument)({
      url: config.url || "about:blank",
      characterSet: config.characterSet || "UTF-8",
      contentType: config.contentType || "text/html",
      referrer: config.referrer || "",
      lastModified: config.lastModified === undefined ? null : config.lastModified,
      cookies: parseCookieString(config.cookie),
      // The screen; the layout viewport is the screen's until the tree is built (installPage).
      screenWidth: config.screenWidth || 390,
      screenHeight: config.screenHeight || 844,
      viewportWidth: config.screenWidth || 390,
      viewportHeight: config.screenHeight || 844,
      devicePixelRatio: config.devicePixelRatio || 3,
      desktopClassViewport: config.desktopClassViewport === true,
      fixedViewportWidth: config.fixedViewportWidth || 0,
      fixedViewportHeight: config.fixedViewportHeight || 0,
    }, null);
    pageDocument = doc;
    // document.all's object is made once, now, so that it exists before any script runs
    // (see createDocumentAllObject in Document.js).
    createDocumentAllObject(doc);
    pageFrames = config.frames || {};
    pageFrameURLs = config.frameURLs || {};
    configureWindow(globalThis, doc, config);
    // The event loop: a virtual clock and optional seeded randomness, so a script that waits
    // finishes at once and a run can be repeated; the network answers from fixtures and fails
    // as Safari does offline otherwise (timers.js, clock.js, network.js).
    configureEventLoop(config);
  },
  /**
   * Builds the prepared page's document from the flat tree, then `window[i]` for the frames
   * it was parsed with.
   * @param {Array} tree the flat tree from host.parseDocument (CONTRACT.md)
   */
  installPage(tree) {
    const doc = pageDocument;
    doc[DOC_STATE].compatMode = flatTreeQuirksMode(tree);
    installParsedDocument(doc, tree);
    applyLayoutViewport(doc);
    showLayoutViewport(globalThis, doc);
    installParsedFrames();
  },
  /** Tags later events with `name` ("load", "run", "handler", "finalize"). */
  setPhase(name) { currentPhase = String(name); },
  /** Selects the `occurrence`-th (1-based) match of `text` in the body's text. */
  selectText(text, occurrence) {
    return selectTextInDocument(pageDocument, String(text), occurrence === undefined ? 1 : Number(occurrence));
  },
  /** Selects the contents of the first element matching `selector`. */
  selectElementContents(selector) { return selectElementContentsIn(pageDocument, String(selector)); },
  /** Selects from a character offset in one element's text to one in another's (selectionSetup.js). */
  selectRange(startSelector, startOffset, endSelector, endOffset) { return selectRangeInDocument(pageDocument, String(startSelector), startOffset, String(endSelector), endOffset); },
  /** The events recorded since the last call, as a JSON array string. */
  takeEvents() { return takeRecordedEvents(); },
  /**
   * How a platform object (a node, a collection, the window…) crosses the results bridge: null
   * for any other value, else {interfaceName, keys}. WebKit keeps of such an object what
   * JSON.stringify keeps, its own enumerable string keys (a node has none), and cannot clone it
   * (DataCloneError); ordinary objects cross with their inherited enumerable keys too.
   */
  platformObjectView(value) {
    if (value === null || (typeof value !== "object" && typeof value !== "function")) return null;
    if (!isPlatformObject(value)) return null;
    return { interfaceName: Object.prototype.toString.call(value).slice(8, -1), keys: Object.keys(value) };
  },
  /** `document.documentElement.outerHTML`, or "" without a document element. */
  documentHTML() {
    const root = pageDocument === null ? null : pageDocument.documentElement;
    return root === null ? "" : serializeOuter(root);
  },
  /** [made, parsed]: how many of the page's parsed elements exist as objects so far (TreeBuilder.js). */
  parsedElementCounts() { return parsedElementCounts(); },

  // The event loop (timers.js, network.js, pageScripts.js).
  /** Runs the earliest task due at or before `deadline` (virtual ms); false when none is. */
  runNextTask(deadline) { return runNextTaskTraced(deadline); },
  /** "none", "only-intervals" or "tasks": what is still queued. */
  pendingWork() { return pendingWork(); },
  /** The virtual clock, in milliseconds since the page started. */
  virtualTime() { return EVENT_LOOP.now; },
  /** The requests made since the last call, as JSON, and clears them. */
  takeRequests() { return takeRequests(); },
  /** The page's classic scripts in document order, as JSON (`--page-scripts`). */
  pageScripts() { return collectPageScripts(); },
  /** The page script at `index` of pageScripts's list runs next: document.write inserts after it. */
  startPageScript(index) { startPageScript(index); },
  /** Fires DOMContentLoaded and load after the page's scripts ran. */
  finishPageLoad() { return finishPageLoad(); },

  // The trace (MutationLog.js, EventRecorder.js).
  /** Starts recording the trace and finalize's mutations; `realStart` is the run's wall-clock start (ms). */
  startTrace(realStart) { startTrace(realStart); },
  /** The trace events since the last call, as JSON, and clears them. */
  takeTrace() { return takeTrace(); },
  /** The mutations recorded since the last call, as JSON, and clears them. */
  takeMutations() { return takeMutations(); },
  /** The innermost location of the page's code on the stack, as JSON (null when none). */
  scriptLocation() { return JSON.stringify(scriptLocation()); },
  /** `value` as JavaScript holds it, for the trace and the REPL (MutationLog.js). */
  describeValue(value) { return describeValueForTrace(value); },
});

/** The prototypes of the interfaces the window exposes (filled with the realm, below). */
const platformPrototypes = new Set();

/** Whether `value` is an instance of one of the interfaces the window exposes, or a window. */
function isPlatformObject(value) {
  if (value === globalThis) return true;
  try {
    for (let prototype = Object.getPrototypeOf(value); prototype !== null; prototype = Object.getPrototypeOf(prototype)) {
      if (platformPrototypes.has(prototype)) return true;
    }
  } catch (error) {
    // A page's Proxy whose getPrototypeOf throws is not one of ours.
  }
  return false;
}

// The window's properties, all made while the realm is made (a prepared realm has them before
// its page arrives, which preparePage then only configures): the interfaces, then the rest in
// WebKit's order, then the event loop's.
const installedInterfaces = installWindowInterfaces(globalThis);
for (const name in installedInterfaces) {
  const prototype = installedInterfaces[name].prototype;
  if (prototype) platformPrototypes.add(prototype);
}
installWindowGlobals(globalThis);
installEventLoop(globalThis);

// The bundle's completion value (CONTRACT.md): what evaluating the bundle gives Swift.
api;
