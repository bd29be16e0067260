// HTMLBaseElement: https://html.spec.whatwg.org/#htmlbaseelement
// `href` resolves against the document's URL (not its base URL, which this element sets).

class HTMLBaseElement extends HTMLElement {
  get href() {
    const doc = documentOf(this);
    const value = getAttributeValue(this, "href");
    const url = doc[DOC_STATE].url;
    if (value === null) return url;
    try { return new URL(value, url).href; } catch (error) { return value; }
  }
  set href(value) { setAttributeValue(this, "href", String(value)); }
}
reflectAttributes(HTMLBaseElement.prototype, { target: "string" });
registerHTMLElement(HTMLBaseElement, "base");
