// HTMLFormElement: https://html.spec.whatwg.org/#htmlformelement
// Submitting is recorded as a navigation; nothing is sent. A form element is a Proxy: its
// listed elements are its indexed and named properties (see FORM_TRAPS).

/** Elements a form's `elements` lists: https://html.spec.whatwg.org/#category-listed */
function isListedElement(element) {
  if (element[NAMESPACE] !== NS_HTML) return false;
  switch (element[LOCAL_NAME]) {
    case "button": case "fieldset": case "object": case "output": case "select": case "textarea": return true;
    case "input": return (getAttributeValue(element, "type") || "").toLowerCase() !== "image";
  }
  return false;
}

/** https://html.spec.whatwg.org/#form-owner */
function formOwnerOf(element) {
  const formId = getAttributeValue(element, "form");
  if (formId !== null) {
    const doc = documentOf(element);
    const form = element.isConnected ? doc.getElementById(formId) : null;
    return form !== null && form[LOCAL_NAME] === "form" && form[NAMESPACE] === NS_HTML ? form : null;
  }
  for (let node = element[PARENT]; node !== null; node = node[PARENT]) {
    if (node.nodeType === ELEMENT_NODE && node[LOCAL_NAME] === "form" && node[NAMESPACE] === NS_HTML) return node;
  }
  return null;
}

function collectFormControls(form) {
  const root = rootOf(form);
  return collectDescendantElements(root, (el) => isListedElement(el) && formOwnerOf(el) === form);
}

/** The live `form.elements` collection (made on first use). */
function formElementsOf(form) {
  const extras = elementExtras(form);
  return extras.elements || (extras.elements = createLiveList(HTMLFormControlsCollection, form, collectFormControls, null, true));
}

/** The form's listed elements (`form.elements`' current items; the array must not be changed). */
function formControlsOf(form) { return collectionItems(formElementsOf(form)); }

/** https://html.spec.whatwg.org/#dom-form-action */
function formActionOf(form) {
  const action = getAttributeValue(form, "action");
  if (action === null || action === "") return documentOf(form).URL;
  const resolved = resolveDocumentURL(documentOf(form), action);
  return resolved === null ? action : resolved;
}

function formElementHasName(element, name) {
  return getAttributeValue(element, "id") === name || getAttributeValue(element, "name") === name;
}

/** The listed elements of `form` whose id or name is `name` (a live RadioNodeList's items). */
function collectNamedFormControls(form, name) {
  return formControlsOf(form).filter((element) => formElementHasName(element, name));
}

/**
 * The form's named property `name` (https://html.spec.whatwg.org/#dom-form-nameditem): the one
 * listed element with that id or name, a RadioNodeList when several, else an `img` of the form
 * with it, else the element last returned for `name` if still in the form; undefined when
 * none. Names and elements are read once per document version.
 */
function formNamedItem(form, name) {
  if (name === "") return undefined;
  const extras = elementExtras(form);
  const version = documentOf(form)[VERSION];
  let names = extras.formNames;
  if (names === undefined || names.version !== version) {
    formNamesBuilding++;
    try { names = extras.formNames = formNamesOf(form, version); } finally { formNamesBuilding--; }
  }
  const list = names.map.get(name);
  if (list === undefined) {
    // The past names map: an element once returned for `name` still is while in the form.
    const past = extras.formPastNames === undefined ? undefined : extras.formPastNames.get(name);
    if (past === undefined) return undefined;
    if (formOwnerOf(past) === form) return past;
    extras.formPastNames.delete(name);
    return undefined;
  }
  if (list.length === 1) {
    (extras.formPastNames || (extras.formPastNames = new Map())).set(name, list[0]);
    return list[0];
  }
  // The same RadioNodeList object each time (it is live).
  const lists = extras.radioNodeLists || (extras.radioNodeLists = new Map());
  let radioList = lists.get(name);
  if (radioList === undefined) lists.set(name, radioList = createLiveList(RadioNodeList, form, collectNamedFormControls, name, false));
  return radioList;
}

/** While a form's names are collected, its own members are read without named properties. */
let formNamesBuilding = 0;

/** The names of a form's controls (then of its images): {version, map: name → elements}. */
function formNamesOf(form, version) {
  const names = { version, map: new Map() };
  const add = (element, key) => {
    if (key === null || key === "") return;
    const list = names.map.get(key);
    if (list === undefined) names.map.set(key, [element]);
    else if (list[list.length - 1] !== element) list.push(element);
  };
  for (const element of formControlsOf(form)) {
    add(element, getAttributeValue(element, "id"));
    add(element, getAttributeValue(element, "name"));
  }
  // Images are named properties only for names no listed element has.
  const images = new Map();
  for (let node = form[FIRST]; node !== null; node = nextInTree(node, form)) {
    if (node.nodeType !== ELEMENT_NODE || node[LOCAL_NAME] !== "img" || node[NAMESPACE] !== NS_HTML) continue;
    for (const key of [getAttributeValue(node, "id"), getAttributeValue(node, "name")]) {
      if (key !== null && key !== "" && !names.map.has(key) && !images.has(key)) images.set(key, node);
    }
  }
  for (const [key, image] of images) names.map.set(key, [image]);
  return names;
}

