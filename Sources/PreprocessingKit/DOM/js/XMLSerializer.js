// XMLSerializer: https://w3c.github.io/DOM-Parsing/#the-xmlserializer-interface
// WebKit's variant of the XML serialisation (MarkupAccumulator with SerializationSyntax::XML):
// one namespace map per element, inherited by its children, holding both prefix → URI and
// URI → prefix entries (the empty prefix is the default namespace). An element declares its
// namespace only when that is not already in force; its own `xmlns` / `xmlns:p` attributes
// enter the map in attribute order and are written where they stand; an attribute whose prefix
// is unbound gets `xmlns:p` just before it; a prefix bound to another URI gets a generated
// `nsN` (numbered per serialisation). Empty elements self-close (`/>`; HTML void elements keep
// `" />"`), and a template's content is written in place.

class XMLSerializer {
  serializeToString(root) {
    if (!(root instanceof Node)) throw new TypeError("Argument 1 ('root') to XMLSerializer.serializeToString must be an instance of Node");
    return serializeXML(root);
  }
}

/** The state of one XML serialisation: the map in force and the generated-prefix counter. */
class XMLSerialization {
  constructor() {
    // The `xml` prefix is always bound (https://www.w3.org/TR/xml-names11/#xmlReserved).
    this.scope = new Map([["xml", NS_XML], [NS_XML, "xml"]]);
    this.ownsScope = false; // whether `scope` is the current element's own copy
    this.prefixLevel = 0;
    this.name = ""; // the qualified name of the last start tag's element (for its end tag)
  }
  /** Enters `key → value` in the current element's map (copied from its parent's on first write). */
  set(key, value) {
    if (!this.ownsScope) { this.scope = new Map(this.scope); this.ownsScope = true; }
    this.scope.set(key, value);
  }
  /** WebKit's appendNamespace: declares `prefix` → `uri` unless that is already in force. */
  declare(prefix, uri, allowEmptyDefault) {
    if (!uri) {
      // An element in no namespace under a default namespace undeclares it (the map keeps it).
      return allowEmptyDefault && this.scope.has("") ? ' xmlns=""' : "";
    }
    const key = prefix || "";
    if (this.scope.get(key) === uri) return "";
    this.set(key, uri);
    if (prefix) this.set(uri, prefix);
    if (uri === NS_XML) return "";
    return " xmlns" + (prefix ? ":" + prefix : "") + '="' + escapeXMLAttribute(uri) + '"';
  }
  /** The start tag of `element` (without its closing `>`), given its parent's map in `scope`. */
  startTag(element) {
    this.ownsScope = false;
    const ns = element[NAMESPACE], prefix = element[PREFIX], localName = element[LOCAL_NAME];
    const attrs = element[ATTRS];
    this.name = prefix ? prefix + ":" + localName : localName;
    let out;
    // The xml prefix must not be the default namespace, so such an element is named `xml:…`
    // (WebKit 2.50 does so in the start tag only). An ancestor's prefix for the element's
    // namespace is not reused: the element declares its namespace as the default.
    if (!prefix && ns === NS_XML) out = "<xml:" + localName;
    else {
      out = "<" + this.name;
      if (!hasAttributeNamed(attrs, prefix ? "xmlns:" + prefix : "xmlns")) out += this.declare(prefix, ns, true);
    }
    for (let i = 0; i < attrs.length; i++) out += this.attribute(attrs[i]);
    return out;
  }
  /** https://w3c.github.io/DOM-Parsing/#dfn-xml-serialization-of-the-attributes (WebKit's). */
  attribute(record) {
    const ns = record.namespace, prefix = record.prefix, localName = record.localName;
    let outPrefix = prefix, out = "";
    if (ns) {
      if (ns === NS_XML) outPrefix = "xml";
      else {
        const found = prefix !== null ? this.scope.get(prefix) : undefined;
        if (!prefix || found === undefined || found !== ns) {
          const bound = this.scope.get(ns);
          if (bound !== undefined) outPrefix = bound;
          else if (!(prefix && found === undefined) && localName !== "xmlns") outPrefix = this.generatePrefix();
        }
      }
    }
    const value = record.value;
    if (localName === "xmlns" && (ns === null || ns === NS_XMLNS)) this.set("", value);
    else if (ns === NS_XMLNS && prefix === "xmlns") { this.set(localName, value); this.set(value, localName); }
    else out = this.declare(outPrefix, ns, false);
    return out + " " + (outPrefix ? outPrefix + ":" + localName : localName) + '="' + escapeXMLAttribute(value) + '"';
  }
  /** `ns1`, `ns2`, …: the next number whose prefix is not bound in the current map. */
  generatePrefix() {
    let name;
    do name = "ns" + ++this.prefixLevel; while (this.scope.has(name));
    return name;
  }
}

