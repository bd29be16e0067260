// HTMLTextAreaElement: https://html.spec.whatwg.org/#htmltextareaelement

class HTMLTextAreaElement extends HTMLElement {
  get type() { return "textarea"; }
  get value() {
    const state = this[CONTROL_STATE];
    if (state && state.value !== null) return state.value;
    return descendantTextContent(this).replace(/\r\n?/g, "\n");
  }
  set value(value) { controlState(this).value = value === null ? "" : String(value); }
  get defaultValue() { return descendantTextContent(this); }
  set defaultValue(value) { setTextContent(this, value); }
  get textLength() { return this.value.length; }
  get form() { return formOwnerOf(this); }
  get labels() { return labelsOf(this); }
  get selectionStart() { return this.value.length; }
  get selectionEnd() { return this.value.length; }
  select() {}
  setSelectionRange() {}
  checkValidity() { return true; }
  setCustomValidity() {}
}
reflectAttributes(HTMLTextAreaElement.prototype, {
  name: "string", placeholder: "string", disabled: "boolean", readOnly: ["boolean", "readonly"], required: "boolean",
  rows: ["unsigned", "rows", 2], cols: ["unsigned", "cols", 20], wrap: "string", autocomplete: "string",
  maxLength: ["long", "maxlength", -1], minLength: ["long", "minlength", -1], dirName: ["string", "dirname"],
});
registerHTMLElement(HTMLTextAreaElement, "textarea");
