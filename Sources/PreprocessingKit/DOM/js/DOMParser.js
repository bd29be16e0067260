// DOMParser: https://html.spec.whatwg.org/#dom-parsing-and-serialization
// "text/html" goes through the native HTML parser. XML types are parsed as HTML too (there is
// no XML parser) and reported as unsupported.

const DOM_PARSER_TYPES = ["text/html", "text/xml", "application/xml", "application/xhtml+xml", "image/svg+xml"];

class DOMParser {
  parseFromString(string, type) {
    type = String(type);
    if (!DOM_PARSER_TYPES.includes(type)) throw new TypeError(`Argument 2 ('type') to DOMParser.parseFromString must be one of: ${DOM_PARSER_TYPES.map((t) => `"${t}"`).join(", ")}`);
    if (type !== "text/html") recordUnsupported("DOMParser.parseFromString(" + type + ")");
    const url = pageDocument === null ? "about:blank" : pageDocument[DOC_STATE].url;
    const doc = createHTMLDocument({ url, contentType: type }, host.parseDocument(String(string)));
    return doc;
  }
}
