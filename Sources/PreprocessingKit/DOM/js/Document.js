// Document and HTMLDocument: https://dom.spec.whatwg.org/#interface-document,
// https://html.spec.whatwg.org/#the-document-object
// Per-document state (URL, cookies, caches, write buffer…) lives in this[DOC_STATE].

/** The current page's document: the owner of nodes made with `new Text()` and friends. */
let pageDocument = null;

/** The page's document, or null before a page (for a lazy group, which cannot read a core `let`). */
function currentPageDocument() { return pageDocument; }

/** A fresh document state; `options` overrides the defaults. */
function createDocumentState(options) {
  return Object.assign({
    url: "about:blank", characterSet: "UTF-8", contentType: "text/html", referrer: "", lastModified: null,
    cookies: [], compatMode: "no-quirks", isHTML: true, defaultView: null, activeElement: null,
    writeBuffer: null, runningScript: null, scriptInsertionPoint: null, viewportWidth: 390, viewportHeight: 844, viewportScale: 1, screenWidth: 390, screenHeight: 844, devicePixelRatio: 3, desktopClassViewport: false, baseVersion: -1, baseURL: "",
    idVersion: -1, idMap: null, collections: null, xmlDeclaration: null,
    attributeChanges: 0, elementIndex: null, queryVersion: -1, queriesAtVersion: 0, textQueryVersion: -1, textWalkedAtVersion: 0, observerCount: 0, designMode: "off", implementation: null,
  }, options);
}