/** https://html.spec.whatwg.org/#radionodelist */
class RadioNodeList extends NodeList {
  get value() {
    for (const element of collectionItems(this)) {
      if (element[LOCAL_NAME] === "input" && (getAttributeValue(element, "type") || "").toLowerCase() === "radio" && element.checked) {
        return element.value;
      }
    }
    return "";
  }
  set value(value) {
    value = String(value);
    for (const element of collectionItems(this)) {
      if (element[LOCAL_NAME] === "input" && (getAttributeValue(element, "type") || "").toLowerCase() === "radio" && element.value === value) {
        element.checked = true;
        return;
      }
    }
  }
}
defineStringTag(RadioNodeList, "RadioNodeList");

/** Each form element's proxy, by the object it wraps. */
const formProxies = new WeakMap();

/**
 * HTMLFormElement is a legacy platform object with [LegacyOverrideBuiltIns]: indices are its
 * listed elements, and the names of its controls shadow its own members (a control named
 * `action` is `form.action`); only expandos win over them. Named properties are read-only and
 * not enumerable; assigning to one that has no accessor is ignored (a TypeError in strict code).
 */
const FORM_TRAPS = {
  // The traps receive the unwrapped form; the tree holds (and compares) its proxy.
  get(target, key, receiver) {
    const form = formProxies.get(target);
    if (typeof key === "string") {
      const index = arrayIndexOfKey(key);
      if (index >= 0) return formControlsOf(form)[index];
      // Every tree walk reads `nodeType`; a control of that name does not shadow it here.
      if (key !== "nodeType" && formNamesBuilding === 0 && !Object.prototype.hasOwnProperty.call(target, key)) {
        const named = formNamedItem(form, key);
        if (named !== undefined) return named;
      }
    }
    return Reflect.get(target, key, receiver);
  },
  set(target, key, value, receiver) {
    if (typeof key === "string") {
      if (arrayIndexOfKey(key) >= 0) return false;
      if (!(key in target) && formNamedItem(formProxies.get(target), key) !== undefined) return false;
    }
    return Reflect.set(target, key, value, receiver);
  },
  has(target, key) {
    if (typeof key === "string") {
      const form = formProxies.get(target);
      const index = arrayIndexOfKey(key);
      if (index >= 0) return index < formControlsOf(form).length;
      if (formNamedItem(form, key) !== undefined) return true;
    }
    return Reflect.has(target, key);
  },
  ownKeys(target) {
    const keys = [];
    const length = formControlsOf(formProxies.get(target)).length;
    for (let i = 0; i < length; i++) keys.push(String(i));
    return keys.concat(Reflect.ownKeys(target));
  },
  getOwnPropertyDescriptor(target, key) {
    if (typeof key === "string") {
      const form = formProxies.get(target);
      const index = arrayIndexOfKey(key);
      if (index >= 0) {
        const controls = formControlsOf(form);
        return index < controls.length ? { value: controls[index], writable: false, enumerable: true, configurable: true } : undefined;
      }
      if (!Object.prototype.hasOwnProperty.call(target, key)) {
        const named = formNamedItem(form, key);
        if (named !== undefined) return { value: named, writable: false, enumerable: false, configurable: true };
      }
    }
    return Reflect.getOwnPropertyDescriptor(target, key);
  },
};

class HTMLFormElement extends HTMLElement {
  constructor(token, doc, localName, namespace, prefix) {
    super(token, doc, localName, namespace, prefix);
    const form = new Proxy(this, FORM_TRAPS);
    formProxies.set(this, form);
    return form;
  }
  static [CONSTRUCTION_STEPS] = true;
  get elements() { return formElementsOf(this); }
  get length() { return formControlsOf(this).length; }
  get action() { return formActionOf(this); }
  set action(value) { setAttributeValue(this, "action", String(value)); }
  submit() { recordEvent({ kind: "navigation", method: "form.submit", url: formActionOf(this) }); }
  requestSubmit() {
    // Through the prototypes: a control named `submit` or `dispatchEvent` shadows the members.
    if (EventTarget.prototype.dispatchEvent.call(this, new Event("submit", { bubbles: true, cancelable: true }))) HTMLFormElement.prototype.submit.call(this);
  }
  reset() {
    if (!EventTarget.prototype.dispatchEvent.call(this, new Event("reset", { bubbles: true, cancelable: true }))) return;
    for (const control of collectFormControls(this)) control[CONTROL_STATE] = undefined;
  }
  checkValidity() { return true; }
  reportValidity() { return true; }
  [Symbol.iterator]() { return formControlsOf(this).slice().values(); }
}
reflectAttributes(HTMLFormElement.prototype, {
  method: ["enum", "method", "get", ["get", "post", "dialog"]], target: "string", name: "string",
  enctype: ["enum", "enctype", "application/x-www-form-urlencoded", ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"]],
  encoding: ["enum", "enctype", "application/x-www-form-urlencoded", ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"]],
  acceptCharset: ["string", "accept-charset"], noValidate: ["boolean", "novalidate"], autocomplete: ["enum", "autocomplete", "on", ["on", "off"]],
  rel: "string",
});
registerHTMLElement(HTMLFormElement, "form");
