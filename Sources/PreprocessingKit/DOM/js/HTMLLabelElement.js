// HTMLLabelElement: https://html.spec.whatwg.org/#htmllabelelement

const LABELABLE = /^(button|input|meter|output|progress|select|textarea)$/;

class HTMLLabelElement extends HTMLElement {
  get control() {
    const forId = getAttributeValue(this, "for");
    if (forId !== null) {
      const root = rootOf(this);
      const target = root.nodeType === DOCUMENT_NODE || root.nodeType === DOCUMENT_FRAGMENT_NODE ? root.getElementById(forId) : null;
      return target !== null && LABELABLE.test(target[LOCAL_NAME]) && !(target[LOCAL_NAME] === "input" && target.type === "hidden") ? target : null;
    }
    for (let node = this[FIRST]; node !== null; node = nextInTree(node, this)) {
      if (node.nodeType === ELEMENT_NODE && LABELABLE.test(node[LOCAL_NAME]) && !(node[LOCAL_NAME] === "input" && node.type === "hidden")) return node;
    }
    return null;
  }
  get form() { return formOwnerOf(this); }
}
reflectAttributes(HTMLLabelElement.prototype, { htmlFor: ["string", "for"] });
registerHTMLElement(HTMLLabelElement, "label");
