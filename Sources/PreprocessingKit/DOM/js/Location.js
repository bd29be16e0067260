// Location: https://html.spec.whatwg.org/#the-location-interface
// Navigating away is recorded (kind "navigation") and never changes the document; a change of
// the fragment alone updates the URL (and so location.hash), as a same-document navigation does.

class Location {
  constructor(token, doc) {
    if (token !== INTERNAL) throw new TypeError("Illegal constructor");
    this[OWNER] = doc;
  }
  get href() { return this[OWNER][DOC_STATE].url; }
  set href(value) { navigateLocation(this[OWNER], String(value), "href"); }
  get origin() { return locationURL(this).origin; }
  get protocol() { return locationURL(this).protocol; }
  set protocol(value) { setLocationPart(this, "protocol", value); }
  get host() { return locationURL(this).host; }
  set host(value) { setLocationPart(this, "host", value); }
  get hostname() { return locationURL(this).hostname; }
  set hostname(value) { setLocationPart(this, "hostname", value); }
  get port() { return locationURL(this).port; }
  set port(value) { setLocationPart(this, "port", value); }
  get pathname() { return locationURL(this).pathname; }
  set pathname(value) { setLocationPart(this, "pathname", value); }
  get search() { return locationURL(this).search; }
  set search(value) { setLocationPart(this, "search", value); }
  get hash() { return locationURL(this).hash; }
  set hash(value) {
    const url = locationURL(this);
    let fragment = String(value);
    if (fragment.startsWith("#")) fragment = fragment.slice(1);
    url.hash = fragment;
    this[OWNER][DOC_STATE].url = url.href; // same-document navigation
  }
  get ancestorOrigins() { return createStaticNodeList([]); }
  assign(url) { navigateLocation(this[OWNER], String(url), "assign"); }
  replace(url) { navigateLocation(this[OWNER], String(url), "replace"); }
  reload() { recordEvent({ kind: "navigation", method: "reload", url: this.href }); }
  toString() { return this.href; }
}
defineStringTag(Location, "Location");

function locationURL(location) {
  try { return new URL(location[OWNER][DOC_STATE].url); } catch (error) { return new URL("about:blank"); }
}

function setLocationPart(location, part, value) {
  const url = locationURL(location);
  url[part] = String(value);
  navigateLocation(location[OWNER], url.href, "href");
}

/**
 * Resolves `target` against the document's base URL; a fragment-only change updates the URL,
 * anything else is recorded as a navigation with `method`.
 */
function navigateLocation(doc, target, method) {
  let resolved;
  try {
    resolved = new URL(target, documentBaseURL(doc)).href;
  } catch (error) {
    throwDOMException("SyntaxError", `The URL '${target}' is invalid.`);
  }
  const current = doc[DOC_STATE].url;
  const withoutFragment = (url) => { const i = url.indexOf("#"); return i < 0 ? url : url.slice(0, i); };
  if (method !== "replace" && resolved.includes("#") && withoutFragment(resolved) === withoutFragment(current)) {
    doc[DOC_STATE].url = resolved;
    return;
  }
  recordEvent({ kind: "navigation", method, url: resolved });
}

/** Gives a class's instances browsers' `Object.prototype.toString` tag. */
function defineStringTag(Class, name) {
  Object.defineProperty(Class.prototype, Symbol.toStringTag, { value: name, configurable: true });
}
