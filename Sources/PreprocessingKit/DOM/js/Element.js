// Element: https://dom.spec.whatwg.org/#interface-element
// Attributes are plain records in this[ATTRS] ({namespace, prefix, localName, name, value, node});
// classList, dataset, style and attributes are made on first access and kept in this[EXTRAS].

class Element extends Node {
  constructor(token, doc, localName, namespace, prefix) {
    super(token);
    storeElementFields(this, doc, localName, namespace, prefix);
  }
  get nodeType() { return ELEMENT_NODE; }
  get nodeName() { return this.tagName; }
  get namespaceURI() { return this[NAMESPACE]; }
  get prefix() { return this[PREFIX]; }
  get localName() { return this[LOCAL_NAME]; }
  /** Upper case for HTML elements in HTML documents: https://dom.spec.whatwg.org/#element-html-uppercased-qualified-name */
  get tagName() {
    const qualified = this[PREFIX] === null ? this[LOCAL_NAME] : this[PREFIX] + ":" + this[LOCAL_NAME];
    return this[NAMESPACE] === NS_HTML && isHTMLDocument(this[OWNER]) ? qualified.toUpperCase() : qualified;
  }
  get textContent() { return descendantTextContent(this); }
  set textContent(value) { setTextContent(this, value); }

  get id() { return getAttributeValue(this, "id") || ""; }
  set id(value) { setAttributeValue(this, "id", String(value)); }
  get className() { return getAttributeValue(this, "class") || ""; }
  set className(value) { setAttributeValue(this, "class", String(value)); }
  get slot() { return getAttributeValue(this, "slot") || ""; }
  set slot(value) { setAttributeValue(this, "slot", String(value)); }
  get classList() {
    const extras = elementExtras(this);
    return extras.classList || (extras.classList = createTokenList(this, "class"));
  }
  set classList(value) { this.classList.value = value; }
  get attributes() {
    const extras = elementExtras(this);
    return extras.attributes || (extras.attributes = createNamedNodeMap(this));
  }
  hasAttributes() { return this[ATTRS].length > 0; }
  getAttributeNames() { return this[ATTRS].map((record) => record.name); }
  getAttribute(name) {
    const record = findAttributeByName(this, String(name));
    return record === null ? null : record.value;
  }
  getAttributeNS(namespace, localName) {
    const record = findAttributeByNamespace(this, namespace, String(localName));
    return record === null ? null : record.value;
  }
  hasAttribute(name) { return findAttributeByName(this, String(name)) !== null; }
  hasAttributeNS(namespace, localName) { return findAttributeByNamespace(this, namespace, String(localName)) !== null; }
  /** https://dom.spec.whatwg.org/#dom-element-setattribute */
  setAttribute(name, value) {
    if (arguments.length < 2) throw new TypeError("Not enough arguments");
    name = validateAttributeName(String(name));
    if (this[NAMESPACE] === NS_HTML && isHTMLDocument(this[OWNER])) name = name.toLowerCase();
    setAttributeValue(this, name, String(value));
  }
  /** https://dom.spec.whatwg.org/#dom-element-setattributens */
  setAttributeNS(namespace, qualifiedName, value) {
    const { ns, prefix, localName } = validateAndExtract(namespace, String(qualifiedName));
    value = String(value);
    const record = findAttributeByNamespace(this, ns, localName);
    if (record !== null) changeAttributeRecord(this, record, value);
    else appendAttributeRecord(this, { namespace: ns, prefix, localName, name: prefix === null ? localName : prefix + ":" + localName, value, node: null });
  }
  removeAttribute(name) {
    const record = findAttributeByName(this, String(name));
    if (record !== null) removeAttributeRecord(this, record);
  }
  removeAttributeNS(namespace, localName) {
    const record = findAttributeByNamespace(this, namespace, String(localName));
    if (record !== null) removeAttributeRecord(this, record);
  }
  /** https://dom.spec.whatwg.org/#dom-element-toggleattribute */
  toggleAttribute(name, force) {
    name = validateAttributeName(String(name));
    if (this[NAMESPACE] === NS_HTML && isHTMLDocument(this[OWNER])) name = name.toLowerCase();
    const record = findAttributeByName(this, name);
    if (record === null) {
      if (force === undefined || force) { setAttributeValue(this, name, ""); return true; }
      return false;
    }
    if (force === undefined || !force) { removeAttributeRecord(this, record); return false; }
    return true;
  }
  getAttributeNode(name) {
    const record = findAttributeByName(this, String(name));
    return record === null ? null : attrNodeFor(this, record);
  }
  getAttributeNodeNS(namespace, localName) {
    const record = findAttributeByNamespace(this, namespace, String(localName));
    return record === null ? null : attrNodeFor(this, record);
  }
  setAttributeNode(attr) {
    if (!(attr instanceof Attr)) throw new TypeError("Argument 1 ('attr') to Element.setAttributeNode must be an instance of Attr");
    if (attr[OWNER_ELEMENT] !== null && attr[OWNER_ELEMENT] !== this) throwDOMException("InUseAttributeError", "The attribute is in use.");
    const record = attr[ATTR_RECORD];
    const old = findAttributeByNamespace(this, record.namespace, record.localName);
    if (old === record) return attr;
    let oldAttr = null;
    if (old !== null) {
      oldAttr = attrNodeFor(this, old);
      const index = this[ATTRS].indexOf(old);
      queueAttributeMutation(this, old.localName, old.namespace, old.value);
      logAttributeMutation(this, old.localName, old.value); // --trace (MutationLog.js)
      this[ATTRS][index] = record;
      oldAttr[OWNER_ELEMENT] = null;
      attributeChanged(this, record.name);
    } else {
      appendAttributeRecord(this, record);
    }
    attr[OWNER_ELEMENT] = this;
    return oldAttr;
  }
  setAttributeNodeNS(attr) { return this.setAttributeNode(attr); }
  removeAttributeNode(attr) {
    const record = attr instanceof Attr ? attr[ATTR_RECORD] : null;
    if (record === null || !this[ATTRS].includes(record)) throwDOMException("NotFoundError", "The object can not be found here.");
    removeAttributeRecord(this, record);
    return attr;
  }

