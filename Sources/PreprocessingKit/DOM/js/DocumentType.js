// DocumentType: https://dom.spec.whatwg.org/#interface-documenttype

class DocumentType extends Node {
  get nodeType() { return DOCUMENT_TYPE_NODE; }
  get nodeName() { return this[DOCTYPE_IDS].name; }
  get name() { return this[DOCTYPE_IDS].name; }
  get publicId() { return this[DOCTYPE_IDS].publicId; }
  get systemId() { return this[DOCTYPE_IDS].systemId; }
}
mixInto(DocumentType.prototype, ChildNodeMixin);

function createDocumentType(doc, name, publicId, systemId) {
  const node = new DocumentType(INTERNAL);
  node[DOCTYPE_IDS] = { name: String(name), publicId: String(publicId || ""), systemId: String(systemId || "") };
  node[OWNER] = doc;
  return node;
}
