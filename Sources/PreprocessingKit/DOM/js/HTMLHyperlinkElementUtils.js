// HTMLHyperlinkElementUtils (a, area): https://html.spec.whatwg.org/#htmlhyperlinkelementutils
// The URL parts read the `href` attribute resolved against the document's base URL.

/** The parsed URL of a hyperlink element, or null when it has no href or it does not parse. */
function hyperlinkURL(element) {
  const href = getAttributeValue(element, "href");
  if (href === null) return null;
  try { return new URL(href.trim(), documentBaseURL(documentOf(element))); } catch (error) { return null; }
}

/** Changes one part of the URL and writes it back to `href`. */
function updateHyperlinkURL(element, part, value) {
  const url = hyperlinkURL(element);
  if (url === null) return;
  url[part] = value;
  setAttributeValue(element, "href", url.href);
}

const HyperlinkElementUtilsMixin = {
  get href() {
    const href = getAttributeValue(this, "href");
    if (href === null) return "";
    const url = hyperlinkURL(this);
    return url === null ? href : url.href;
  },
  set href(value) { setAttributeValue(this, "href", String(value)); },
  get origin() { const url = hyperlinkURL(this); return url === null ? "" : url.origin; },
  toString() { return this.href; },
};
for (const part of ["protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"]) {
  Object.defineProperty(HyperlinkElementUtilsMixin, part, {
    get() { const url = hyperlinkURL(this); return url === null ? (part === "protocol" ? ":" : "") : url[part]; },
    set(value) { updateHyperlinkURL(this, part, String(value)); },
    enumerable: true, configurable: true,
  });
}