  matches(selectors) { return elementMatches(this, String(selectors)); }
  webkitMatchesSelector(selectors) { return elementMatches(this, String(selectors)); }
  closest(selectors) { return closestFrom(this, String(selectors)); }
  getElementsByTagName(qualifiedName) { return elementsByTagName(this, String(qualifiedName)); }
  getElementsByTagNameNS(namespace, localName) { return elementsByTagNameNS(this, namespace, String(localName)); }
  getElementsByClassName(classNames) { return elementsByClassName(this, String(classNames)); }

  get innerHTML() { return serializeChildren(innerHTMLTarget(this)); }
  set innerHTML(value) {
    const html = value === null ? "" : String(value);
    const fragment = parseHTMLFragment(this, html);
    replaceAllChildren(fragment, innerHTMLTarget(this));
  }
  get outerHTML() { return serializeOuter(this); }
  /** https://w3c.github.io/DOM-Parsing/#dom-element-outerhtml */
  set outerHTML(value) {
    const parent = this[PARENT];
    if (parent === null) return;
    if (parent.nodeType === DOCUMENT_NODE) throwDOMException("NoModificationAllowedError", "Cannot set outerHTML on an element whose parent is the document.");
    const context = parent.nodeType === DOCUMENT_FRAGMENT_NODE ? createElementInternal(documentOf(this), "body", NS_HTML, null) : parent;
    const fragment = parseHTMLFragment(context, value === null ? "" : String(value));
    replaceChildNode(this, fragment, parent);
  }
  /** https://w3c.github.io/DOM-Parsing/#dom-element-insertadjacenthtml */
  insertAdjacentHTML(position, text) {
    const where = String(position).toLowerCase();
    let context;
    if (where === "beforebegin" || where === "afterend") {
      context = this[PARENT];
      if (context === null || context.nodeType === DOCUMENT_NODE) throwDOMException("NoModificationAllowedError", "The element has no parent.");
    } else if (where === "afterbegin" || where === "beforeend") {
      context = this;
    } else {
      throwDOMException("SyntaxError", `'${position}' is not a valid value for the position.`);
    }
    if (context.nodeType !== ELEMENT_NODE || (isHTMLDocument(documentOf(context)) && context[LOCAL_NAME] === "html" && context[NAMESPACE] === NS_HTML)) {
      context = createElementInternal(documentOf(this), "body", NS_HTML, null);
    }
    insertAdjacent(this, where, parseHTMLFragment(context, String(text)));
  }
  insertAdjacentElement(position, element) {
    if (!(element instanceof Element)) throw new TypeError("Argument 2 ('element') to Element.insertAdjacentElement must be an instance of Element");
    return insertAdjacent(this, String(position).toLowerCase(), element, position);
  }
  insertAdjacentText(position, data) {
    insertAdjacent(this, String(position).toLowerCase(), createTextNode(documentOf(this), String(data)), position);
  }

