// CSSStyleDeclaration: https://drafts.csswg.org/cssom/#the-cssstyledeclaration-interface
// Inline style (element.style) reads and writes the `style` attribute; the computed style
// (getComputedStyle) is read-only. No CSS cascade: see computedStyleDeclarations.

/** CSS properties answered as "" (not undefined) by camelCase access when unset. */
const CSS_PROPERTY_NAMES = new Set((
  "align-content align-items align-self all animation animation-delay animation-direction animation-duration " +
  "animation-fill-mode animation-iteration-count animation-name animation-play-state animation-timing-function " +
  "appearance aspect-ratio backdrop-filter backface-visibility background background-attachment background-clip " +
  "background-color background-image background-origin background-position background-repeat background-size " +
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
).split(" "));

/** Properties whose unitless zero WebKit serialises as `0px`. */
const LENGTH_PROPERTY = /^(margin|padding|top|left|right|bottom|width|height|min-|max-|font-size|border(-\w+)?-width|border(-\w+)*-radius|text-indent|letter-spacing|word-spacing|gap|row-gap|column-gap|outline-width|outline-offset|inset)/;

/** `backgroundColor` → `background-color`, `webkitUserSelect` → `-webkit-user-select`, `cssFloat` → `float`. */
function cssPropertyNameFromCamel(key) {
  if (key === "cssFloat") return "float";
  let name = key.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
  if (name.startsWith("webkit-")) name = "-" + name;
  return name;
}

/** Hex colours and rgb()/rgba() as WebKit serialises them in specified values. */
function normalizeCSSValue(name, value) {
  value = value.trim().replace(/\s+/g, " ");
  value = value.replace(/#([0-9a-fA-F]{3,8})\b/g, (match, hex) => {
    if (hex.length === 3 || hex.length === 4) hex = hex.split("").map((c) => c + c).join("");
    if (hex.length !== 6 && hex.length !== 8) return match;
    const r = parseInt(hex.slice(0, 2), 16), g = parseInt(hex.slice(2, 4), 16), b = parseInt(hex.slice(4, 6), 16);
    if (hex.length === 6) return `rgb(${r}, ${g}, ${b})`;
    const alpha = Math.round(parseInt(hex.slice(6, 8), 16) / 255 * 100) / 100;
    return alpha === 1 ? `rgb(${r}, ${g}, ${b})` : `rgba(${r}, ${g}, ${b}, ${alpha})`;
  });
  value = value.replace(/\b(rgba?)\(\s*([^)]*?)\s*\)/gi, (match, fn, args) => {
    const parts = args.split(/\s*,\s*|\s+/).filter((p) => p !== "" && p !== "/");
    if (parts.length === 4 && parseFloat(parts[3]) === 1) return `rgb(${parts.slice(0, 3).join(", ")})`;
    return `${parts.length === 4 ? "rgba" : "rgb"}(${parts.join(", ")})`;
  });
  if (LENGTH_PROPERTY.test(name)) value = value.replace(/(^| )0(?= |$)/g, "$10px");
  return value;
}

/** Splits a declaration block into `[{name, value, important}]`, the last of each name winning. */
function parseDeclarations(text) {
  const declarations = [];
  let start = 0, depth = 0, quote = "";
  const push = (chunk) => {
    const colon = chunk.indexOf(":");
    if (colon <= 0) return;
    const name = chunk.slice(0, colon).trim();
    let value = chunk.slice(colon + 1).trim();
    const lowerName = name.startsWith("--") ? name : name.toLowerCase();
    let important = false;
    const bang = /\s*!\s*important\s*$/i.exec(value);
    if (bang) { important = true; value = value.slice(0, bang.index); }
    if (lowerName === "" || value === "") return;
    const existing = declarations.findIndex((d) => d.name === lowerName);
    if (existing >= 0) declarations.splice(existing, 1);
    declarations.push({ name: lowerName, value: normalizeCSSValue(lowerName, value), important });
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) { if (c === "\\") i++; else if (c === quote) quote = ""; }
    else if (c === '"' || c === "'") quote = c;
    else if (c === "(") depth++;
    else if (c === ")") depth = Math.max(0, depth - 1);
    else if (c === ";" && depth === 0) { push(text.slice(start, i)); start = i + 1; }
  }
  push(text.slice(start));
  return declarations;
}

function serializeDeclarations(declarations) {
  return declarations.map((d) => `${d.name}: ${d.value}${d.important ? " !important" : ""};`).join(" ");
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
    writeDeclarations(this, parseDeclarations(String(value)));
  }
  get length() { return styleDeclarations(this).length; }
  item(index) {
    const declaration = styleDeclarations(this)[index >>> 0];
    return declaration === undefined ? "" : declaration.name;
  }
  getPropertyValue(name) {
    name = String(name);
    if (!name.startsWith("--")) name = name.toLowerCase();
    const declaration = styleDeclarations(this).find((d) => d.name === name);
    return declaration === undefined ? "" : declaration.value;
  }
  getPropertyPriority(name) {
    const declaration = styleDeclarations(this).find((d) => d.name === String(name).toLowerCase());
    return declaration !== undefined && declaration.important ? "important" : "";
  }
  setProperty(name, value, priority = "") {
    if (this[SOURCE].computed) throwDOMException("NoModificationAllowedError", "The object can not be modified.");
    name = String(name);
    if (!name.startsWith("--")) name = name.toLowerCase();
    value = value === null || value === undefined ? "" : String(value);
    const declarations = styleDeclarations(this).slice();
    const index = declarations.findIndex((d) => d.name === name);
    if (value.trim() === "") {
      if (index < 0) return;
      declarations.splice(index, 1);
    } else {
      const declaration = { name, value: normalizeCSSValue(name, value), important: String(priority).toLowerCase() === "important" };
      if (index >= 0) declarations[index] = declaration; else declarations.push(declaration);
    }
    writeDeclarations(this, declarations);
  }
  removeProperty(name) {
    const value = this.getPropertyValue(name);
    this.setProperty(name, "");
    return value;
  }
  get cssFloat() { return this.getPropertyValue("float"); }
  set cssFloat(value) { this.setProperty("float", value); }
  get parentRule() { return null; }
  [Symbol.iterator]() { return styleDeclarations(this).map((d) => d.name).values(); }
}

