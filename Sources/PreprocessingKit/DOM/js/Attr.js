// Attr: https://dom.spec.whatwg.org/#interface-attr
// Elements keep attributes as plain records in ATTRS; an Attr node is made on first request
// and cached on its record (`record.node`), so `el.attributes[0] === el.getAttributeNode(…)`.

class Attr extends Node {
  get nodeType() { return ATTRIBUTE_NODE; }
  get nodeName() { return this[ATTR_RECORD].name; }
  get name() { return this[ATTR_RECORD].name; }
  get localName() { return this[ATTR_RECORD].localName; }
  get namespaceURI() { return this[ATTR_RECORD].namespace; }
  get prefix() { return this[ATTR_RECORD].prefix; }
  get ownerElement() { return this[OWNER_ELEMENT]; }
  get specified() { return true; }
  get value() { return this[ATTR_RECORD].value; }
  set value(value) { setAttrNodeValue(this, String(value)); }
  get nodeValue() { return this[ATTR_RECORD].value; }
  set nodeValue(value) { setAttrNodeValue(this, value === null ? "" : String(value)); }
  get textContent() { return this[ATTR_RECORD].value; }
  set textContent(value) { setAttrNodeValue(this, value === null ? "" : String(value)); }
}

function setAttrNodeValue(attr, value) {
  const record = attr[ATTR_RECORD];
  const element = attr[OWNER_ELEMENT];
  if (element === null) { record.value = value; return; }
  changeAttributeRecord(element, record, value);
}

/** A new Attr over `record` (owned by no element yet). */
function createAttrNode(doc, record) {
  const attr = new Attr(INTERNAL);
  attr[ATTR_RECORD] = record;
  attr[OWNER_ELEMENT] = null;
  attr[OWNER] = doc;
  record.node = attr;
  return attr;
}

/** The Attr node for an element's attribute record, created on first use. */
function attrNodeFor(element, record) {
  let attr = record.node;
  if (attr === null || attr === undefined) {
    attr = createAttrNode(element[OWNER], record);
  }
  attr[OWNER_ELEMENT] = element;
  return attr;
}
