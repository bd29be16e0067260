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
  let node = includeRoot ? root : root[FIRST];
  if (node === null) return "";
  const out = [];
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
      if (node[FIRST] !== null && !isVoid && !content) { node = node[FIRST]; continue; }
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

/** The HTML serialisation of a node's children (innerHTML). */
function serializeChildren(node) { return serializeTree(node, false); }

/** The HTML serialisation of a node itself (outerHTML). */
function serializeOuter(node) {
  if (node.nodeType === DOCUMENT_NODE || node.nodeType === DOCUMENT_FRAGMENT_NODE) return serializeChildren(node);
  return serializeTree(node, true);
}