  // Geometry: read from the lazy box model (layout.js), computed on first use.
  // A model that fails answers as WebKit does for an element without a box (modelAnswer).
  getBoundingClientRect() { return modelAnswer("Element.getBoundingClientRect", emptyClientRect, layoutBoundingClientRect, this); }
  getClientRects() { return modelAnswer("Element.getClientRects", () => [], layoutClientRects, this); }
  get clientWidth() { return modelAnswer("Element.clientWidth", 0, layoutClientSize, this, false); }
  get clientHeight() { return modelAnswer("Element.clientHeight", 0, layoutClientSize, this, true); }
  get clientTop() { return modelAnswer("Element.clientTop", 0, clientBorder, this, true); }
  get clientLeft() { return modelAnswer("Element.clientLeft", 0, clientBorder, this, false); }
  get scrollWidth() { return modelAnswer("Element.scrollWidth", 0, layoutScrollSize, this, false); }
  get scrollHeight() { return modelAnswer("Element.scrollHeight", 0, layoutScrollSize, this, true); }
  get scrollTop() { return 0; }
  set scrollTop(value) {}
  get scrollLeft() { return 0; }
  set scrollLeft(value) {}
  scrollIntoView() {}
  scroll() {}
  scrollTo() {}
  scrollBy() {}
  /** The open shadow root (closed ones are hidden, as in browsers). */
  get shadowRoot() {
    const root = this[EXTRAS] ? this[EXTRAS].shadowRoot : undefined;
    return root && root.mode === "open" ? root : null;
  }
  attachShadow(init) { return attachShadowRoot(this, init); }
  requestFullscreen() { recordUnsupported("Element.requestFullscreen"); return Promise.reject(new TypeError("Fullscreen is not supported")); }
}
mixInto(Element.prototype, ParentNodeMixin);
mixInto(Element.prototype, ChildNodeMixin);
mixInto(Element.prototype, NonDocumentTypeChildNodeMixin);

/** clientTop (`top`) or clientLeft: the border's width. */
function clientBorder(element, top) {
  const box = layoutBoxOf(element);
  return box === null || box.isInline ? 0 : Math.round(top ? box.s.bt : box.s.bl);
}

/** A new zero rectangle, what getBoundingClientRect gives for an element without a box. */
function emptyClientRect() { return new DOMRect(0, 0, 0, 0); }

function elementExtras(element) {
  return element[EXTRAS] || (element[EXTRAS] = {});
}

function isHTMLDocument(doc) { return doc === null || doc[DOC_STATE].isHTML; }


function insertAdjacent(element, where, node, position) {
  switch (where) {
    case "beforebegin":
      if (element[PARENT] === null) return null;
      preInsert(node, element[PARENT], element);
      return node;
    case "afterbegin":
      preInsert(node, element, element[FIRST]);
      return node;
    case "beforeend":
      preInsert(node, element, null);
      return node;
    case "afterend":
      if (element[PARENT] === null) return null;
      preInsert(node, element[PARENT], element[NEXT]);
      return node;
  }
  throwDOMException("SyntaxError", `'${position}' is not a valid value for the position.`);
}

// ---- Attribute internals ----

/** The value of the no-namespace attribute with this exact (lower-case) name, or null. */
function getAttributeValue(element, name) {
  const attrs = element[ATTRS];
  for (let i = 0; i < attrs.length; i++) if (attrs[i].name === name) return attrs[i].value;
  return null;
}