class Document extends Node {
  /** `new Document()` makes an empty XML document, as in browsers. */
  constructor(token) {
    super(INTERNAL);
    this[VERSION] = 0;
    this[EXTRAS] = null;
    this[DOC_STATE] = token === INTERNAL ? createDocumentState({})
      : createDocumentState({ isHTML: false, contentType: "application/xml", url: pageDocument ? pageDocument.URL : "about:blank" });
  }
  get nodeType() { return DOCUMENT_NODE; }
  get nodeName() { return "#document"; }
  get URL() { return this[DOC_STATE].url; }
  get documentURI() { return this[DOC_STATE].url; }
  get domain() {
    try { return new URL(this[DOC_STATE].url).hostname; } catch (error) { return ""; }
  }
  set domain(value) {
    const domain = String(value).toLowerCase();
    const current = this.domain;
    if (domain !== current && !current.endsWith("." + domain)) throwDOMException("SecurityError", "The operation is insecure.");
  }
  get origin() {
    try { return new URL(this[DOC_STATE].url).origin; } catch (error) { return "null"; }
  }
  get referrer() { return this[DOC_STATE].referrer; }
  get cookie() { return this[DOC_STATE].cookies.map(([name, value]) => (name === "" ? value : name + "=" + value)).join("; "); }
  set cookie(value) { setCookie(this[DOC_STATE].cookies, String(value)); }
  get contentType() { return this[DOC_STATE].contentType; }
  get characterSet() { return this[DOC_STATE].characterSet; }
  get charset() { return this[DOC_STATE].characterSet; }
  get inputEncoding() { return this[DOC_STATE].characterSet; }
  get compatMode() { return this[DOC_STATE].compatMode === "quirks" ? "BackCompat" : "CSS1Compat"; }
  get readyState() { return "complete"; }
  get visibilityState() { return "visible"; }
  get hidden() { return false; }
  get webkitHidden() { return false; }
  hasFocus() { return false; }
  /** https://html.spec.whatwg.org/#dom-document-lastmodified: "MM/DD/YYYY hh:mm:ss" in local time. */
  get lastModified() {
    const configured = this[DOC_STATE].lastModified;
    let date = configured === null || configured === undefined ? new Date() : new Date(configured);
    if (Number.isNaN(date.getTime())) {
      if (typeof configured === "string" && /^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/.test(configured)) return configured;
      date = new Date();
    }
    const two = (n) => String(n).padStart(2, "0");
    return `${two(date.getMonth() + 1)}/${two(date.getDate())}/${date.getFullYear()} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
  }
  get designMode() { return this[DOC_STATE].designMode; }
  set designMode(value) { const v = String(value).toLowerCase(); if (v === "on" || v === "off") this[DOC_STATE].designMode = v; }
  get dir() { const root = this.documentElement; return root !== null && root.dir !== undefined ? root.dir : ""; }
  set dir(value) { const root = this.documentElement; if (root !== null) root.dir = value; }

  get doctype() {
    for (let c = this[FIRST]; c !== null; c = c[NEXT]) if (c.nodeType === DOCUMENT_TYPE_NODE) return c;
    return null;
  }
  get documentElement() {
    for (let c = this[FIRST]; c !== null; c = c[NEXT]) if (c.nodeType === ELEMENT_NODE) return c;
    return null;
  }
  get head() {
    const root = this.documentElement;
    if (root === null || root[LOCAL_NAME] !== "html" || root[NAMESPACE] !== NS_HTML) return null;
    for (let c = root[FIRST]; c !== null; c = c[NEXT]) {
      if (c.nodeType === ELEMENT_NODE && c[LOCAL_NAME] === "head" && c[NAMESPACE] === NS_HTML) return c;
    }
    return null;
  }
  get body() {
    const root = this.documentElement;
    if (root === null || root[LOCAL_NAME] !== "html" || root[NAMESPACE] !== NS_HTML) return null;
    for (let c = root[FIRST]; c !== null; c = c[NEXT]) {
      if (c.nodeType === ELEMENT_NODE && (c[LOCAL_NAME] === "body" || c[LOCAL_NAME] === "frameset") && c[NAMESPACE] === NS_HTML) return c;
    }
    return null;
  }
  /** https://html.spec.whatwg.org/#dom-document-body */
  set body(value) {
    if (!(value instanceof Element) || value[NAMESPACE] !== NS_HTML || (value[LOCAL_NAME] !== "body" && value[LOCAL_NAME] !== "frameset")) {
      throwDOMException("HierarchyRequestError", "The new body element is of type '" + (value && value.tagName) + "'. It must be either a 'BODY' or 'FRAMESET' element.");
    }
    const old = this.body;
    if (old === value) return;
    if (old !== null) { replaceChildNode(old, value, old[PARENT]); return; }
    const root = this.documentElement;
    if (root === null) throwDOMException("HierarchyRequestError", "The operation would yield an incorrect node tree.");
    root.appendChild(value);
  }
  /** https://html.spec.whatwg.org/#document.title: the first <title>'s text, whitespace stripped and collapsed. */
  get title() {
    const root = this.documentElement;
    let title = null;
    if (root !== null && root[NAMESPACE] === NS_SVG && root[LOCAL_NAME] === "svg") {
      for (let c = root[FIRST]; c !== null; c = c[NEXT]) if (c.nodeType === ELEMENT_NODE && c[LOCAL_NAME] === "title" && c[NAMESPACE] === NS_SVG) { title = c; break; }
      return title === null ? "" : descendantTextContent(title);
    }
    title = firstTitleElement(this);
    if (title === null) return "";
    return descendantTextContent(title).replace(/[\t\n\f\r ]+/g, " ").replace(/^ | $/g, "");
  }
  set title(value) {
    const root = this.documentElement;
    if (root === null) return;
    let title = firstTitleElement(this);
    if (title === null) {
      const head = this.head;
      if (head === null) return;
      title = createElementInternal(this, "title", NS_HTML, null);
      head.appendChild(title);
    }
    setTextContent(title, value);
  }
  get activeElement() {
    const active = this[DOC_STATE].activeElement;
    if (active !== null && active.isConnected && active[OWNER] === this) return active;
    return this.body || this.documentElement;
  }
  get scrollingElement() { return this.compatMode === "BackCompat" ? this.body : this.documentElement; }
  get currentScript() { return this[DOC_STATE].runningScript; }
  get fullscreenElement() { return null; }
  get pointerLockElement() { return null; }
  get styleSheets() { return []; }
  get fonts() { return { ready: Promise.resolve(), status: "loaded", check() { return true; }, forEach() {} }; }
  get defaultView() { return this[DOC_STATE].defaultView; }
  get location() { const view = this[DOC_STATE].defaultView; return view === null ? null : view.location; }
  set location(value) { const view = this[DOC_STATE].defaultView; if (view !== null) view.location.href = value; }
  get implementation() {
    const state = this[DOC_STATE];
    return state.implementation || (state.implementation = createDOMImplementation(this));
  }
  get textContent() { return null; }
  set textContent(value) {}

  get images() { return documentCollection(this, "images", (el) => el[LOCAL_NAME] === "img" && el[NAMESPACE] === NS_HTML); }
  get links() {
    return documentCollection(this, "links", (el) => (el[LOCAL_NAME] === "a" || el[LOCAL_NAME] === "area") && el[NAMESPACE] === NS_HTML && getAttributeValue(el, "href") !== null);
  }
  /**
   * `document.all`: like WebKit's, `typeof` says "undefined" and it is falsy (scripts use
   * `if (document.all)` to detect old IE), yet `.length`, `[i]`, `item` and `namedItem` work.
   * Undefined when the engine cannot make such an object (see UndetectableObject.swift).
   */
  get all() { return documentAll(this); }
  get forms() { return documentCollection(this, "forms", (el) => el[LOCAL_NAME] === "form" && el[NAMESPACE] === NS_HTML); }
  get scripts() { return documentCollection(this, "scripts", (el) => el[LOCAL_NAME] === "script" && el[NAMESPACE] === NS_HTML); }
  get anchors() {
    return documentCollection(this, "anchors", (el) => el[LOCAL_NAME] === "a" && el[NAMESPACE] === NS_HTML && getAttributeValue(el, "name") !== null);
  }
  get embeds() { return documentCollection(this, "embeds", (el) => el[LOCAL_NAME] === "embed" && el[NAMESPACE] === NS_HTML); }
  get plugins() { return this.embeds; }
  get applets() { return documentCollection(this, "applets", () => false); }

  /** https://dom.spec.whatwg.org/#dom-nonelementparentnode-getelementbyid, from a map rebuilt after mutations. */
  getElementById(elementId) {
    const state = this[DOC_STATE];
    // A document built on demand maps ids to positions in its index, read from the parsed
    // attributes of the elements not made yet, and makes only the element asked for.
    const parsed = parsedElementIndex(this);
    if (state.idVersion !== this[VERSION] || state.idMap === null) {
      const map = new Map();
      if (parsed !== null) {
        for (let i = 0; i < parsed.elements.length; i++) {
          const id = elementIndexAttribute(parsed, i, "id");
          if (id !== null && !map.has(id)) map.set(id, i);
        }
      }
      for (let node = parsed === null ? this[FIRST] : null; node !== null; node = nextInTree(node, this)) {
        if (node.nodeType !== ELEMENT_NODE) continue;
        const attrs = node[ATTRS];
        for (let i = 0; i < attrs.length; i++) {
          const record = attrs[i];
          if (record.name === "id" && record.namespace === null) {
            if (!map.has(record.value)) map.set(record.value, node);
            break;
          }
        }
      }
      state.idMap = map;
      state.idVersion = this[VERSION];
    }
    const found = state.idMap.get(String(elementId));
    if (found === undefined) return null;
    return typeof found === "number" ? elementIndexElement(parsed, found) : found;
  }
  getElementsByTagName(qualifiedName) { return elementsByTagName(this, String(qualifiedName)); }
  getElementsByTagNameNS(namespace, localName) { return elementsByTagNameNS(this, namespace, String(localName)); }
  getElementsByClassName(classNames) { return elementsByClassName(this, String(classNames)); }
  getElementsByName(elementName) {
    const name = String(elementName);
    return cachedCollection(this, "byName", name, () => createLiveElementNodeList(this, collectDescendantElements,
      (el) => el[NAMESPACE] === NS_HTML && getAttributeValue(el, "name") === name));
  }

  /** https://dom.spec.whatwg.org/#dom-document-createelement */
  createElement(localName, options) {
    localName = String(localName);
    if (!/^[A-Za-z][^\t\n\f\r \/>\0]*$/.test(localName)) throwDOMException("InvalidCharacterError", `Invalid qualified name: '${localName}'`);
    const state = this[DOC_STATE];
    if (state.isHTML) localName = localName.toLowerCase();
    const namespace = state.isHTML || state.contentType === "application/xhtml+xml" ? NS_HTML : null;
    return createElementInternal(this, localName, namespace, null);
  }
  createElementNS(namespace, qualifiedName, options) {
    const { ns, prefix, localName } = validateAndExtract(namespace, String(qualifiedName));
    return createElementInternal(this, localName, ns, prefix);
  }
  createTextNode(data) { return createTextNode(this, String(data)); }
  createComment(data) { return createComment(this, String(data)); }
  createCDATASection(data) {
    if (this[DOC_STATE].isHTML) throwDOMException("NotSupportedError", "The operation is not supported.");
    return createCDATASectionNode(this, String(data));
  }
  createProcessingInstruction(target, data) {
    if (String(data).includes("?>")) throwDOMException("InvalidCharacterError", "The string contains invalid characters.");
    return createProcessingInstruction(this, String(target), String(data));
  }
  createDocumentFragment() { return createDocumentFragment(this); }
  createAttribute(localName) {
    let name = validateAttributeName(String(localName));
    if (this[DOC_STATE].isHTML) name = name.toLowerCase();
    return createAttrNode(this, { namespace: null, prefix: null, localName: name, name, value: "", node: null });
  }
  createAttributeNS(namespace, qualifiedName) {
    const { ns, prefix, localName } = validateAndExtract(namespace, String(qualifiedName));
    return createAttrNode(this, { namespace: ns, prefix, localName, name: String(qualifiedName), value: "", node: null });
  }
  /** https://dom.spec.whatwg.org/#dom-document-createevent */
  createEvent(eventInterface) {
    const EventClass = LEGACY_EVENT_INTERFACES[String(eventInterface).toLowerCase()];
    if (EventClass === undefined) throwDOMException("NotSupportedError", "The operation is not supported.");
    const event = new EventClass("");
    event[EVENT_STATE].initialized = false;
    return event;
  }
  createRange() { return makeRange(this); }
  createTreeWalker(root, whatToShow = 0xFFFFFFFF, filter = null) { return makeTreeWalker(root, whatToShow, filter); }
  createNodeIterator(root, whatToShow = 0xFFFFFFFF, filter = null) { return makeNodeIterator(root, whatToShow, filter); }
  getSelection() { return this[DOC_STATE].defaultView === null ? null : selectionOf(this); }
  importNode(node, deep = false) {
    checkNode(node, "importNode");
    if (node.nodeType === DOCUMENT_NODE) throwDOMException("NotSupportedError", "The operation is not supported.");
    return cloneNodeTree(node, !!deep, this);
  }
  adoptNode(node) {
    checkNode(node, "adoptNode");
    if (node.nodeType === DOCUMENT_NODE) throwDOMException("NotSupportedError", "The operation is not supported.");
    adoptNodeInto(node, this);
    return node;
  }
  elementFromPoint(x, y) { return null; }
  elementsFromPoint(x, y) { return []; }
  caretRangeFromPoint(x, y) { return null; }
  execCommand(command) { recordUnsupported("Document.execCommand(" + String(command) + ")"); return false; }
  queryCommandSupported(command) { return false; }
  queryCommandEnabled(command) { return false; }
  queryCommandState(command) { return false; }
  queryCommandValue(command) { return ""; }
  exitFullscreen() { return Promise.resolve(); }
  evaluate(expression) {
    recordUnsupported("Document.evaluate");
    throwDOMException("NotSupportedError", "XPath is not supported by the simulator.");
  }

  /** https://html.spec.whatwg.org/#dom-document-open: clears the document; writes then build it. */
  open() {
    if (!this[DOC_STATE].isHTML) throwDOMException("InvalidStateError", "The object is in an invalid state.");
    if (arguments.length >= 3) {
      const view = this[DOC_STATE].defaultView;
      return view === null ? null : view.open(arguments[0], arguments[1], arguments[2]);
    }
    replaceAllChildren(null, this);
    this[DOC_STATE].writeBuffer = "";
    return this;
  }
  close() { this[DOC_STATE].writeBuffer = null; }
  /**
   * While a page script runs as the parser reaches it (`--page-scripts`), the markup goes in at
   * the parser's insertion point (writtenDuringParse). After load, a write implicitly opens
   * (clears) the document; everything written since is reparsed as the whole new document on
   * each write (the written HTML is the document).
   */
  write(...text) {
    const state = this[DOC_STATE];
    if (!state.isHTML) throwDOMException("InvalidStateError", "The object is in an invalid state.");
    if (state.scriptInsertionPoint !== null && state.writeBuffer === null) { writtenDuringParse(this, text.join("")); return; }
    if (state.writeBuffer === null) this.open();
    state.writeBuffer += text.join("");
    replaceAllChildren(null, this);
    const tree = host.parseDocument(state.writeBuffer);
    state.compatMode = flatTreeQuirksMode(tree);
    buildNodesFromFlatTree(this, tree, this);
  }
  writeln(...text) { this.write(...text, "\n"); }
}
mixInto(Document.prototype, ParentNodeMixin);
defineEventHandlerProperties(Document.prototype, EVENT_HANDLER_NAMES);

class HTMLDocument extends Document {}

/** https://dom.spec.whatwg.org/#xmldocument: what WebKit makes of an XML, SVG or XHTML resource, DOMParser's XML types and createDocument. */
class XMLDocument extends Document {}

/** Whether `type` is an XML MIME type (https://mimesniff.spec.whatwg.org/#xml-mime-type). */
function isXMLMIMEType(type) {
  const essence = String(type).split(";")[0].trim().toLowerCase();
  return essence === "text/xml" || essence === "application/xml" || essence.endsWith("+xml");
}

/** Interfaces createEvent accepts: https://dom.spec.whatwg.org/#dom-document-createevent */
const LEGACY_EVENT_INTERFACES = {
  event: Event, events: Event, htmlevents: Event, svgevents: Event, customevent: CustomEvent,
  uievent: UIEvent, uievents: UIEvent, mouseevent: MouseEvent, mouseevents: MouseEvent,
  keyboardevent: KeyboardEvent, keyboardevents: KeyboardEvent, focusevent: FocusEvent, inputevent: InputEvent,
};

function firstTitleElement(doc) {
  const parsed = parsedElementIndex(doc);
  if (parsed !== null) {
    const bucket = elementIndexTagBucket(parsed, "title");
    for (let i = 0; i < bucket.length; i++) {
      const element = elementIndexElement(parsed, bucket[i]);
      if (element[NAMESPACE] === NS_HTML) return element;
    }
    return null;
  }
  for (let node = doc[FIRST]; node !== null; node = nextInTree(node, doc)) {
    if (node.nodeType === ELEMENT_NODE && node[LOCAL_NAME] === "title" && node[NAMESPACE] === NS_HTML) return node;
  }
  return null;
}

/** One cached live collection per document and name (document.images === document.images). */
function documentCollection(doc, name, predicate) {
  const state = doc[DOC_STATE];
  const collections = state.collections || (state.collections = {});
  return collections[name] || (collections[name] = createLiveCollection(doc, collectDescendantElements, predicate));
}

/**
 * Makes `doc`'s HTMLAllCollection object. Only the page's document gets one (at install time):
 * documents made while scripts run (DOMParser, frames, createHTMLDocument) keep `all` undefined.
 */
function createDocumentAllObject(doc) {
  const state = doc[DOC_STATE];
  // The object is falsy and == null by design: compare with === only.
  const all = typeof host.makeUndetectable === "function" ? host.makeUndetectable() : null;
  if (all === null || all === undefined) return;
  Object.defineProperties(all, {
    item: { value: function item(index) { return documentAllItem(doc, index); }, configurable: true },
    namedItem: { value: function namedItem(name) { return documentAllItem(doc, String(name)); }, configurable: true },
    [Symbol.iterator]: { value: function () { documentAll(doc); return state.allItems.slice().values(); }, configurable: true },
    [Symbol.toStringTag]: { value: "HTMLAllCollection", configurable: true },
  });
  state.all = all;
  state.allVersion = -1;
  state.allItems = [];
}

/**
 * The document's HTMLAllCollection: an undetectable object from the host, brought up to date with
 * the tree (every element, tree order) whenever the document's VERSION changed since last read.
 */
function documentAll(doc) {
  const state = doc[DOC_STATE];
  const all = state.all;
  if (all === null || all === undefined) return undefined;
  if (state.allVersion !== doc[VERSION]) {
    const items = collectDescendantElements(doc, () => true);
    for (let i = items.length; i < state.allItems.length; i++) delete all[i];
    for (let i = 0; i < items.length; i++) {
      if (state.allItems[i] !== items[i]) Object.defineProperty(all, i, { value: items[i], configurable: true, enumerable: true });
    }
    Object.defineProperty(all, "length", { value: items.length, configurable: true });
    state.allItems = items;
    state.allVersion = doc[VERSION];
  }
  return all;
}

/** `document.all.item(i)` / `namedItem(name)`: by index, else the id/name match(es). */
function documentAllItem(doc, key) {
  documentAll(doc);
  const items = doc[DOC_STATE].allItems;
  if (typeof key === "number" || (typeof key === "string" && /^(0|[1-9][0-9]*)$/.test(key))) return items[Number(key)] || null;
  const name = String(key);
  const matches = items.filter((el) => getAttributeValue(el, "id") === name ||
    (getAttributeValue(el, "name") === name && /^(a|button|embed|form|frame|frameset|iframe|img|input|map|meta|object|select|textarea)$/.test(el[LOCAL_NAME])));
  if (matches.length === 0) return null;
  return matches.length === 1 ? matches[0] : createStaticNodeList(matches);
}

function isHTMLBaseElement(element) { return element[LOCAL_NAME] === "base" && element[NAMESPACE] === NS_HTML; }

/** The document base URL: the first <base href> resolved against the document URL, cached per VERSION. */
function documentBaseURL(doc) {
  const state = doc[DOC_STATE];
  if (state.baseVersion === doc[VERSION]) return state.baseURL;
  // The first HTML base element with an href, in tree order: from the element index's bucket
  // when the document has one (most pages have no base, and the walk visits every node).
  let baseURL = state.url;
  const index = elementIndexForQuery(doc);
  const candidates = index === null ? walkDescendantElements(doc, isHTMLBaseElement)
    : (elementIndexTagBucket(index, "base") || []).map((position) => elementIndexElement(index, position));
  for (const element of candidates) {
    const href = element[NAMESPACE] === NS_HTML ? getAttributeValue(element, "href") : null;
    if (href === null) continue;
    try { baseURL = new URL(href, state.url).href; } catch (error) { /* an unparsable base is ignored */ }
    break;
  }
  state.baseURL = baseURL;
  state.baseVersion = doc[VERSION];
  return baseURL;
}

/** Applies one `Set-Cookie`-style string from `document.cookie = …` to the jar. */
function setCookie(jar, text) {
  const parts = text.split(";");
  const pair = parts[0];
  const equals = pair.indexOf("=");
  const name = equals < 0 ? "" : pair.slice(0, equals).trim();
  const value = (equals < 0 ? pair : pair.slice(equals + 1)).trim();
  let expired = false;
  for (const attribute of parts.slice(1)) {
    const [key, ...rest] = attribute.split("=");
    const attributeValue = rest.join("=").trim();
    const lower = key.trim().toLowerCase();
    if (lower === "max-age" && Number(attributeValue) <= 0) expired = true;
    if (lower === "expires") {
      const time = Date.parse(attributeValue);
      if (!Number.isNaN(time) && time < Date.now()) expired = true;
    }
  }
  const index = jar.findIndex(([existing]) => existing === name);
  if (expired) { if (index >= 0) jar.splice(index, 1); return; }
  if (index >= 0) jar[index][1] = value; else jar.push([name, value]);
}

/** Parses a `Cookie` header-style string ("a=1; b=2") into the jar. */
function parseCookieString(text) {
  const jar = [];
  if (!text) return jar;
  for (const piece of String(text).split(";")) {
    if (piece.trim() === "") continue;
    setCookie(jar, piece.trim());
  }
  return jar;
}

/** A new HTML document with the given state options, its tree built from `tree` when given. */
function createHTMLDocument(stateOptions, tree) {
  const doc = new HTMLDocument(INTERNAL);
  Object.assign(doc[DOC_STATE], stateOptions);
  if (tree) {
    doc[DOC_STATE].compatMode = flatTreeQuirksMode(tree);
    buildNodesFromFlatTree(doc, tree, doc);
  }
  return doc;
}

/** A new XML document with the given state options, its tree built from `tree` (an XML parse) when given. */
function createXMLDocument(stateOptions, tree) {
  const doc = new XMLDocument(INTERNAL);
  Object.assign(doc[DOC_STATE], { isHTML: false }, stateOptions);
  if (tree) {
    applyXMLDeclaration(doc, tree);
    buildNodesFromFlatTree(doc, tree, doc);
  }
  return doc;
}

/** A new empty document like `doc` (cloneNode of a Document). */
function createDocumentLike(doc) {
  const state = doc[DOC_STATE];
  const copy = state.isHTML ? new HTMLDocument(INTERNAL) : doc instanceof XMLDocument ? new XMLDocument(INTERNAL) : new Document(INTERNAL);
  Object.assign(copy[DOC_STATE], {
    url: state.url, characterSet: state.characterSet, contentType: state.contentType, isHTML: state.isHTML, compatMode: state.compatMode,
  });
  return copy;
}
