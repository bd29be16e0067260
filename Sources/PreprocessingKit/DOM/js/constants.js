// Constants shared by the DOM files.

/**
 * A table made by `make` the first time it is read (`table()`), not when a realm is made: every
 * page's realm evaluates the bundle, and a table most pages never read (colour names, encoding
 * labels, CSS property names) would otherwise be built in each. Function declarations are
 * hoisted over the bundle's one scope, so a file before this one can use it.
 */
function lazyTable(make) {
  let table = null;
  return () => table ??= make();
}
// Namespaces: https://infra.spec.whatwg.org/#namespaces

const NS_HTML = "http://www.w3.org/1999/xhtml";
const NS_SVG = "http://www.w3.org/2000/svg";
const NS_MATHML = "http://www.w3.org/1998/Math/MathML";
const NS_XLINK = "http://www.w3.org/1999/xlink";
const NS_XML = "http://www.w3.org/XML/1998/namespace";
const NS_XMLNS = "http://www.w3.org/2000/xmlns/";

/** The flat tree's `ns` field (0, 1, 2) to namespace URIs. */
const FLAT_NAMESPACES = [NS_HTML, NS_SVG, NS_MATHML];

/** Node type numbers: https://dom.spec.whatwg.org/#dom-node-nodetype */
const ELEMENT_NODE = 1;
const ATTRIBUTE_NODE = 2;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;
const PROCESSING_INSTRUCTION_NODE = 7;
const COMMENT_NODE = 8;
const DOCUMENT_NODE = 9;
const DOCUMENT_TYPE_NODE = 10;
const DOCUMENT_FRAGMENT_NODE = 11;

/** Elements serialised without an end tag: https://html.spec.whatwg.org/#serialising-html-fragments */
const VOID_ELEMENTS = new Set([
  "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input",
  "keygen", "link", "meta", "param", "source", "track", "wbr",
]);

/** Parents whose text children serialise unescaped (`noscript` because scripting is on). */
const RAW_TEXT_PARENTS = new Set([
  "style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext", "noscript",
]);

/** HTML element names that browsers give the plain HTMLElement interface (not HTMLUnknownElement). */
const PLAIN_HTML_ELEMENTS = new Set([
  "abbr", "acronym", "address", "article", "aside", "b", "basefont", "bdi", "bdo", "big", "center",
  "cite", "code", "dd", "dfn", "dt", "em", "figcaption", "figure", "footer", "header", "hgroup",
  "i", "kbd", "main", "mark", "nav", "nobr", "noembed", "noframes", "noscript", "plaintext", "rb",
  "rp", "rt", "rtc", "ruby", "s", "samp", "search", "section", "small", "strike", "strong", "sub",
  "summary", "sup", "tt", "u", "var", "wbr",
]);

/** ASCII whitespace: https://infra.spec.whatwg.org/#ascii-whitespace */
const ASCII_WHITESPACE = /[\t\n\f\r ]+/;