/** https://dom.spec.whatwg.org/#concept-element-attributes-get-by-name */
function findAttributeByName(element, name) {
  if (element[NAMESPACE] === NS_HTML && isHTMLDocument(element[OWNER])) name = name.toLowerCase();
  const attrs = element[ATTRS];
  for (let i = 0; i < attrs.length; i++) if (attrs[i].name === name) return attrs[i];
  return null;
}

function findAttributeByNamespace(element, namespace, localName) {
  if (namespace === "" || namespace === undefined) namespace = null;
  const attrs = element[ATTRS];
  for (let i = 0; i < attrs.length; i++) {
    if (attrs[i].namespace === namespace && attrs[i].localName === localName) return attrs[i];
  }
  return null;
}

/** Sets (or adds) a no-namespace attribute by its (already lower-cased) name. */
function setAttributeValue(element, name, value) {
  const attrs = element[ATTRS];
  for (let i = 0; i < attrs.length; i++) {
    if (attrs[i].name === name) { changeAttributeRecord(element, attrs[i], value); return; }
  }
  appendAttributeRecord(element, { namespace: null, prefix: null, localName: name, name, value, node: null });
}

function changeAttributeRecord(element, record, value) {
  queueAttributeMutation(element, record.localName, record.namespace, record.value);
  logAttributeMutation(element, record.localName, record.value); // --trace (MutationLog.js)
  record.value = value;
  attributeChanged(element, record.name);
}

function appendAttributeRecord(element, record) {
  queueAttributeMutation(element, record.localName, record.namespace, null);
  logAttributeMutation(element, record.localName, null); // --trace (MutationLog.js)
  element[ATTRS].push(record);
  if (record.node) record.node[OWNER_ELEMENT] = element;
  attributeChanged(element, record.name);
}

function removeAttributeRecord(element, record) {
  queueAttributeMutation(element, record.localName, record.namespace, record.value);
  logAttributeMutation(element, record.localName, record.value); // --trace (MutationLog.js)
  const attrs = element[ATTRS];
  attrs.splice(attrs.indexOf(record), 1);
  if (record.node) record.node[OWNER_ELEMENT] = null;
  attributeChanged(element, record.name);
}

/**
 * Invalidates what depends on attributes (collections, id map, base URL); counted apart so
 * that the element index, which follows the structure only, stays (ElementIndex.js).
 */
function attributeChanged(element, name) {
  const doc = element[OWNER];
  if (doc !== null) { doc[VERSION]++; doc[DOC_STATE].attributeChanges++; }
}

