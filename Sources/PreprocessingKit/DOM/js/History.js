// History: https://html.spec.whatwg.org/#the-history-interface
// pushState/replaceState change the document URL (as browsers do) and are recorded; traversal
// (back/forward/go) is recorded only.

class History {
  constructor(token, doc) {
    if (token !== INTERNAL) throw new TypeError("Illegal constructor");
    this[OWNER] = doc;
    this[SOURCE] = { length: 1, state: null, scrollRestoration: "auto" };
  }
  get length() { return this[SOURCE].length; }
  get state() { return this[SOURCE].state; }
  get scrollRestoration() { return this[SOURCE].scrollRestoration; }
  set scrollRestoration(value) { if (value === "auto" || value === "manual") this[SOURCE].scrollRestoration = value; }
  pushState(state, unused, url) { historyUpdate(this, state, url, "history.pushState"); this[SOURCE].length++; }
  replaceState(state, unused, url) { historyUpdate(this, state, url, "history.replaceState"); }
  back() { recordEvent({ kind: "navigation", method: "history.back", url: this[OWNER][DOC_STATE].url }); }
  forward() { recordEvent({ kind: "navigation", method: "history.forward", url: this[OWNER][DOC_STATE].url }); }
  go(delta = 0) { recordEvent({ kind: "navigation", method: delta ? "history.go" : "reload", url: this[OWNER][DOC_STATE].url }); }
}
defineStringTag(History, "History");

function historyUpdate(history, state, url, method) {
  const doc = history[OWNER];
  let resolved = doc[DOC_STATE].url;
  if (url !== undefined && url !== null) {
    try { resolved = new URL(String(url), documentBaseURL(doc)).href; } catch (error) {
      throwDOMException("SecurityError", "The operation is insecure.");
    }
    if (new URL(resolved).origin !== new URL(doc[DOC_STATE].url).origin) throwDOMException("SecurityError", "The operation is insecure.");
  }
  history[SOURCE].state = state === undefined ? null : state;
  doc[DOC_STATE].url = resolved;
  recordEvent({ kind: "navigation", method, url: resolved });
}
