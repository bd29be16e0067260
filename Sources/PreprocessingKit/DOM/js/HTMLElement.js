// HTMLElement and HTMLUnknownElement: https://html.spec.whatwg.org/#htmlelement
// Also the attribute reflection helper the HTML*Element interfaces use
// (https://html.spec.whatwg.org/#reflecting-content-attributes-in-idl-attributes).

class HTMLElement extends Element {
  get innerText() { return modelAnswer("HTMLElement.innerText", descendantTextContent, innerTextOf, this); }
  /** Replaces the children with text, turning line breaks into <br>: https://html.spec.whatwg.org/#dom-innertext */
  set innerText(value) { replaceAllChildren(textWithLineBreaks(this, value), this); }
  get outerText() { return modelAnswer("HTMLElement.outerText", descendantTextContent, innerTextOf, this); }
  set outerText(value) {
    if (this[PARENT] === null) throwDOMException("NoModificationAllowedError", "The element has no parent.");
    const fragment = textWithLineBreaks(this, value);
    if (fragment[FIRST] === null) fragment.appendChild(createTextNode(documentOf(this), ""));
    replaceChildNode(this, fragment, this[PARENT]);
  }
  get style() {
    const extras = elementExtras(this);
    return extras.style || (extras.style = createInlineStyle(this));
  }
  set style(value) { this.style.cssText = value; }
  get dataset() {
    const extras = elementExtras(this);
    return extras.dataset || (extras.dataset = createDataset(this));
  }
  get isContentEditable() {
    for (let el = this; el !== null && el.nodeType === ELEMENT_NODE; el = el[PARENT]) {
      const value = getAttributeValue(el, "contenteditable");
      if (value !== null) return value.toLowerCase() !== "false";
    }
    return false;
  }
  get contentEditable() {
    const value = getAttributeValue(this, "contenteditable");
    if (value === null) return "inherit";
    const lower = value.toLowerCase();
    return lower === "" || lower === "true" ? "true" : lower === "false" ? "false" : lower === "plaintext-only" ? "plaintext-only" : "inherit";
  }
  set contentEditable(value) {
    const lower = String(value).toLowerCase();
    if (lower === "inherit") this.removeAttribute("contenteditable");
    else if (lower === "true" || lower === "false" || lower === "plaintext-only") setAttributeValue(this, "contenteditable", lower);
    else throwDOMException("SyntaxError", "The value provided is not one of 'true', 'false', 'plaintext-only', or 'inherit'.");
  }
  get tabIndex() {
    const value = parseHTMLInteger(getAttributeValue(this, "tabindex"));
    if (value !== null) return value;
    return /^(a|area|button|input|select|textarea|iframe|summary)$/.test(this[LOCAL_NAME]) ? 0 : -1;
  }
  set tabIndex(value) { setAttributeValue(this, "tabindex", String(value | 0)); }
  // Offsets from the lazy box model (layout.js).
  get offsetWidth() { return modelAnswer("HTMLElement.offsetWidth", 0, layoutOffsetSize, this, false); }
  get offsetHeight() { return modelAnswer("HTMLElement.offsetHeight", 0, layoutOffsetSize, this, true); }
  get offsetTop() { return modelAnswer("HTMLElement.offsetTop", 0, layoutOffsetPosition, this, true); }
  get offsetLeft() { return modelAnswer("HTMLElement.offsetLeft", 0, layoutOffsetPosition, this, false); }
  get offsetParent() { return modelAnswer("HTMLElement.offsetParent", null, layoutOffsetParent, this); }
  click() {
    if (this.disabled === true) return;
    const event = new MouseEvent("click", { bubbles: true, cancelable: true, composed: true, view: pageWindowOf(this) });
    const notCanceled = this.dispatchEvent(event);
    if (notCanceled) runActivationBehavior(this);
  }
  focus() {
    const doc = this[OWNER];
    if (doc !== null && this.isConnected) doc[DOC_STATE].activeElement = this;
  }
  blur() {
    const doc = this[OWNER];
    if (doc !== null && doc[DOC_STATE].activeElement === this) doc[DOC_STATE].activeElement = null;
  }
}
defineEventHandlerProperties(HTMLElement.prototype, EVENT_HANDLER_NAMES);