/** Attribute names setAttribute accepts (WebKit still applies the XML Name production loosely). */
function validateAttributeName(name) {
  if (name === "" || /[\s"'>\/=<\0]/.test(name) || /^[0-9.\-]/.test(name)) {
    throwDOMException("InvalidCharacterError", `Invalid qualified name: '${name}'`);
  }
  return name;
}

/** https://dom.spec.whatwg.org/#validate-and-extract */
function validateAndExtract(namespace, qualifiedName) {
  let ns = namespace === "" || namespace === undefined ? null : namespace;
  if (ns !== null) ns = String(ns);
  validateAttributeName(qualifiedName);
  let prefix = null, localName = qualifiedName;
  const colon = qualifiedName.indexOf(":");
  if (colon >= 0) {
    prefix = qualifiedName.slice(0, colon);
    localName = qualifiedName.slice(colon + 1);
    if (prefix === "" || localName === "" || localName.includes(":")) throwDOMException("InvalidCharacterError", `Invalid qualified name: '${qualifiedName}'`);
  }
  if (prefix !== null && ns === null) throwDOMException("NamespaceError", "The operation is not allowed by Namespaces in XML.");
  if (prefix === "xml" && ns !== NS_XML) throwDOMException("NamespaceError", "The operation is not allowed by Namespaces in XML.");
  if ((qualifiedName === "xmlns" || prefix === "xmlns") !== (ns === NS_XMLNS)) throwDOMException("NamespaceError", "The operation is not allowed by Namespaces in XML.");
  return { ns, prefix, localName };
}

// ---- getElementsBy* (live collections, cached per root and argument like browsers) ----

function cachedCollection(root, cacheName, key, make) {
  const extras = root[EXTRAS] || (root[EXTRAS] = {});
  const cache = extras[cacheName] || (extras[cacheName] = new Map());
  let collection = cache.get(key);
  if (collection === undefined) cache.set(key, collection = make());
  return collection;
}

function elementsByTagName(root, qualifiedName) {
  return cachedCollection(root, "byTagName", qualifiedName, () => {
    if (qualifiedName === "*") return createLiveCollection(root, collectDescendantElements, () => true);
    const lower = qualifiedName.toLowerCase();
    const htmlDocument = isHTMLDocument(documentOf(root));
    const test = (el) => {
      const name = el[PREFIX] === null ? el[LOCAL_NAME] : el[PREFIX] + ":" + el[LOCAL_NAME];
      return el[NAMESPACE] === NS_HTML && htmlDocument ? name === lower : name === qualifiedName;
    };
    // Without a colon only unprefixed elements can match, all in the index's bucket of the
    // name's lower case.
    if (qualifiedName.includes(":")) return createLiveCollection(root, collectDescendantElements, test);
    const bucketKey = selectorAsciiLower(qualifiedName);
    return createLiveCollection(root, (from) => {
      const query = elementIndexQuery(from);
      if (query === null) return walkDescendantElements(from, test);
      return elementIndexFilter(query, elementIndexTagBucket(query.index, bucketKey), test);
    }, null, HTMLCollection, (from) => {
      const query = elementIndexQuery(from);
      if (query === null || query.index.parsed === null) return -1;
      return parsedTagNameCount(query, bucketKey, qualifiedName, lower, htmlDocument);
    });
  });
}

function elementsByTagNameNS(root, namespace, localName) {
  const ns = namespace === "" || namespace === undefined ? null : namespace;
  return cachedCollection(root, "byTagNameNS", ns + " " + localName, () => createLiveCollection(root, collectDescendantElements,
    (el) => (ns === "*" || el[NAMESPACE] === ns) && (localName === "*" || el[LOCAL_NAME] === localName)));
}

function elementsByClassName(root, classNames) {
  return cachedCollection(root, "byClassName", classNames, () => {
    const wanted = classNames.split(ASCII_WHITESPACE).filter((c) => c !== "");
    if (wanted.length === 0) return createLiveCollection(root, () => [], null);
    return createLiveCollection(root, collectElementsWithClasses, wanted);
  });
}

/**
 * The descendants of `root` whose class list holds every name in `wanted`, compared ASCII
 * case-insensitively in quirks mode (https://dom.spec.whatwg.org/#concept-getelementsbyclassname).
 * From the element index's class table when there is one, else by testing every element's
 * attribute text (no split per element).
 */
function collectElementsWithClasses(root, wanted) {
  const folded = documentFoldsClassCase(documentOf(root));
  const names = folded ? wanted.map(selectorAsciiLower) : wanted;
  const query = elementIndexQuery(root);
  if (query === null) return walkDescendantElements(root, (el) => elementHasClassNames(el, names, folded));
  const table = elementIndexClasses(query);
  let bucket = table.get(names[0]);
  for (let i = 1; i < names.length && bucket !== undefined; i++) {
    const other = table.get(names[i]);
    if (other === undefined || other.length < bucket.length) bucket = other;
  }
  if (names.length === 1) return elementIndexFilter(query, bucket, () => true);
  return elementIndexFilter(query, bucket, (el) => elementHasClassNames(el, names, folded));
}

function elementHasClassNames(element, names, folded) {
  let value = getAttributeValue(element, "class");
  if (value === null) return false;
  if (folded) value = selectorAsciiLower(value);
  for (let i = 0; i < names.length; i++) if (!selectorHasToken(value, names[i])) return false;
  return true;
}

// ---- Element creation ----

/** HTML local name → element class, filled by the HTML*Element files. */
const HTML_ELEMENT_CLASSES = Object.create(null);
/**
 * HTML element interfaces by class name, in the order their files register them (the window's
 * order); null for one of an interface group not loaded yet (registerLazyHTMLElements).
 */
const HTML_ELEMENT_INTERFACES = new Map();
/** HTML local name → the loader of the interface group whose class it is, until that loads. */
const LAZY_HTML_ELEMENTS = Object.create(null);
/** SVG local name → element class. */
const SVG_ELEMENT_CLASSES = Object.create(null);

/**
 * Stores every field of an element, EventTarget's and Node's first, the child links last, so
 * an element made with its links and one whose links come later end with the same shape (a
 * class whose elements are constructed, CONSTRUCTION_STEPS, gets Node's order from Node's
 * constructor, which this then stores again). One function with every store, not a helper per class: the baseline
 * compiler, which runs most of a page's code, does not inline calls, and through helpers the
 * allocation saved half as much of building a page's tree. `parent` and `prev` are the links
 * of an element the tree builder makes in place as a last child (it links the parent's side),
 * `indexPosition` its place in the element index the builder makes with the tree. An element
 * of the page's parse whose children are made on demand gets its `flatIndex` and no child
 * links: the first read of one (Element.prototype's accessors below) adds both, after the rest,
 * so it then has the shape of every other element of its class.
 */
function storeElementFields(element, doc, localName, namespace, prefix, parent = null, prev = null, indexPosition = -1, flatIndex = -1) {
  element[LISTENERS] = null;
  element[PARENT] = parent;
  element[NEXT] = null;
  element[PREV] = prev;
  element[OWNER] = doc;
  element[LOCAL_NAME] = localName;
  element[NAMESPACE] = namespace;
  element[PREFIX] = prefix;
  element[ATTRS] = [];
  element[EXTRAS] = null;
  element[INDEX_POSITION] = indexPosition;
  element[FLAT_INDEX] = flatIndex;
  // Defined, not assigned: an assignment would reach Element.prototype's accessors below.
  if (flatIndex < 0) Object.defineProperties(element, NO_CHILD_LINKS);
}

/** An element's own child links when it has no children, as an assignment would make them. */
const NO_CHILD_LINKS = {
  [FIRST]: { value: null, writable: true, enumerable: true, configurable: true },
  [LAST]: { value: null, writable: true, enumerable: true, configurable: true },
};

// An element of the page made without its child links (storeElementFields) reads them here
// until its children are made, which gives it its own. Writing one makes them too; on an
// element made without them otherwise (Node's constructor, for a class with construction
// steps) it defines the link.
for (const link of [FIRST, LAST]) {
  Object.defineProperty(Element.prototype, link, {
    get() { return expandParsedElement(this) ? this[link] : null; },
    set(value) {
      expandParsedElement(this);
      Object.defineProperty(this, link, { value, writable: true, enumerable: true, configurable: true });
    },
    configurable: true,
  });
}

/** The element interface browsers use for this local name and namespace. */
function elementClassFor(localName, namespace) {
  let ElementClass;
  if (namespace === NS_HTML) {
    ElementClass = HTML_ELEMENT_CLASSES[localName];
    if (ElementClass === undefined) {
      const loadGroup = LAZY_HTML_ELEMENTS[localName];
      if (loadGroup !== undefined) {
        loadGroup();
        ElementClass = HTML_ELEMENT_CLASSES[localName];
      } else {
        ElementClass = PLAIN_HTML_ELEMENTS.has(localName) || localName.includes("-") ? HTMLElement : HTMLUnknownElement;
      }
    }
  } else if (namespace === NS_SVG) {
    ElementClass = SVG_ELEMENT_CLASSES[localName] || SVGElement;
  } else if (namespace === NS_MATHML) {
    ElementClass = MathMLElement;
  } else {
    ElementClass = Element;
  }
  return ElementClass;
}

/**
 * Creates an element of the interface browsers use for this name and namespace. Its
 * constructors only store fields, so the element is allocated with them (storeElementFields)
 * unless its class is marked with CONSTRUCTION_STEPS (a form is a Proxy, a frame registers
 * itself).
 */
function createElementInternal(doc, localName, namespace, prefix) {
  const ElementClass = elementClassFor(localName, namespace);
  if (ElementClass[CONSTRUCTION_STEPS] === true) return new ElementClass(INTERNAL, doc, localName, namespace, prefix);
  const element = new (nodeAllocator(ElementClass))();
  storeElementFields(element, doc, localName, namespace, prefix);
  return element;
}