/** The declarations of a style object, re-parsed when the `style` attribute changed. */
function styleDeclarations(style) {
  const source = style[SOURCE];
  if (source.computed) return source.declarations;
  const text = getAttributeValue(source.element, "style") || "";
  if (text !== source.text) {
    source.text = text;
    source.declarations = parseDeclarations(text);
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
      if (CSS_PROPERTY_NAMES.has(name) || CSS_PROPERTY_NAMES.has(key)) return target.getPropertyValue(CSS_PROPERTY_NAMES.has(key) ? key : name);
      const index = arrayIndexOfKey(key);
      if (index >= 0) return index < target.length ? target.item(index) : undefined;
    }
    return Reflect.get(target, key, receiver);
  },
  set(target, key, value, receiver) {
    if (typeof key === "string" && !(key in target)) {
      const name = cssPropertyNameFromCamel(key);
      if (CSS_PROPERTY_NAMES.has(name) || CSS_PROPERTY_NAMES.has(key) || /^-webkit-/.test(name)) {
        target.setProperty(CSS_PROPERTY_NAMES.has(key) ? key : name, value);
        return true;
      }
    }
    return Reflect.set(target, key, value, receiver);
  },
  has(target, key) {
    if (typeof key === "string" && CSS_PROPERTY_NAMES.has(cssPropertyNameFromCamel(key))) return true;
    return Reflect.has(target, key);
  },
};

/** The inline style object of an element (one per element, made on first access). */
function createInlineStyle(element) {
  const style = new CSSStyleDeclaration(INTERNAL);
  style[SOURCE] = { element, computed: false, text: null, declarations: [] };
  return new Proxy(style, STYLE_TRAPS);
}

/** Initial values getComputedStyle reports when nothing inline overrides them (WebKit's). */
const COMPUTED_STYLE_DEFAULTS = {
  "color": "rgb(0, 0, 0)", "background-color": "rgba(0, 0, 0, 0)", "background-image": "none",
  "visibility": "visible", "opacity": "1", "position": "static", "float": "none", "font-size": "16px",
  "font-weight": "400", "font-style": "normal", "font-family": "-apple-system, system-ui",
  "line-height": "normal", "text-align": "start", "text-decoration": "none", "white-space": "normal",
  "overflow": "visible", "z-index": "auto", "width": "auto", "height": "auto",
  "margin-top": "0px", "margin-right": "0px", "margin-bottom": "0px", "margin-left": "0px",
  "padding-top": "0px", "padding-right": "0px", "padding-bottom": "0px", "padding-left": "0px",
  "top": "auto", "left": "auto", "right": "auto", "bottom": "auto", "cursor": "auto",
  "pointer-events": "auto", "box-sizing": "content-box", "direction": "ltr", "content": "normal",
};

/**
 * A read-only style for getComputedStyle: UA `display` defaults, the `hidden` attribute, the
 * element's inline declarations (without shorthand expansion) and WebKit's initial values.
 */
function createComputedStyle(element) {
  const style = new CSSStyleDeclaration(INTERNAL);
  const values = Object.assign({}, COMPUTED_STYLE_DEFAULTS);
  values.display = defaultDisplayOf(element);
  if (element.nodeType === ELEMENT_NODE) {
    for (const d of parseDeclarations(getAttributeValue(element, "style") || "")) values[d.name] = d.value;
    if (values["background"] !== undefined && /^(rgb|rgba)\([^)]*\)$|^[a-z]+$/.test(values["background"])) {
      values["background-color"] = values["background"];
    }
  }
  const declarations = Object.keys(values).map((name) => ({ name, value: values[name], important: false }));
  style[SOURCE] = { element, computed: true, text: null, declarations };
  return new Proxy(style, STYLE_TRAPS);
}

/** The UA stylesheet's `display` for an element (with `hidden` and ancestors hidden ignored). */
function defaultDisplayOf(element) {
  if (element.nodeType !== ELEMENT_NODE) return "";
  if (element[NAMESPACE] !== NS_HTML) return "inline";
  const name = element[LOCAL_NAME];
  if (getAttributeValue(element, "hidden") !== null) return "none";
  if (HIDDEN_ELEMENTS.has(name)) return "none";
  if (name === "input" && (getAttributeValue(element, "type") || "").toLowerCase() === "hidden") return "none";
  if (BLOCK_ELEMENTS.has(name)) return "block";
  return OTHER_DISPLAY_DEFAULTS[name] || "inline";
}
