// DOMImplementation: https://dom.spec.whatwg.org/#interface-domimplementation

class DOMImplementation {
  constructor(token) {
    if (token !== INTERNAL) throw new TypeError("Illegal constructor");
    this[OWNER] = null;
  }
  createDocumentType(qualifiedName, publicId, systemId) {
    if (String(qualifiedName) === "" || /[\s>]/.test(String(qualifiedName))) throwDOMException("InvalidCharacterError", "The string contains invalid characters.");
    return createDocumentType(this[OWNER], String(qualifiedName), String(publicId), String(systemId));
  }
  /** https://dom.spec.whatwg.org/#dom-domimplementation-createdocument */
  createDocument(namespace, qualifiedName, doctype = null) {
    const doc = new XMLDocument(INTERNAL);
    const state = doc[DOC_STATE];
    state.isHTML = false;
    state.url = this[OWNER][DOC_STATE].url;
    state.contentType = namespace === NS_HTML ? "application/xhtml+xml" : namespace === NS_SVG ? "image/svg+xml" : "application/xml";
    if (doctype !== null) doc.appendChild(doctype);
    if (qualifiedName !== null && qualifiedName !== undefined && String(qualifiedName) !== "") doc.appendChild(doc.createElementNS(namespace, qualifiedName));
    return doc;
  }
  /** https://dom.spec.whatwg.org/#dom-domimplementation-createhtmldocument */
  createHTMLDocument(title) {
    const doc = createHTMLDocument({ url: this[OWNER][DOC_STATE].url }, null);
    linkChild(doc, createDocumentType(doc, "html", "", ""), null);
    const html = createElementInternal(doc, "html", NS_HTML, null);
    linkChild(doc, html, null);
    const head = createElementInternal(doc, "head", NS_HTML, null);
    linkChild(html, head, null);
    if (title !== undefined) {
      const titleElement = createElementInternal(doc, "title", NS_HTML, null);
      linkChild(head, titleElement, null);
      linkChild(titleElement, createTextNode(doc, String(title)), null);
    }
    linkChild(html, createElementInternal(doc, "body", NS_HTML, null), null);
    doc[VERSION]++;
    return doc;
  }
  hasFeature() { return true; }
}

function createDOMImplementation(doc) {
  const implementation = new DOMImplementation(INTERNAL);
  implementation[OWNER] = doc;
  return implementation;
}
