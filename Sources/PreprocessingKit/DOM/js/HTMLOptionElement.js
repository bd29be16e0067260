// HTMLOptionElement: https://html.spec.whatwg.org/#htmloptionelement

class HTMLOptionElement extends HTMLElement {
  get value() {
    const value = getAttributeValue(this, "value");
    return value === null ? this.text : value;
  }
  set value(value) { setAttributeValue(this, "value", String(value)); }
  /** The text with ASCII whitespace stripped and collapsed (script descendants skipped). */
  get text() {
    let text = "";
    for (let node = this[FIRST]; node !== null;) {
      if (node.nodeType === ELEMENT_NODE && (node[LOCAL_NAME] === "script")) { node = nextSkippingChildren(node, this); continue; }
      if (node.nodeType === TEXT_NODE) text += node[DATA];
      node = nextInTree(node, this);
    }
    return text.replace(/[\t\n\f\r ]+/g, " ").replace(/^ | $/g, "");
  }
  set text(value) { setTextContent(this, value); }
  get label() { const label = getAttributeValue(this, "label"); return label === null ? this.text : label; }
  set label(value) { setAttributeValue(this, "label", String(value)); }
  get selected() { return optionIsSelected(this); }
  set selected(value) {
    const select = selectOf(this);
    if (value && select !== null && !select.multiple) {
      for (const option of collectSelectOptions(select)) controlState(option).selected = false;
    }
    controlState(this).selected = !!value;
  }
  get index() {
    const select = selectOf(this);
    return select === null ? 0 : collectSelectOptions(select).indexOf(this);
  }
  get form() { const select = selectOf(this); return select === null ? null : formOwnerOf(select); }
}
reflectAttributes(HTMLOptionElement.prototype, { disabled: "boolean", defaultSelected: ["boolean", "selected"] });
registerHTMLElement(HTMLOptionElement, "option");

class HTMLOptGroupElement extends HTMLElement {}
reflectAttributes(HTMLOptGroupElement.prototype, { disabled: "boolean", label: "string" });
registerHTMLElement(HTMLOptGroupElement, "optgroup");

class HTMLDataListElement extends HTMLElement {
  get options() { return createLiveCollection(this, collectDescendantElements, (el) => el[LOCAL_NAME] === "option"); }
}
registerHTMLElement(HTMLDataListElement, "datalist");

/** `new Option(text, value, defaultSelected, selected)`: https://html.spec.whatwg.org/#dom-option */
function Option(text = "", value, defaultSelected = false, selected = false) {
  if (!new.target) throw new TypeError("Constructor requires 'new'");
  const doc = currentPageDocument();
  const option = createElementInternal(doc, "option", NS_HTML, null);
  if (text !== "") linkChild(option, createTextNode(doc, String(text)), null);
  if (value !== undefined) setAttributeValue(option, "value", String(value));
  if (defaultSelected) setAttributeValue(option, "selected", "");
  if (selected) controlState(option).selected = true;
  return option;
}
Option.prototype = HTMLOptionElement.prototype;