function hasAttributeNamed(attrs, name) {
  for (let i = 0; i < attrs.length; i++) if (attrs[i].name === name) return true;
  return false;
}

/** One loop over the tree (a template's content in place of its children). */
function serializeXML(root) {
  if (root.nodeType === ATTRIBUTE_NODE) return escapeXMLAttribute(root.value);
  const state = new XMLSerialization();
  const path = [], scopes = [], endTags = [];
  let node = root, scope = state.scope, out = "";
  for (;;) {
    let first = null;
    if (node.nodeType === ELEMENT_NODE) {
      state.scope = scope;
      out += state.startTag(node);
      const isHTML = node[NAMESPACE] === NS_HTML;
      const isTemplate = isHTML && node[LOCAL_NAME] === "template";
      first = isTemplate ? (node[CONTENT] ? node[CONTENT][FIRST] : null) : node[FIRST];
      // Elements without children self-close, except HTML elements that have an end tag.
      const selfClose = node[FIRST] === null && (!isHTML || VOID_ELEMENTS.has(node[LOCAL_NAME]));
      out += selfClose ? (isHTML ? " />" : "/>") : ">";
      const endTag = selfClose ? "" : "</" + state.name + ">";
      if (first !== null) {
        path.push(node); scopes.push(scope); endTags.push(endTag);
        scope = state.scope; node = first; continue;
      }
      out += endTag;
    } else {
      out += xmlNodeMarkup(node);
      if (node.nodeType === DOCUMENT_NODE || node.nodeType === DOCUMENT_FRAGMENT_NODE) first = node[FIRST];
      if (first !== null) {
        path.push(node); scopes.push(scope); endTags.push("");
        node = first; continue;
      }
    }
    // Climb until a next sibling exists, closing the elements left behind.
    for (;;) {
      if (path.length === 0) return out;
      if (node[NEXT] !== null) { node = node[NEXT]; break; }
      node = path.pop(); scope = scopes.pop(); out += endTags.pop();
    }
  }
}

/** The XML serialisation of each of `node`'s children (innerHTML in an XML document). */
function serializeXMLChildren(node) {
  let out = "";
  for (let child = node[FIRST]; child !== null; child = child[NEXT]) out += serializeXML(child);
  return out;
}

/** The markup of a node other than an element. */
function xmlNodeMarkup(node) {
  switch (node.nodeType) {
    case DOCUMENT_NODE: {
      // The XML declaration the document was parsed with, as WebKit writes it back.
      const declaration = node[DOC_STATE].xmlDeclaration;
      if (!declaration) return "";
      return '<?xml version="' + declaration.version + '"' + (declaration.encoding ? ' encoding="' + declaration.encoding + '"' : "") +
        (declaration.standalone === null ? "" : ' standalone="' + (declaration.standalone ? "yes" : "no") + '"') + "?>";
    }
    case TEXT_NODE: return escapeXMLText(node[DATA]);
    case CDATA_SECTION_NODE: return "<![CDATA[" + node[DATA] + "]]>";
    case COMMENT_NODE: return "<!--" + node[DATA] + "-->";
    case PROCESSING_INSTRUCTION_NODE: return "<?" + node.target + " " + node[DATA] + "?>";
    case DOCUMENT_TYPE_NODE: {
      const ids = node[DOCTYPE_IDS];
      if (!ids.name) return "";
      return "<!DOCTYPE " + ids.name + (ids.publicId ? ' PUBLIC "' + ids.publicId + '"' : "") + (ids.systemId ? (ids.publicId ? "" : " SYSTEM") + ' "' + ids.systemId + '"' : "") + ">";
    }
  }
  return "";
}

function escapeXMLText(value) {
  return value.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
}
function escapeXMLAttribute(value) {
  return value.replace(/[&<>"\t\n\r]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\t": "&#9;", "\n": "&#10;", "\r": "&#13;" })[c]);
}