class HTMLUnknownElement extends HTMLElement {}

/** The window of the page an element belongs to, or null. */
function pageWindowOf(node) {
  const doc = documentOf(node);
  return doc === null ? null : doc[DOC_STATE].defaultView;
}

/** What a click does after dispatch: follow links, toggle checkboxes, submit forms (recorded). */
function runActivationBehavior(element) {
  const name = element[LOCAL_NAME];
  if ((name === "a" || name === "area") && getAttributeValue(element, "href") !== null) {
    const url = element.href;
    const fragment = url.indexOf("#");
    const current = documentOf(element).URL;
    if (fragment >= 0 && url.slice(0, fragment) === current.split("#")[0]) {
      documentOf(element)[DOC_STATE].url = url; // same-document fragment navigation
    } else {
      recordEvent({ kind: "navigation", method: "link", url });
    }
  } else if (name === "input") {
    const type = element.type;
    if (type === "checkbox") element.checked = !element.checked;
    else if (type === "radio") element.checked = true;
    else if (type === "submit" && element.form) recordEvent({ kind: "navigation", method: "form.submit", url: element.form.action });
  } else if (name === "button" && element.type === "submit" && element.form) {
    recordEvent({ kind: "navigation", method: "form.submit", url: element.form.action });
  }
}

/** Builds the fragment innerText/outerText setters insert. */
function textWithLineBreaks(element, value) {
  const doc = documentOf(element);
  const fragment = createDocumentFragment(doc);
  const text = value === null || value === undefined ? "" : String(value);
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    if (i > 0) linkChild(fragment, createElementInternal(doc, "br", NS_HTML, null), null);
    if (lines[i] !== "") linkChild(fragment, createTextNode(doc, lines[i]), null);
  }
  return fragment;
}

/** https://html.spec.whatwg.org/#rules-for-parsing-integers, null when unparsable. */
function parseHTMLInteger(value) {
  if (value === null) return null;
  const match = /^[\t\n\f\r ]*([+-]?[0-9]+)/.exec(value);
  if (!match) return null;
  const number = parseInt(match[1], 10);
  return number >= -2147483648 && number <= 2147483647 ? number : null;
}

/**
 * Resolves a URL against the document's base URL; null when it does not parse. (Not named
 * resolveURL: URL.js declares that, and in the one bundle scope the later declaration wins.)
 */
function resolveDocumentURL(doc, value) {
  return resolveURL(String(value), documentBaseURL(doc));
}

/**
 * Defines reflecting properties on a prototype. `table` maps a property name to a type, or to
 * `[type, attributeName, defaultValue]`. Types: "string", "boolean", "url", "long", "unsigned",
 * "enum" (lower-cased, `defaultValue` for missing/invalid; the allowed values as a 4th item).
 */
