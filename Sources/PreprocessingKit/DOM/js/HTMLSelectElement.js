// HTMLSelectElement: https://html.spec.whatwg.org/#htmlselectelement

/** The list of options: option children, and option children of optgroup children. */
function collectSelectOptions(select) {
  const options = [];
  for (let child = select[FIRST]; child !== null; child = child[NEXT]) {
    if (child.nodeType !== ELEMENT_NODE || child[NAMESPACE] !== NS_HTML) continue;
    if (child[LOCAL_NAME] === "option") options.push(child);
    else if (child[LOCAL_NAME] === "optgroup") {
      for (let grand = child[FIRST]; grand !== null; grand = grand[NEXT]) {
        if (grand.nodeType === ELEMENT_NODE && grand[LOCAL_NAME] === "option" && grand[NAMESPACE] === NS_HTML) options.push(grand);
      }
    }
  }
  return options;
}

/** The selectedness of an option, including the select's default (first non-disabled option). */
function optionIsSelected(option) {
  const state = option[CONTROL_STATE];
  if (state && state.selected !== null && state.selected !== undefined) return state.selected;
  if (getAttributeValue(option, "selected") !== null) return true;
  const select = selectOf(option);
  if (select === null || select.multiple || select.size > 1) return false;
  // A single select with nothing explicitly selected selects its first non-disabled option.
  const options = collectSelectOptions(select);
  for (const other of options) {
    const otherState = other[CONTROL_STATE];
    if ((otherState && otherState.selected) || (getAttributeValue(other, "selected") !== null && !(otherState && otherState.selected === false))) return false;
  }
  const first = options.find((o) => getAttributeValue(o, "disabled") === null);
  return first === option;
}

function selectOf(option) {
  let parent = option[PARENT];
  if (parent !== null && parent.nodeType === ELEMENT_NODE && parent[LOCAL_NAME] === "optgroup") parent = parent[PARENT];
  return parent !== null && parent.nodeType === ELEMENT_NODE && parent[LOCAL_NAME] === "select" ? parent : null;
}

class HTMLSelectElement extends HTMLElement {
  get options() {
    const extras = elementExtras(this);
    return extras.options || (extras.options = createLiveList(HTMLOptionsCollection, this, collectSelectOptions, null, true));
  }
  get length() { return collectSelectOptions(this).length; }
  get type() { return this.multiple ? "select-multiple" : "select-one"; }
  get selectedOptions() { return createStaticNodeList(collectSelectOptions(this).filter(optionIsSelected)); }
  get selectedIndex() { return collectSelectOptions(this).findIndex(optionIsSelected); }
  set selectedIndex(value) {
    const options = collectSelectOptions(this);
    options.forEach((option, index) => { controlState(option).selected = index === value; });
  }
  get value() {
    const selected = collectSelectOptions(this).find(optionIsSelected);
    return selected === undefined ? "" : selected.value;
  }
  set value(value) {
    const text = String(value);
    let found = false;
    for (const option of collectSelectOptions(this)) {
      const match = !found && option.value === text;
      if (match) found = true;
      controlState(option).selected = match;
    }
  }
  get form() { return formOwnerOf(this); }
  get labels() { return labelsOf(this); }
  item(index) { return this.options.item(index); }
  namedItem(name) { return this.options.namedItem(name); }
  add(element, before) { this.options.add(element, before); }
  remove(index) {
    if (arguments.length === 0) { ChildNodeMixin.remove.call(this); return; }
    this.options.remove(index);
  }
  checkValidity() { return true; }
  setCustomValidity() {}
  [Symbol.iterator]() { return collectSelectOptions(this).values(); }
}
reflectAttributes(HTMLSelectElement.prototype, {
  name: "string", disabled: "boolean", required: "boolean", multiple: "boolean", size: "unsigned", autocomplete: "string",
});
registerHTMLElement(HTMLSelectElement, "select");
