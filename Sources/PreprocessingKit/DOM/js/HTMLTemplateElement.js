// HTMLTemplateElement: https://html.spec.whatwg.org/#htmltemplateelement

class HTMLTemplateElement extends HTMLElement {
  /** The template's contents: a DocumentFragment made on first access (the tree builder fills it). */
  get content() {
    let content = this[CONTENT];
    if (content === undefined || content === null) content = this[CONTENT] = createDocumentFragment(this[OWNER]);
    return content;
  }
  get shadowRootMode() {
    const mode = (getAttributeValue(this, "shadowrootmode") || "").toLowerCase();
    return mode === "open" || mode === "closed" ? mode : "";
  }
}
registerHTMLElement(HTMLTemplateElement, "template");

/**
 * Where `innerHTML` reads and writes: a template's contents (a template made by a script gets
 * them here, as the spec makes them when the element is created), else the node itself.
 * https://html.spec.whatwg.org/#dom-element-innerhtml step "if context is a template element"
 */
function innerHTMLTarget(node) {
  if (node[CONTENT]) return node[CONTENT];
  return node instanceof HTMLTemplateElement && node[NAMESPACE] === SELECTOR_HTML_NAMESPACE ? node.content : node;
}
