// The simple structural elements, each an interface with a few reflected attributes:
// https://html.spec.whatwg.org/#the-html-element … #the-body-element, #grouping-content,
// #text-level-semantics, #edits, #tables, #interactive-elements, #obsolete.

class HTMLHtmlElement extends HTMLElement {}
reflectAttributes(HTMLHtmlElement.prototype, { version: "string" });
registerHTMLElement(HTMLHtmlElement, "html");

class HTMLHeadElement extends HTMLElement {}
registerHTMLElement(HTMLHeadElement, "head");

class HTMLBodyElement extends HTMLElement {}
reflectAttributes(HTMLBodyElement.prototype, {
  text: "string", link: "string", vLink: ["string", "vlink"], aLink: ["string", "alink"], bgColor: ["string", "bgcolor"], background: "string",
});
registerHTMLElement(HTMLBodyElement, "body");

class HTMLDivElement extends HTMLElement {}
reflectAttributes(HTMLDivElement.prototype, { align: "string" });
registerHTMLElement(HTMLDivElement, "div");

class HTMLSpanElement extends HTMLElement {}
registerHTMLElement(HTMLSpanElement, "span");

class HTMLParagraphElement extends HTMLElement {}
reflectAttributes(HTMLParagraphElement.prototype, { align: "string" });
registerHTMLElement(HTMLParagraphElement, "p");

class HTMLHeadingElement extends HTMLElement {}
reflectAttributes(HTMLHeadingElement.prototype, { align: "string" });
registerHTMLElement(HTMLHeadingElement, "h1", "h2", "h3", "h4", "h5", "h6");

class HTMLBRElement extends HTMLElement {}
reflectAttributes(HTMLBRElement.prototype, { clear: "string" });
registerHTMLElement(HTMLBRElement, "br");

class HTMLHRElement extends HTMLElement {}
reflectAttributes(HTMLHRElement.prototype, { align: "string", color: "string", noShade: ["boolean", "noshade"], size: "string", width: "string" });
registerHTMLElement(HTMLHRElement, "hr");

class HTMLPreElement extends HTMLElement {}
reflectAttributes(HTMLPreElement.prototype, { width: "long" });
registerHTMLElement(HTMLPreElement, "pre", "listing", "xmp");

class HTMLQuoteElement extends HTMLElement {}
reflectAttributes(HTMLQuoteElement.prototype, { cite: "url" });
registerHTMLElement(HTMLQuoteElement, "blockquote", "q");

class HTMLOListElement extends HTMLElement {}
reflectAttributes(HTMLOListElement.prototype, { reversed: "boolean", start: ["long", "start", 1], type: "string", compact: "boolean" });
registerHTMLElement(HTMLOListElement, "ol");

class HTMLUListElement extends HTMLElement {}
reflectAttributes(HTMLUListElement.prototype, { compact: "boolean", type: "string" });
registerHTMLElement(HTMLUListElement, "ul");

class HTMLMenuElement extends HTMLElement {}
reflectAttributes(HTMLMenuElement.prototype, { compact: "boolean" });
registerHTMLElement(HTMLMenuElement, "menu");

class HTMLDirectoryElement extends HTMLElement {}
reflectAttributes(HTMLDirectoryElement.prototype, { compact: "boolean" });
registerHTMLElement(HTMLDirectoryElement, "dir");

class HTMLLIElement extends HTMLElement {}
reflectAttributes(HTMLLIElement.prototype, { value: "long", type: "string" });
registerHTMLElement(HTMLLIElement, "li");

class HTMLDListElement extends HTMLElement {}
reflectAttributes(HTMLDListElement.prototype, { compact: "boolean" });
registerHTMLElement(HTMLDListElement, "dl");

class HTMLModElement extends HTMLElement {}
reflectAttributes(HTMLModElement.prototype, { cite: "url", dateTime: ["string", "datetime"] });
registerHTMLElement(HTMLModElement, "ins", "del");

class HTMLTimeElement extends HTMLElement {}
reflectAttributes(HTMLTimeElement.prototype, { dateTime: ["string", "datetime"] });
registerHTMLElement(HTMLTimeElement, "time");

class HTMLDataElement extends HTMLElement {}
reflectAttributes(HTMLDataElement.prototype, { value: "string" });
registerHTMLElement(HTMLDataElement, "data");

class HTMLPictureElement extends HTMLElement {}
registerHTMLElement(HTMLPictureElement, "picture");

class HTMLFontElement extends HTMLElement {}
reflectAttributes(HTMLFontElement.prototype, { color: "string", face: "string", size: "string" });
registerHTMLElement(HTMLFontElement, "font");

