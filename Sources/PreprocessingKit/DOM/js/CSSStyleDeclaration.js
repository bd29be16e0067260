// CSSStyleDeclaration: https://drafts.csswg.org/cssom/#the-cssstyledeclaration-interface
// Inline style (element.style) reads and writes the `style` attribute, with the `background`,
// `background-position`, `margin` and `padding` shorthands kept as their longhands (parsed and
// serialised by cssValues.js). The computed style (getComputedStyle) is read-only and live: each
// property is computed when read (computedStyle.js).

/** CSS properties answered as "" (not undefined) by camelCase access when unset. */
const cssPropertyNames = lazyTable(() => new Set((
  "align-content align-items align-self all animation animation-delay animation-direction animation-duration " +
  "animation-fill-mode animation-iteration-count animation-name animation-play-state animation-timing-function " +
  "appearance aspect-ratio backdrop-filter backface-visibility background background-attachment background-clip " +
  "background-color background-image background-origin background-position background-position-x background-position-y background-repeat background-size " +
  "block-size border border-bottom border-bottom-color border-bottom-left-radius border-bottom-right-radius " +
  "border-bottom-style border-bottom-width border-collapse border-color border-image border-left border-left-color " +
  "border-left-style border-left-width border-radius border-right border-right-color border-right-style " +
  "border-right-width border-spacing border-style border-top border-top-color border-top-left-radius " +
  "border-top-right-radius border-top-style border-top-width border-width bottom box-shadow box-sizing caption-side " +
  "caret-color clear clip clip-path color column-count column-gap columns content counter-increment counter-reset " +
  "cursor direction display empty-cells fill filter flex flex-basis flex-direction flex-flow flex-grow flex-shrink " +
  "flex-wrap float font font-family font-feature-settings font-size font-stretch font-style font-variant font-weight " +
  "gap grid grid-area grid-column grid-row grid-template grid-template-areas grid-template-columns " +
  "grid-template-rows height hyphens inline-size inset isolation justify-content justify-items justify-self left " +
  "letter-spacing line-height list-style list-style-image list-style-position list-style-type margin margin-bottom " +
  "margin-left margin-right margin-top mask max-height max-width min-height min-width mix-blend-mode object-fit " +
  "object-position opacity order orphans outline outline-color outline-offset outline-style outline-width overflow " +
  "overflow-wrap overflow-x overflow-y padding padding-bottom padding-left padding-right padding-top page-break-after " +
  "page-break-before page-break-inside perspective place-content place-items pointer-events position quotes resize " +
  "right row-gap scroll-behavior scroll-snap-type stroke stroke-width tab-size table-layout text-align " +
  "text-align-last text-decoration text-decoration-color text-decoration-line text-decoration-style text-indent " +
  "text-overflow text-rendering text-shadow text-transform top touch-action transform transform-origin transform-style " +
  "transition transition-delay transition-duration transition-property transition-timing-function unicode-bidi " +
  "user-select vertical-align visibility white-space widows width will-change word-break word-spacing word-wrap " +
  "writing-mode z-index zoom -webkit-text-size-adjust -webkit-user-select -webkit-appearance -webkit-line-clamp " +
  "-webkit-box-orient -webkit-overflow-scrolling -webkit-tap-highlight-color -webkit-font-smoothing -webkit-transform"
).split(" ")));

/** `backgroundColor` → `background-color`, `webkitUserSelect` → `-webkit-user-select`, `cssFloat` → `float`. */
function cssPropertyNameFromCamel(key) {
  if (key === "cssFloat") return "float";
  let name = key.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
  if (name.startsWith("webkit-")) name = "-" + name;
  return name;
}

