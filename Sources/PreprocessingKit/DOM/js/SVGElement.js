// SVGElement: https://svgwg.org/svg2-draft/types.html#InterfaceSVGElement (and MathMLElement:
// https://w3c.github.io/mathml-core/#dom-mathmlelement). Only the generic parts: no geometry.

class SVGElement extends Element {
  get style() {
    const extras = elementExtras(this);
    return extras.style || (extras.style = createInlineStyle(this));
  }
  set style(value) { this.style.cssText = value; }
  get dataset() {
    const extras = elementExtras(this);
    return extras.dataset || (extras.dataset = createDataset(this));
  }
  get ownerSVGElement() {
    for (let node = this[PARENT]; node !== null && node.nodeType === ELEMENT_NODE; node = node[PARENT]) {
      if (node[LOCAL_NAME] === "svg" && node[NAMESPACE] === NS_SVG) return node;
    }
    return null;
  }
  get viewportElement() { return this.ownerSVGElement; }
  /** SVG's className is an SVGAnimatedString. */
  get className() {
    const element = this;
    return { get baseVal() { return getAttributeValue(element, "class") || ""; }, set baseVal(v) { setAttributeValue(element, "class", String(v)); }, get animVal() { return getAttributeValue(element, "class") || ""; } };
  }
  focus() {}
  blur() {}
}
defineEventHandlerProperties(SVGElement.prototype, EVENT_HANDLER_NAMES);

class SVGGraphicsElement extends SVGElement {
  getBBox() { return new DOMRect(0, 0, 0, 0); }
}
class SVGSVGElement extends SVGGraphicsElement {}
for (const name of ["g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "use", "image", "foreignObject", "tspan", "a"]) {
  SVG_ELEMENT_CLASSES[name] = SVGGraphicsElement;
}
SVG_ELEMENT_CLASSES.svg = SVGSVGElement;

class MathMLElement extends Element {
  get style() {
    const extras = elementExtras(this);
    return extras.style || (extras.style = createInlineStyle(this));
  }
}
