// The page's own scripts, for `--page-scripts`: Swift asks for them in document order, evaluates
// each (so their errors carry their own location and count as page errors, not as the
// preprocessing script's), then calls `finishPageLoad`.
// https://html.spec.whatwg.org/multipage/scripting.html#prepare-the-script-element

const CLASSIC_SCRIPT_TYPES = ["", "text/javascript", "application/javascript", "text/ecmascript", "application/ecmascript",
                              "application/x-javascript", "text/x-javascript", "text/jscript", "text/livescript"];

/**
 * The page's classic scripts as JSON: `[{text, src}]` (`src` resolved; null for inline
 * scripts). Modules, JSON and template types are left out, as Safari does not run them as
 * classic scripts. An external script with a fixture comes with that fixture's text.
 */
function collectPageScripts() {
  const scripts = [];
  if (typeof document === "undefined" || !document) return "[]";
  const elements = document.getElementsByTagName("script");
  for (let i = 0; i < elements.length; i++) {
    const element = elements[i];
    const type = (element.getAttribute("type") || "").trim().toLowerCase();
    const language = (element.getAttribute("language") || "").trim();
    if (!CLASSIC_SCRIPT_TYPES.includes(type)) continue;
    if (!type && language && !/^(javascript|jscript|livescript|ecmascript)[0-9.]*$/i.test(language)) continue;
    if (element.hasAttribute("nomodule")) continue;
    if (element.hasAttribute("src")) {
      const parsed = resolveRequestURL(element.getAttribute("src"));
      if (!parsed) continue;
      const text = pageScriptText(parsed.href, recordRequest("script", "GET", parsed.href));
      if (text !== null) scripts.push({ text, src: parsed.href });
      continue;
    }
    scripts.push({ text: element.textContent || "", src: null });
  }
  return JSON.stringify(scripts);
}

/** Fires DOMContentLoaded on the document and load on the window, as a finished page load has. */
function finishPageLoad() {
  if (typeof document === "undefined" || !document || typeof globalThis.Event !== "function") return;
  try { document.dispatchEvent(new globalThis.Event("DOMContentLoaded", { bubbles: true })); } finally {
    if (typeof globalThis.dispatchEvent === "function") globalThis.dispatchEvent(new globalThis.Event("load"));
  }
}
