// DOMParser: https://html.spec.whatwg.org/#dom-parsing-and-serialization
// "text/html" goes through the native HTML parser, the XML types through the native XML parser
// (libxml2, as WebKit's), which gives WebKit's error document for input that is not well-formed.

const DOM_PARSER_TYPES = ["text/html", "text/xml", "application/xml", "application/xhtml+xml", "image/svg+xml"];

class DOMParser {
  parseFromString(string, type) {
    type = String(type);
    if (!DOM_PARSER_TYPES.includes(type)) throw new TypeError(`Argument 2 ('type') to DOMParser.parseFromString must be one of: ${DOM_PARSER_TYPES.map((t) => `"${t}"`).join(", ")}`);
    if (type !== "text/html") return parseXMLDocumentFromString(String(string), type);
    return parseDocumentFromString(String(string), type);
  }
}

/** A document of the page's URL parsed from `string`, as DOMParser makes one (an XHR's `document` response too). */
function parseDocumentFromString(string, type) {
  const page = currentPageDocument();
  const url = page === null ? "about:blank" : page[DOC_STATE].url;
  return createHTMLDocument({ url, contentType: type }, host.parseDocument(string));
}

/** An XMLDocument of the page's URL parsed from `string` as XML (DOMParser's XML types, an XHR's XML response). */
function parseXMLDocumentFromString(string, type) {
  const page = currentPageDocument();
  const url = page === null ? "about:blank" : page[DOC_STATE].url;
  return createXMLDocument({ url, contentType: type }, host.parseXML(string));
}
