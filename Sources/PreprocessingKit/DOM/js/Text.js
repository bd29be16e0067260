// Text: https://dom.spec.whatwg.org/#interface-text (and CDATASection)

class Text extends CharacterData {
  /** @param {string} [data] */
  constructor(data = "") {
    super(INTERNAL);
    this[DATA] = String(data);
    this[OWNER] = pageDocument;
  }
  get nodeType() { return TEXT_NODE; }
  get nodeName() { return "#text"; }
  get assignedSlot() { return null; }
  /** https://dom.spec.whatwg.org/#dom-text-wholetext */
  get wholeText() {
    let start = this;
    while (start[PREV] !== null && start[PREV].nodeType === TEXT_NODE) start = start[PREV];
    let text = "";
    for (let node = start; node !== null && node.nodeType === TEXT_NODE; node = node[NEXT]) text += node[DATA];
    return text;
  }
  /** https://dom.spec.whatwg.org/#concept-text-split */
  splitText(offset) {
    offset >>>= 0;
    const length = this[DATA].length;
    if (offset > length) throwDOMException("IndexSizeError", "The index is not in the allowed range.");
    const newNode = createTextNode(this[OWNER], this[DATA].substring(offset));
    if (this[PARENT] !== null) insertNode(newNode, this[PARENT], this[NEXT]);
    replaceData(this, offset, length - offset, "");
    return newNode;
  }
}

class CDATASection extends Text {
  get nodeType() { return CDATA_SECTION_NODE; }
  get nodeName() { return "#cdata-section"; }
}

/** A new CDATASection owned by `doc` (an XML parse makes them). */
function createCDATASectionNode(doc, data) {
  const node = new CDATASection(data);
  node[OWNER] = doc;
  return node;
}

/** A new Text node owned by `doc`. */
function createTextNode(doc, data) {
  return allocateCharacterData(nodeAllocator(Text), doc, data === undefined ? "" : String(data));
}