function reflectAttributes(prototype, table) {
  for (const property in table) {
    const entry = table[property];
    const listed = typeof entry !== "string";
    const type = listed ? entry[0] : entry;
    const attribute = (listed && entry[1]) || property.toLowerCase();
    const fallback = listed ? entry[2] : undefined;
    const allowed = listed ? entry[3] : undefined;
    // Each descriptor is written whole, its flags in the literal: adding them afterwards (or
    // copying the accessors into one more literal) measured slower in code every realm runs.
    let descriptor;
    switch (type) {
      case "string":
        descriptor = {
          enumerable: true, configurable: true,
          get() { const v = getAttributeValue(this, attribute); return v === null ? (fallback === undefined ? "" : fallback) : v; },
          set(value) { setAttributeValue(this, attribute, String(value)); },
        };
        break;
      case "boolean":
        descriptor = {
          enumerable: true, configurable: true,
          get() { return getAttributeValue(this, attribute) !== null; },
          set(value) {
            if (value) { if (getAttributeValue(this, attribute) === null) setAttributeValue(this, attribute, ""); }
            else this.removeAttribute(attribute);
          },
        };
        break;
      case "url":
        descriptor = {
          enumerable: true, configurable: true,
          get() {
            const v = getAttributeValue(this, attribute);
            if (v === null) return "";
            const resolved = resolveDocumentURL(documentOf(this), v.trim());
            return resolved === null ? v : resolved;
          },
          set(value) { setAttributeValue(this, attribute, String(value)); },
        };
        break;
      case "long":
      case "unsigned":
        descriptor = {
          enumerable: true, configurable: true,
          get() {
            const v = parseHTMLInteger(getAttributeValue(this, attribute));
            const defaultValue = fallback === undefined ? 0 : fallback;
            return v === null || (type === "unsigned" && v < 0) ? defaultValue : v;
          },
          set(value) {
            const number = Number(value) | 0;
            if (type === "unsigned" && number < 0) throwDOMException("IndexSizeError", "The index is not in the allowed range.");
            setAttributeValue(this, attribute, String(number));
          },
        };
        break;
      case "enum":
        descriptor = {
          enumerable: true, configurable: true,
          get() {
            const v = getAttributeValue(this, attribute);
            if (v === null) return fallback;
            const lower = v.toLowerCase();
            return allowed === undefined || allowed.includes(lower) ? lower : fallback;
          },
          set(value) { setAttributeValue(this, attribute, String(value)); },
        };
        break;
      default:
        throw new Error("unknown reflection type " + type);
    }
    Object.defineProperty(prototype, property, descriptor);
  }
}

reflectAttributes(HTMLElement.prototype, {
  title: "string", lang: "string", translate: ["enum", "translate", true],
  dir: ["enum", "dir", "", ["ltr", "rtl", "auto"]], hidden: "boolean", accessKey: ["string", "accesskey"],
  autofocus: "boolean", inert: "boolean", nonce: "string", draggable: ["enum", "draggable", false],
  spellcheck: ["enum", "spellcheck", true], autocapitalize: "string", enterKeyHint: ["string", "enterkeyhint"],
  inputMode: ["string", "inputmode"], popover: "string",
});
// translate/draggable/spellcheck are booleans in IDL backed by enumerated attributes.
Object.defineProperty(HTMLElement.prototype, "translate", {
  get() { return (getAttributeValue(this, "translate") || "").toLowerCase() !== "no"; },
  set(value) { setAttributeValue(this, "translate", value ? "yes" : "no"); }, enumerable: true, configurable: true,
});
Object.defineProperty(HTMLElement.prototype, "draggable", {
  get() {
    const v = (getAttributeValue(this, "draggable") || "").toLowerCase();
    if (v === "true") return true;
    if (v === "false") return false;
    return this[LOCAL_NAME] === "img" || ((this[LOCAL_NAME] === "a") && getAttributeValue(this, "href") !== null);
  },
  set(value) { setAttributeValue(this, "draggable", value ? "true" : "false"); }, enumerable: true, configurable: true,
});
Object.defineProperty(HTMLElement.prototype, "spellcheck", {
  get() { return (getAttributeValue(this, "spellcheck") || "").toLowerCase() !== "false"; },
  set(value) { setAttributeValue(this, "spellcheck", value ? "true" : "false"); }, enumerable: true, configurable: true,
});

/** Registers an HTML element class for local names. */
function registerHTMLElement(ElementClass, ...localNames) {
  for (const name of localNames) HTML_ELEMENT_CLASSES[name] = ElementClass;
  HTML_ELEMENT_INTERFACES.set(ElementClass.name, ElementClass);
}

/**
 * Stands, in the core, for an interface group's `registerHTMLElement` statements (the bundle
 * assembler writes the call where the group stands): each `[className, localName…]` of
 * `entries` takes its place among the window's interfaces, and the first element of one of
 * its local names loads the group, whose own statements then register the class.
 */
function registerLazyHTMLElements(loadGroup, entries) {
  for (const [className, ...localNames] of entries) {
    if (!HTML_ELEMENT_INTERFACES.has(className)) HTML_ELEMENT_INTERFACES.set(className, null);
    for (const name of localNames) LAZY_HTML_ELEMENTS[name] = loadGroup;
  }
}
