// HTML fragment serialisation: https://html.spec.whatwg.org/#serialising-html-fragments
// One loop over the linked tree. As WebKit does, `<` and `>` in attribute values are escaped.

const ATTRIBUTE_ESCAPE_TEST = /[&"<>\u00A0]/;
const ATTRIBUTE_ESCAPE = /[&"<>\u00A0]/g;
const TEXT_ESCAPE_TEST = /[&<>\u00A0]/;
const TEXT_ESCAPE = /[&<>\u00A0]/g;
const ESCAPES = { "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;", "\u00A0": "&nbsp;" };
const escapeCharacter = (c) => ESCAPES[c];

function escapeAttributeValue(value) {
  return ATTRIBUTE_ESCAPE_TEST.test(value) ? value.replace(ATTRIBUTE_ESCAPE, escapeCharacter) : value;
}
function escapeText(value) {
  return TEXT_ESCAPE_TEST.test(value) ? value.replace(TEXT_ESCAPE, escapeCharacter) : value;
}

/** The tag name an element serialises with. */
function serializedTagName(element) {
  const ns = element[NAMESPACE];
  if (ns === NS_HTML || ns === NS_SVG || ns === NS_MATHML || element[PREFIX] === null) return element[LOCAL_NAME];
  return element[PREFIX] + ":" + element[LOCAL_NAME];
}

/** https://html.spec.whatwg.org/#attribute's-serialised-name */
function serializedAttributeName(record) {
  switch (record.namespace) {
    case null: return record.localName;
    case NS_XML: return "xml:" + record.localName;
    case NS_XMLNS: return record.localName === "xmlns" ? "xmlns" : "xmlns:" + record.localName;
    case NS_XLINK: return "xlink:" + record.localName;
    default: return record.name;
  }
}

/** What a node other than an element contributes. */
function serializeOpening(node) {
  switch (node.nodeType) {
    case TEXT_NODE: case CDATA_SECTION_NODE: {
      const parent = node[PARENT];
      if (parent !== null && parent.nodeType === ELEMENT_NODE && parent[NAMESPACE] === NS_HTML && RAW_TEXT_PARENTS.has(parent[LOCAL_NAME])) return node[DATA];
      return escapeText(node[DATA]);
    }
    case COMMENT_NODE: return "<!--" + node[DATA] + "-->";
    case PROCESSING_INSTRUCTION_NODE: return "<?" + node.target + " " + node[DATA] + ">";
    case DOCUMENT_TYPE_NODE: return "<!DOCTYPE " + node[DOCTYPE_IDS].name + ">";
  }
  return "";
}

/**
 * Serialises `root`'s children (includeRoot false) or `root` itself (includeRoot true). The
 * pieces are joined once at the end: a page's final HTML is one copy, not a rope per node.
 */
function serializeTree(root, includeRoot) {
  const out = [];
  if (!includeRoot && root[FLAT_INDEX] >= 0) {
    serializeParsedChildren(out, root[FLAT_INDEX], root[NAMESPACE] === NS_HTML && RAW_TEXT_PARENTS.has(root[LOCAL_NAME]));
    return out.join("");
  }
  let node = includeRoot ? root : root[FIRST];
  if (node === null) return "";
  for (;;) {
    const localName = node[LOCAL_NAME];
    if (typeof localName === "string") {
      const tag = serializedTagName(node);
      out.push("<", tag);
      const attrs = node[ATTRS];
      for (let i = 0; i < attrs.length; i++) {
        const record = attrs[i];
        out.push(" ", serializedAttributeName(record), '="', escapeAttributeValue(record.value), '"');
      }
      out.push(">");
      const content = node[CONTENT];
      if (content) out.push(serializeChildren(content));
      const isVoid = node[NAMESPACE] === NS_HTML && VOID_ELEMENTS.has(localName);
      if (!isVoid && !content) {
        // Children not made yet are as the parser left them: their markup is read from the parse.
        const flatIndex = node[FLAT_INDEX];
        if (flatIndex >= 0) serializeParsedChildren(out, flatIndex, node[NAMESPACE] === NS_HTML && RAW_TEXT_PARENTS.has(localName));
        else if (node[FIRST] !== null) { node = node[FIRST]; continue; }
      }
      if (!isVoid) out.push("</", tag, ">");
    } else {
      out.push(serializeOpening(node));
      if (node[FIRST] !== null) { node = node[FIRST]; continue; }
    }
    // Climb until a next sibling exists, closing the elements left behind.
    for (;;) {
      if (includeRoot && node === root) return out.join("");
      const next = node[NEXT];
      if (next !== null) { node = next; break; }
      node = node[PARENT];
      if (!includeRoot && node === root) return out.join("");
      if (typeof node[LOCAL_NAME] === "string") out.push("</", serializedTagName(node), ">");
      if (includeRoot && node === root) return out.join("");
    }
  }
}

/**
 * Appends to `out` the serialisation of the children of the page's parsed node `flatIndex`
 * (TreeBuilder.js), none of them made: what serializeTree gives for the same nodes once made,
 * without making them. `rawText`: the parent is an HTML element whose text is not escaped.
 * The parser gives elements no prefix and names foreign attributes with theirs (`xlink:href`,
 * `xml:lang`, `xmlns:xlink`), so names are written as parsed.
 */
function serializeParsedChildren(out, flatIndex, rawText) {
  const page = PARSED_PAGE;
  const nodes = page.nodes, attributes = page.attributes, text = page.text, names = page.names;
  // Pairs (the raw-text flag of the element's parent, the element whose children are being
  // written): a loop over the links, however deep the tree.
  const stack = [];
  let index = nodes[flatIndex * FLAT_NODE_FIELDS + FLAT_FIRST_CHILD];
  for (;;) {
    if (index < 0) {
      if (stack.length === 0) return;
      const element = stack.pop();
      rawText = stack.pop();
      out.push("</", names[nodes[element * FLAT_NODE_FIELDS + 1]], ">");
      index = nodes[element * FLAT_NODE_FIELDS + FLAT_NEXT_SIBLING];
      continue;
    }
    const base = index * FLAT_NODE_FIELDS;
    const kind = nodes[base] & 0xFF;
    if (kind === ELEMENT_NODE) {
      const localName = names[nodes[base + 1]];
      const html = FLAT_NAMESPACES[nodes[base] >> 8] === NS_HTML;
      out.push("<", localName);
      const count = nodes[base + FLAT_COUNT];
      for (let a = nodes[base + FLAT_START] * FLAT_ATTRIBUTE_FIELDS, end = a + count * FLAT_ATTRIBUTE_FIELDS; a < end; a += FLAT_ATTRIBUTE_FIELDS) {
        const valueStart = attributes[a + 2];
        out.push(" ", names[attributes[a]], '="', escapeAttributeValue(text.slice(valueStart, valueStart + attributes[a + 3])), '"');
      }
      out.push(">");
      if (!(html && VOID_ELEMENTS.has(localName))) {
        // A template's children are its content's, whose text has a fragment for parent.
        const content = nodes[base + FLAT_EXTRA];
        const first = nodes[(content >= 0 ? content : index) * FLAT_NODE_FIELDS + FLAT_FIRST_CHILD];
        if (first >= 0) {
          stack.push(rawText, index);
          rawText = content < 0 && html && RAW_TEXT_PARENTS.has(localName);
          index = first;
          continue;
        }
        out.push("</", localName, ">");
      }
    } else if (kind === TEXT_NODE) {
      const start = nodes[base + FLAT_START];
      const data = text.slice(start, start + nodes[base + FLAT_COUNT]);
      out.push(rawText ? data : escapeText(data));
    } else if (kind === COMMENT_NODE) {
      const start = nodes[base + FLAT_START];
      out.push("<!--", text.slice(start, start + nodes[base + FLAT_COUNT]), "-->");
    }
    index = nodes[base + FLAT_NEXT_SIBLING];
  }
}

/** The serialisation of a node's children (innerHTML): HTML's, or XML's in an XML document as WebKit writes it. */
function serializeChildren(node) { return inXMLDocument(node) ? serializeXMLChildren(node) : serializeTree(node, false); }

/** The serialisation of a node itself (outerHTML). */
function serializeOuter(node) {
  if (node.nodeType === DOCUMENT_NODE || node.nodeType === DOCUMENT_FRAGMENT_NODE) return serializeChildren(node);
  return inXMLDocument(node) ? serializeXML(node) : serializeTree(node, true);
}

/** Whether `node` belongs to a document that is not an HTML document (WebKit then serialises markup as XML). */
function inXMLDocument(node) {
  const doc = node.nodeType === DOCUMENT_NODE ? node : node[OWNER];
  return doc !== null && doc !== undefined && doc[DOC_STATE].isHTML === false;
}
