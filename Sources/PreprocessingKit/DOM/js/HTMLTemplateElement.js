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