class HTMLMarqueeElement extends HTMLElement {
  start() {}
  stop() {}
}
registerHTMLElement(HTMLMarqueeElement, "marquee");

class HTMLDetailsElement extends HTMLElement {}
reflectAttributes(HTMLDetailsElement.prototype, { open: "boolean", name: "string" });
registerHTMLElement(HTMLDetailsElement, "details");

class HTMLDialogElement extends HTMLElement {
  show() { setAttributeValue(this, "open", ""); }
  showModal() { setAttributeValue(this, "open", ""); }
  close(returnValue) {
    if (returnValue !== undefined) this.returnValue = String(returnValue);
    this.removeAttribute("open");
  }
}
reflectAttributes(HTMLDialogElement.prototype, { open: "boolean" });
registerHTMLElement(HTMLDialogElement, "dialog");

class HTMLSlotElement extends HTMLElement {
  assignedNodes() { return []; }
  assignedElements() { return []; }
}
reflectAttributes(HTMLSlotElement.prototype, { name: "string" });
registerHTMLElement(HTMLSlotElement, "slot");

class HTMLMapElement extends HTMLElement {
  get areas() { return createLiveCollection(this, collectDescendantElements, (el) => el[LOCAL_NAME] === "area"); }
}
reflectAttributes(HTMLMapElement.prototype, { name: "string" });
registerHTMLElement(HTMLMapElement, "map");

class HTMLEmbedElement extends HTMLElement {
  getSVGDocument() { return null; }
}
reflectAttributes(HTMLEmbedElement.prototype, { src: "url", type: "string", width: "string", height: "string", align: "string", name: "string" });
registerHTMLElement(HTMLEmbedElement, "embed");

class HTMLObjectElement extends HTMLElement {
  get contentDocument() { return null; }
  get contentWindow() { return null; }
  get form() { return formOwnerOf(this); }
}
reflectAttributes(HTMLObjectElement.prototype, { data: "url", type: "string", name: "string", useMap: ["string", "usemap"], width: "string", height: "string" });
registerHTMLElement(HTMLObjectElement, "object");

class HTMLParamElement extends HTMLElement {}
reflectAttributes(HTMLParamElement.prototype, { name: "string", value: "string", type: "string", valueType: ["string", "valuetype"] });
registerHTMLElement(HTMLParamElement, "param");

class HTMLFieldSetElement extends HTMLElement {
  get type() { return "fieldset"; }
  get form() { return formOwnerOf(this); }
  get elements() { return createLiveCollection(this, collectDescendantElements, isListedElement); }
}
reflectAttributes(HTMLFieldSetElement.prototype, { disabled: "boolean", name: "string" });
registerHTMLElement(HTMLFieldSetElement, "fieldset");

class HTMLLegendElement extends HTMLElement {
  get form() { const parent = this.parentElement; return parent !== null && parent[LOCAL_NAME] === "fieldset" ? parent.form : null; }
}
reflectAttributes(HTMLLegendElement.prototype, { align: "string" });
registerHTMLElement(HTMLLegendElement, "legend");

class HTMLOutputElement extends HTMLElement {
  get type() { return "output"; }
  get value() { return descendantTextContent(this); }
  set value(value) { setTextContent(this, value); }
  get form() { return formOwnerOf(this); }
}
reflectAttributes(HTMLOutputElement.prototype, { name: "string" });
registerHTMLElement(HTMLOutputElement, "output");

class HTMLProgressElement extends HTMLElement {
  get value() { const v = parseFloat(getAttributeValue(this, "value")); return Number.isFinite(v) && v > 0 ? Math.min(v, this.max) : 0; }
  set value(value) { setAttributeValue(this, "value", String(+value)); }
  get max() { const v = parseFloat(getAttributeValue(this, "max")); return Number.isFinite(v) && v > 0 ? v : 1; }
  set max(value) { setAttributeValue(this, "max", String(+value)); }
  get position() { return getAttributeValue(this, "value") === null ? -1 : this.value / this.max; }
}
registerHTMLElement(HTMLProgressElement, "progress");

class HTMLMeterElement extends HTMLElement {
  get value() { const v = parseFloat(getAttributeValue(this, "value")); return Number.isFinite(v) ? v : 0; }
  get min() { const v = parseFloat(getAttributeValue(this, "min")); return Number.isFinite(v) ? v : 0; }
  get max() { const v = parseFloat(getAttributeValue(this, "max")); return Number.isFinite(v) ? v : 1; }
}
registerHTMLElement(HTMLMeterElement, "meter");
