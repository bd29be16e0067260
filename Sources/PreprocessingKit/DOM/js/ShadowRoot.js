// ShadowRoot: https://dom.spec.whatwg.org/#interface-shadowroot
// Made by attachShadow() and by declarative shadow DOM (`<template shadowrootmode>` in the
// parsed page, as WebKit does). Slots are not assigned and nothing is rendered; the shadow
// tree is reachable through `host.shadowRoot` (open mode) and is not serialised by outerHTML.

class ShadowRoot extends DocumentFragment {
  get host() { return this[OWNER_ELEMENT]; }
  get mode() { return this[SOURCE].mode; }
  get delegatesFocus() { return this[SOURCE].delegatesFocus; }
  get clonable() { return this[SOURCE].clonable; }
  get serializable() { return this[SOURCE].serializable; }
  get slotAssignment() { return "named"; }
  get activeElement() { return null; }
  get innerHTML() { return serializeChildren(this); }
  set innerHTML(value) {
    replaceAllChildren(parseHTMLFragment(this[OWNER_ELEMENT], value === null ? "" : String(value)), this);
  }
}

/** Elements that may host a shadow root: https://dom.spec.whatwg.org/#dom-element-attachshadow */
const SHADOW_HOST_NAMES = new Set([
  "article", "aside", "blockquote", "body", "div", "footer", "h1", "h2", "h3", "h4", "h5", "h6",
  "header", "main", "nav", "p", "section", "span",
]);

/** Attaches a new shadow root to `host`; throws as browsers do for unsupported hosts. */
function attachShadowRoot(host, init) {
  const name = host[LOCAL_NAME];
  if (host[NAMESPACE] !== NS_HTML || !(SHADOW_HOST_NAMES.has(name) || name.includes("-"))) {
    throwDOMException("NotSupportedError", "The operation is not supported.");
  }
  const extras = elementExtras(host);
  if (extras.shadowRoot) throwDOMException("NotSupportedError", "The operation is not supported.");
  const mode = init && init.mode === "closed" ? "closed" : init && init.mode === "open" ? "open" : null;
  if (mode === null) throw new TypeError("Failed to read the 'mode' property from 'ShadowRootInit'");
  const root = new ShadowRoot();
  root[OWNER] = host[OWNER];
  root[OWNER_ELEMENT] = host;
  root[SOURCE] = {
    mode, delegatesFocus: !!init.delegatesFocus, clonable: !!init.clonable, serializable: !!init.serializable,
  };
  extras.shadowRoot = root;
  return root;
}

/** The shadow root a declarative `<template shadowrootmode>` becomes, or null if it stays a template. */
function declarativeShadowRoot(parent, template) {
  if (parent.nodeType !== ELEMENT_NODE) return null;
  const mode = (getAttributeValue(template, "shadowrootmode") || "").toLowerCase();
  if (mode !== "open" && mode !== "closed") return null;
  if (parent[EXTRAS] && parent[EXTRAS].shadowRoot) return null;
  try {
    return attachShadowRoot(parent, {
      mode, delegatesFocus: getAttributeValue(template, "shadowrootdelegatesfocus") !== null,
      clonable: getAttributeValue(template, "shadowrootclonable") !== null,
      serializable: getAttributeValue(template, "shadowrootserializable") !== null,
    });
  } catch (error) {
    return null; // an unsupported host keeps the template, as in browsers
  }
}
