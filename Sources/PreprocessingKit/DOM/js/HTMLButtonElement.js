// HTMLButtonElement: https://html.spec.whatwg.org/#htmlbuttonelement

class HTMLButtonElement extends HTMLElement {
  get form() { return formOwnerOf(this); }
  get labels() { return labelsOf(this); }
  checkValidity() { return true; }
  setCustomValidity() {}
}
reflectAttributes(HTMLButtonElement.prototype, {
  type: ["enum", "type", "submit", ["submit", "reset", "button"]], name: "string", value: "string", disabled: "boolean",
  formAction: ["url", "formaction"], formMethod: ["string", "formmethod"], formTarget: ["string", "formtarget"],
  formNoValidate: ["boolean", "formnovalidate"], formEnctype: ["string", "formenctype"],
});
registerHTMLElement(HTMLButtonElement, "button");
