// XMLSerializer: https://w3c.github.io/DOM-Parsing/#the-xmlserializer-interface
// Basic: HTML elements get the XHTML namespace declaration on the outermost element, void
// elements self-close (`<br />`), text and attributes use XML escaping. No prefix fix-ups.

class XMLSerializer {
  serializeToString(root) {
    if (!(root instanceof Node)) throw new TypeError("Argument 1 ('root') to XMLSerializer.serializeToString must be an instance of Node");
    let out = "";
    let node = root;
    const open = (element) => {
      const ns = element[NAMESPACE];
      let tag = "<" + serializedTagName(element);
      // The context namespace starts as null at the node being serialised.
      const parentNs = element !== root && element[PARENT] !== null && element[PARENT].nodeType === ELEMENT_NODE ? element[PARENT][NAMESPACE] : null;
      const hasXmlns = element[ATTRS].some((r) => r.namespace === NS_XMLNS && r.localName === "xmlns");
      if (ns !== null && ns !== parentNs && !hasXmlns && element[PREFIX] === null) tag += ' xmlns="' + ns + '"';
      for (const record of element[ATTRS]) {
        tag += " " + serializedAttributeName(record) + '="' + escapeXMLAttribute(record.value) + '"';
      }
      return tag;
    };
    for (;;) {
      switch (node.nodeType) {
        case ELEMENT_NODE:
          out += open(node);
          if (node[FIRST] === null && !node[CONTENT]) {
            out += node[NAMESPACE] === NS_HTML && !isVoidElement(node) ? "></" + serializedTagName(node) + ">" : " />";
          } else {
            out += ">";
            if (node[CONTENT]) out += this.serializeToString(node[CONTENT]);
          }
          break;
        case TEXT_NODE: out += escapeXMLText(node[DATA]); break;
        case CDATA_SECTION_NODE: out += "<![CDATA[" + node[DATA] + "]]>"; break;
        case COMMENT_NODE: out += "<!--" + node[DATA] + "-->"; break;
        case PROCESSING_INSTRUCTION_NODE: out += "<?" + node.target + " " + node[DATA] + "?>"; break;
        case DOCUMENT_TYPE_NODE: {
          const ids = node[DOCTYPE_IDS];
          out += "<!DOCTYPE " + ids.name + (ids.publicId ? ' PUBLIC "' + ids.publicId + '"' : "") + (ids.systemId ? (ids.publicId ? "" : " SYSTEM") + ' "' + ids.systemId + '"' : "") + ">";
          break;
        }
      }
      if (node[FIRST] !== null && !(node.nodeType === ELEMENT_NODE && node[CONTENT])) { node = node[FIRST]; continue; }
      for (;;) {
        if (node === root) return out;
        if (node[NEXT] !== null) { node = node[NEXT]; break; }
        node = node[PARENT];
        if (node.nodeType === ELEMENT_NODE) out += "</" + serializedTagName(node) + ">";
      }
    }
  }
}

function escapeXMLText(value) {
  return value.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
}
function escapeXMLAttribute(value) {
  return value.replace(/[&<>"\t\n\r]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\t": "&#9;", "\n": "&#10;", "\r": "&#13;" })[c]);
}
