// HTMLFormElement: https://html.spec.whatwg.org/#htmlformelement
// Submitting is recorded as a navigation; nothing is sent.

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

class HTMLFormElement extends HTMLElement {
  get elements() {
    const extras = elementExtras(this);
    return extras.elements || (extras.elements = createLiveList(HTMLFormControlsCollection, this, collectFormControls, null, true));
  }
  get length() { return this.elements.length; }
  get action() {
    const action = getAttributeValue(this, "action");
    if (action === null || action === "") return documentOf(this).URL;
    const resolved = resolveDocumentURL(documentOf(this), action);
    return resolved === null ? action : resolved;
  }
  set action(value) { setAttributeValue(this, "action", String(value)); }
  submit() { recordEvent({ kind: "navigation", method: "form.submit", url: this.action }); }
  requestSubmit() {
    if (this.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }))) this.submit();
  }
  reset() {
    if (!this.dispatchEvent(new Event("reset", { bubbles: true, cancelable: true }))) return;
    for (const control of collectFormControls(this)) control[CONTROL_STATE] = undefined;
  }
  checkValidity() { return true; }
  reportValidity() { return true; }
  item(index) { return this.elements.item(index); }
  namedItem(name) { return this.elements.namedItem(name); }
  [Symbol.iterator]() { return this.elements[Symbol.iterator](); }
}
reflectAttributes(HTMLFormElement.prototype, {
  method: ["enum", "method", "get", ["get", "post", "dialog"]], target: "string", name: "string",
  enctype: ["enum", "enctype", "application/x-www-form-urlencoded", ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"]],
  encoding: ["enum", "enctype", "application/x-www-form-urlencoded", ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"]],
  acceptCharset: ["string", "accept-charset"], noValidate: ["boolean", "novalidate"], autocomplete: ["enum", "autocomplete", "on", ["on", "off"]],
  rel: "string",
});
registerHTMLElement(HTMLFormElement, "form");