class CSSStyleDeclaration {
  constructor(token) {
    if (token !== INTERNAL) throw new TypeError("Illegal constructor");
    this[SOURCE] = null; // {element, computed, text, declarations}
  }
  get cssText() { return this[SOURCE].computed ? "" : serializeDeclarations(styleDeclarations(this)); }
  set cssText(value) {
    const source = this[SOURCE];
    if (source.computed) throwDOMException("NoModificationAllowedError", "The object can not be modified.");
    writeDeclarations(this, parseDeclarations(String(value), isQuirksDocument(source.element)));
  }
  get length() { return this[SOURCE].computed ? computedPropertyNames(this[SOURCE].element).length : styleDeclarations(this).length; }
  item(index) {
    const names = this[SOURCE].computed ? computedPropertyNames(this[SOURCE].element) : styleDeclarations(this).map((d) => d.name);
    const name = names[index >>> 0];
    return name === undefined ? "" : name;
  }
  getPropertyValue(name) {
    name = String(name);
    if (!name.startsWith("--")) name = name.toLowerCase();
    if (this[SOURCE].computed) return computedStyleValue(this[SOURCE].element, name);
    const declarations = styleDeclarations(this);
    if (SHORTHAND_LONGHANDS.has(name)) return shorthandValue(declarations, name);
    const declaration = declarations.find((d) => d.name === name);
    return declaration === undefined ? "" : declaration.value;
  }
  getPropertyPriority(name) {
    if (this[SOURCE].computed) return "";
    name = String(name).toLowerCase();
    const declarations = styleDeclarations(this);
    if (SHORTHAND_LONGHANDS.has(name)) {
      const longhands = SHORTHAND_LONGHANDS.get(name);
      return longhands.every((longhand) => declarations.some((d) => d.name === longhand && d.important)) ? "important" : "";
    }
    const declaration = declarations.find((d) => d.name === name);
    return declaration !== undefined && declaration.important ? "important" : "";
  }
  setProperty(name, value, priority = "") {
    const source = this[SOURCE];
    if (source.computed) throwDOMException("NoModificationAllowedError", "The object can not be modified.");
    name = String(name);
    if (!name.startsWith("--")) name = name.toLowerCase();
    value = value === null || value === undefined ? "" : String(value);
    const declarations = styleDeclarations(this).slice();
    const names = SHORTHAND_LONGHANDS.get(name) || [name];
    if (value.trim() === "") {
      const kept = declarations.filter((d) => !names.includes(d.name));
      if (kept.length !== declarations.length) writeDeclarations(this, kept);
      return;
    }
    const important = String(priority).toLowerCase() === "important";
    const expanded = expandDeclaration(name, value.trim(), isQuirksDocument(source.element));
    if (expanded.length === 0) return;
    // An existing declaration keeps its place; new ones go at the end.
    for (const declaration of expanded) {
      declaration.important = important;
      const index = declarations.findIndex((d) => d.name === declaration.name);
      if (index >= 0) declarations[index] = declaration; else declarations.push(declaration);
    }
    writeDeclarations(this, declarations);
  }
  removeProperty(name) {
    name = String(name);
    // WebKit answers "" for a shorthand (its longhands are removed).
    const value = SHORTHAND_LONGHANDS.has(name.toLowerCase()) ? "" : this.getPropertyValue(name);
    this.setProperty(name, "");
    return value;
  }
  get cssFloat() { return this.getPropertyValue("float"); }
  set cssFloat(value) { this.setProperty("float", value); }
  get parentRule() { return null; }
  [Symbol.iterator]() {
    const source = this[SOURCE];
    return (source.computed ? computedPropertyNames(source.element).slice() : styleDeclarations(this).map((d) => d.name)).values();
  }
}

function isQuirksDocument(element) {
  const doc = element[OWNER];
  return doc !== null && doc !== undefined && doc[DOC_STATE].compatMode === "quirks";
}

/** The declarations of an inline style object, re-parsed when the `style` attribute changed. */
function styleDeclarations(style) {
  const source = style[SOURCE];
  const text = getAttributeValue(source.element, "style") || "";
  if (text !== source.text) {
    source.text = text;
    source.declarations = parseDeclarations(text, isQuirksDocument(source.element));
  }
  return source.declarations;
}

function writeDeclarations(style, declarations) {
  const source = style[SOURCE];
  const text = serializeDeclarations(declarations);
  source.declarations = declarations;
  source.text = text;
  setAttributeValue(source.element, "style", text);
}

const STYLE_TRAPS = {
  get(target, key, receiver) {
    if (typeof key === "string" && !(key in target)) {
      const name = cssPropertyNameFromCamel(key);
      const names = cssPropertyNames();
      if (names.has(name) || names.has(key)) return target.getPropertyValue(names.has(key) ? key : name);
      const index = arrayIndexOfKey(key);
      if (index >= 0) return index < target.length ? target.item(index) : undefined;
    }
    return Reflect.get(target, key, receiver);
  },
  set(target, key, value, receiver) {
    if (typeof key === "string" && !(key in target)) {
      const name = cssPropertyNameFromCamel(key);
      const names = cssPropertyNames();
      if (names.has(name) || names.has(key) || /^-webkit-/.test(name)) {
        target.setProperty(names.has(key) ? key : name, value);
        return true;
      }
    }
    return Reflect.set(target, key, value, receiver);
  },
  has(target, key) {
    if (typeof key === "string" && cssPropertyNames().has(cssPropertyNameFromCamel(key))) return true;
    return Reflect.has(target, key);
  },
};

/** The inline style object of an element (one per element, made on first access). */
function createInlineStyle(element) {
  const style = new CSSStyleDeclaration(INTERNAL);
  style[SOURCE] = { element, computed: false, text: null, declarations: [] };
  return new Proxy(style, STYLE_TRAPS);
}

/** Initial values getComputedStyle reports when nothing is cascaded (WebKit's). */

/** A read-only, live style for getComputedStyle; values are computed when read. */
function createComputedStyle(element) {
  const style = new CSSStyleDeclaration(INTERNAL);
  style[SOURCE] = { element, computed: true, text: null, declarations: null };
  return new Proxy(style, STYLE_TRAPS);
}
