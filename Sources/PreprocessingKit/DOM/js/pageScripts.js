// The page's own scripts, for `--page-scripts`: Swift asks for them in document order, evaluates
// each (so their errors carry their own location and count as page errors, not as the
// preprocessing script's), then calls `finishPageLoad`.
// https://html.spec.whatwg.org/multipage/scripting.html#prepare-the-script-element

const CLASSIC_SCRIPT_TYPES = ["", "text/javascript", "application/javascript", "text/ecmascript", "application/ecmascript",
                              "application/x-javascript", "text/x-javascript", "text/jscript", "text/livescript"];

/** The elements of the scripts collectPageScripts gave, in the same order (startPageScript). */
let PAGE_SCRIPT_ELEMENTS = [];

/**
 * The page's classic scripts as JSON: `[{text, src}]` (`src` resolved; null for inline
 * scripts). Modules, JSON and template types are left out, as Safari does not run them as
 * classic scripts. An external script with a fixture comes with that fixture's text.
 */
function collectPageScripts() {
  const scripts = [];
  PAGE_SCRIPT_ELEMENTS = [];
  if (typeof document === "undefined" || !document) return "[]";
  const elements = document.getElementsByTagName("script");
  for (let i = 0; i < elements.length; i++) {
    const script = classicScriptOf(elements[i]);
    if (script === null) continue;
    scripts.push(script);
    PAGE_SCRIPT_ELEMENTS.push(elements[i]);
  }
  return JSON.stringify(scripts);
}

/** `{text, src}` of a script element Safari runs as a classic script, or null (see collectPageScripts). */
function classicScriptOf(element) {
  const type = (element.getAttribute("type") || "").trim().toLowerCase();
  const language = (element.getAttribute("language") || "").trim();
  if (!CLASSIC_SCRIPT_TYPES.includes(type)) return null;
  if (!type && language && !/^(javascript|jscript|livescript|ecmascript)[0-9.]*$/i.test(language)) return null;
  if (element.hasAttribute("nomodule")) return null;
  if (!element.hasAttribute("src")) return { text: element.textContent || "", src: null };
  const parsed = resolveRequestURL(element.getAttribute("src"));
  if (!parsed) return null;
  const text = pageScriptText(parsed.href, recordRequest("script", "GET", parsed.href));
  return text === null ? null : { text, src: parsed.href };
}

/**
 * The script at `index` of collectPageScripts's list is about to run: it is the document's
 * currentScript, and the parser's insertion point, where document.write puts its markup, is
 * just after it (https://html.spec.whatwg.org/multipage/parsing.html#scriptEndTag: the parser
 * stops at the script's end tag and runs it before it reads on).
 */
function startPageScript(index) {
  if (typeof document === "undefined" || !document) return;
  const element = PAGE_SCRIPT_ELEMENTS[index] || null;
  const state = document[DOC_STATE];
  state.runningScript = element;
  const parent = element === null ? null : element.parentNode;
  state.scriptInsertionPoint = parent === null ? null : { parent, before: element.nextSibling, inHead: parent === document.head };
}

/** Does a node written while the parser is in the head stay there (in head's start tags, white space)? */
function staysInHead(node) {
  if (node.nodeType === TEXT_NODE) return /^[\t\n\f\r ]*$/.test(node.data);
  if (node.nodeType === COMMENT_NODE) return true;
  return node.nodeType === ELEMENT_NODE && node[NAMESPACE] === NS_HTML
    && ["base", "basefont", "bgsound", "link", "meta", "title", "noscript", "noframes", "style", "script", "template"].includes(node[LOCAL_NAME]);
}

/**
 * document.write from a script the parser is running: the markup is parsed in the context of
 * the script's parent and inserted at the insertion point, which moves past it, so the next
 * write follows (document-write-from-a-body-script-inserts-after-it). Written in the head, what
 * the "in head" insertion mode keeps stays after the script and the rest, as the head's end, goes
 * to the start of the body (document-write-from-a-head-script-of-body-content). Classic scripts
 * in the written markup run as the parser reaches them, each the insertion point of its own
 * writes (document-write-of-a-script-from-a-page-script).
 */
function writtenDuringParse(doc, markup) {
  const state = doc[DOC_STATE];
  const point = state.scriptInsertionPoint;
  if (point.parent[PARENT] === null && point.parent !== doc) return; // the script's tree left the document
  const fragment = parseHTMLFragment(point.parent.nodeType === ELEMENT_NODE ? point.parent : doc.body || doc, markup);
  const written = Array.from(fragment.querySelectorAll("script"));
  const before = point.before !== null && point.before[PARENT] === point.parent ? point.before : null;
  if (!point.inHead || doc.body === null) {
    insertNode(fragment, point.parent, before);
  } else {
    let node = fragment[FIRST];
    while (node !== null && staysInHead(node)) {
      const next = node[NEXT];
      insertNode(node, point.parent, before);
      node = next;
    }
    if (node !== null) {
      // The rest starts the body, after what earlier writes put there.
      const body = doc.body;
      if (point.bodyBefore === undefined) point.bodyBefore = body.firstChild;
      const bodyBefore = point.bodyBefore !== null && point.bodyBefore[PARENT] === body ? point.bodyBefore : null;
      insertNode(fragment, body, bodyBefore);
    }
  }
  const running = state.runningScript;
  for (const element of written) {
    const script = element.isConnected ? classicScriptOf(element) : null;
    if (script === null) continue;
    const parent = element.parentNode;
    state.runningScript = element;
    state.scriptInsertionPoint = { parent, before: element.nextSibling, inHead: parent === doc.head };
    try {
      (0, eval)(script.text); // global code, as a script element's
    } catch (error) {
      recordEvent({ kind: "page-error", message: "a script the page wrote with document.write threw: " + String(error && error.name) + ": " + String(error && error.message) });
    }
  }
  state.runningScript = running;
  state.scriptInsertionPoint = point;
}

/** Fires DOMContentLoaded on the document and load on the window, as a finished page load has. */
function finishPageLoad() {
  if (typeof document === "undefined" || !document || typeof globalThis.Event !== "function") return;
  const state = document[DOC_STATE];
  state.runningScript = null;
  state.scriptInsertionPoint = null;
  try { document.dispatchEvent(new globalThis.Event("DOMContentLoaded", { bubbles: true })); } finally {
    if (typeof globalThis.dispatchEvent === "function") globalThis.dispatchEvent(new globalThis.Event("load"));
  }
}
