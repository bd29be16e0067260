// HTMLInputElement: https://html.spec.whatwg.org/#htmlinputelement
// The value and checkedness follow the attributes until a script sets them (the dirty flags
// live in this[CONTROL_STATE]).

const INPUT_TYPES = [
  "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time",
  "datetime-local", "number", "range", "color", "checkbox", "radio", "file", "submit", "image", "reset", "button",
];

function controlState(element) {
  return element[CONTROL_STATE] || (element[CONTROL_STATE] = { value: null, checked: null, selected: null });
}

class HTMLInputElement extends HTMLElement {
  get type() {
    const type = (getAttributeValue(this, "type") || "").toLowerCase();
    return INPUT_TYPES.includes(type) ? type : "text";
  }
  set type(value) { setAttributeValue(this, "type", String(value)); }
  get value() {
    const state = this[CONTROL_STATE];
    if (state && state.value !== null) return state.value;
    const type = this.type;
    const attribute = getAttributeValue(this, "value");
    if (type === "checkbox" || type === "radio") return attribute === null ? "on" : attribute;
    if (attribute === null) return type === "range" ? "50" : type === "color" ? "#000000" : "";
    // The value sanitization algorithm: newlines go; a URL's and an e-mail address's
    // surrounding white space too (dom-cases/form-data.json, input-*-value-trimmed).
    if (type === "url" || type === "email") return attribute.replace(/[\r\n]/g, "").replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, "");
    return type === "text" || type === "search" || type === "tel" || type === "password"
      ? attribute.replace(/[\r\n]/g, "") : attribute;
  }
  set value(value) {
    const type = this.type;
    const text = value === null ? "" : String(value);
    if (type === "checkbox" || type === "radio" || type === "hidden" || type === "submit" || type === "reset" || type === "button" || type === "image") {
      setAttributeValue(this, "value", text);
    } else {
      controlState(this).value = text;
    }
  }
  get defaultValue() { return getAttributeValue(this, "value") || ""; }
  set defaultValue(value) { setAttributeValue(this, "value", String(value)); }
  get checked() {
    const state = this[CONTROL_STATE];
    if (state && state.checked !== null) return state.checked;
    return getAttributeValue(this, "checked") !== null;
  }
  set checked(value) {
    controlState(this).checked = !!value;
    if (value && this.type === "radio" && this.name !== "") {
      // Unchecking the other radio buttons of the group: https://html.spec.whatwg.org/#radio-button-group
      const root = rootOf(this);
      const form = formOwnerOf(this);
      for (const other of collectDescendantElements(root, (el) => el !== this && el[LOCAL_NAME] === "input")) {
        if (other.type === "radio" && other.name === this.name && formOwnerOf(other) === form) controlState(other).checked = false;
      }
    }
  }
  get defaultChecked() { return getAttributeValue(this, "checked") !== null; }
  set defaultChecked(value) { if (value) setAttributeValue(this, "checked", ""); else this.removeAttribute("checked"); }
  get form() { return formOwnerOf(this); }
  get files() { return this.type === "file" ? [] : null; }
  get valueAsNumber() { const n = parseFloat(this.value); return Number.isFinite(n) ? n : NaN; }
  get indeterminate() { return !!(this[CONTROL_STATE] && this[CONTROL_STATE].indeterminate); }
  set indeterminate(value) { controlState(this).indeterminate = !!value; }
  get labels() { return labelsOf(this); }
  get selectionStart() { return this.value.length; }
  get selectionEnd() { return this.value.length; }
  select() {}
  setSelectionRange() {}
  setRangeText() {}
  checkValidity() { return true; }
  reportValidity() { return true; }
  setCustomValidity() {}
}
reflectAttributes(HTMLInputElement.prototype, {
  name: "string", placeholder: "string", disabled: "boolean", readOnly: ["boolean", "readonly"], required: "boolean",
  multiple: "boolean", autocomplete: "string", min: "string", max: "string", step: "string", pattern: "string",
  size: ["unsigned", "size", 20], maxLength: ["long", "maxlength", -1], minLength: ["long", "minlength", -1],
  src: "url", alt: "string", accept: "string", dirName: ["string", "dirname"], list: "string",
  formAction: ["url", "formaction"], formMethod: ["string", "formmethod"], formTarget: ["string", "formtarget"],
  formNoValidate: ["boolean", "formnovalidate"], formEnctype: ["string", "formenctype"], width: "unsigned",
  height: "unsigned", align: "string", useMap: ["string", "usemap"],
});
registerHTMLElement(HTMLInputElement, "input");

/** The labels of a labelable element (live lists are not needed by real scripts: a static one). */
function labelsOf(control) {
  const root = rootOf(control);
  return createStaticNodeList(collectDescendantElements(root, (el) => el[LOCAL_NAME] === "label" && el.control === control));
}
