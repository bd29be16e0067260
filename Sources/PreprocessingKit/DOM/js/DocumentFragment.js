// DocumentFragment: https://dom.spec.whatwg.org/#interface-documentfragment

class DocumentFragment extends Node {
  constructor() {
    super(INTERNAL);
    this[OWNER] = pageDocument;
    this[EXTRAS] = null;
  }
  get nodeType() { return DOCUMENT_FRAGMENT_NODE; }
  get nodeName() { return "#document-fragment"; }
  get textContent() { return descendantTextContent(this); }
  set textContent(value) { setTextContent(this, value); }
  getElementById(id) {
    id = String(id);
    for (let node = this[FIRST]; node !== null; node = nextInTree(node, this)) {
      if (node.nodeType === ELEMENT_NODE && getAttributeValue(node, "id") === id) return node;
    }
    return null;
  }
}
mixInto(DocumentFragment.prototype, ParentNodeMixin);

function createDocumentFragment(doc) {
  const fragment = new DocumentFragment();
  fragment[OWNER] = doc;
  return fragment;
}

/** textContent setter for elements and fragments: https://dom.spec.whatwg.org/#string-replace-all */
function setTextContent(parent, value) {
  const text = value === null || value === undefined ? "" : String(value);
  replaceAllChildren(text === "" ? null : createTextNode(documentOf(parent), text), parent);
}
