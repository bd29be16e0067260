// CSSStyleDeclaration: https://drafts.csswg.org/cssom/#the-cssstyledeclaration-interface
// Inline style (element.style) reads and writes the `style` attribute, with the `background`,
// `background-position`, `margin` and `padding` shorthands kept as their longhands. The computed
// style (getComputedStyle) is read-only and live: each property is computed when read, from the
// cascade of the page's <style> sheets (read with renderedText.js's tokenizer, media queries and
// selector index), presentational attributes and the style attribute.

/** CSS properties answered as "" (not undefined) by camelCase access when unset. */
const CSS_PROPERTY_NAMES = new Set((
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

/** CSS named colours (https://drafts.csswg.org/css-color/#named-colors) as hex, checked against WebKit. */
const CSS_NAMED_COLORS = (() => {
  const words = (
  "aliceblue f0f8ff antiquewhite faebd7 aqua 00ffff aquamarine 7fffd4 azure f0ffff beige f5f5dc " +
  "bisque ffe4c4 black 000000 blanchedalmond ffebcd blue 0000ff blueviolet 8a2be2 brown a52a2a " +
  "burlywood deb887 cadetblue 5f9ea0 chartreuse 7fff00 chocolate d2691e coral ff7f50 " +
  "cornflowerblue 6495ed cornsilk fff8dc crimson dc143c cyan 00ffff darkblue 00008b " +
  "darkcyan 008b8b darkgoldenrod b8860b darkgray a9a9a9 darkgreen 006400 darkgrey a9a9a9 " +
  "darkkhaki bdb76b darkmagenta 8b008b darkolivegreen 556b2f darkorange ff8c00 darkorchid 9932cc " +
  "darkred 8b0000 darksalmon e9967a darkseagreen 8fbc8f darkslateblue 483d8b darkslategray 2f4f4f " +
  "darkslategrey 2f4f4f darkturquoise 00ced1 darkviolet 9400d3 deeppink ff1493 deepskyblue 00bfff " +
  "dimgray 696969 dimgrey 696969 dodgerblue 1e90ff firebrick b22222 floralwhite fffaf0 " +
  "forestgreen 228b22 fuchsia ff00ff gainsboro dcdcdc ghostwhite f8f8ff gold ffd700 " +
  "goldenrod daa520 gray 808080 green 008000 greenyellow adff2f grey 808080 honeydew f0fff0 " +
  "hotpink ff69b4 indianred cd5c5c indigo 4b0082 ivory fffff0 khaki f0e68c lavender e6e6fa " +
  "lavenderblush fff0f5 lawngreen 7cfc00 lemonchiffon fffacd lightblue add8e6 lightcoral f08080 " +
  "lightcyan e0ffff lightgoldenrodyellow fafad2 lightgray d3d3d3 lightgreen 90ee90 " +
  "lightgrey d3d3d3 lightpink ffb6c1 lightsalmon ffa07a lightseagreen 20b2aa lightskyblue 87cefa " +
  "lightslategray 778899 lightslategrey 778899 lightsteelblue b0c4de lightyellow ffffe0 " +
  "lime 00ff00 limegreen 32cd32 linen faf0e6 magenta ff00ff maroon 800000 mediumaquamarine 66cdaa " +
  "mediumblue 0000cd mediumorchid ba55d3 mediumpurple 9370db mediumseagreen 3cb371 " +
  "mediumslateblue 7b68ee mediumspringgreen 00fa9a mediumturquoise 48d1cc mediumvioletred c71585 " +
  "midnightblue 191970 mintcream f5fffa mistyrose ffe4e1 moccasin ffe4b5 navajowhite ffdead " +
  "navy 000080 oldlace fdf5e6 olive 808000 olivedrab 6b8e23 orange ffa500 orangered ff4500 " +
  "orchid da70d6 palegoldenrod eee8aa palegreen 98fb98 paleturquoise afeeee palevioletred db7093 " +
  "papayawhip ffefd5 peachpuff ffdab9 peru cd853f pink ffc0cb plum dda0dd powderblue b0e0e6 " +
  "purple 800080 rebeccapurple 663399 red ff0000 rosybrown bc8f8f royalblue 4169e1 " +
  "saddlebrown 8b4513 salmon fa8072 sandybrown f4a460 seagreen 2e8b57 seashell fff5ee " +
  "sienna a0522d silver c0c0c0 skyblue 87ceeb slateblue 6a5acd slategray 708090 slategrey 708090 " +
  "snow fffafa springgreen 00ff7f steelblue 4682b4 tan d2b48c teal 008080 thistle d8bfd8 " +
  "tomato ff6347 turquoise 40e0d0 violet ee82ee wheat f5deb3 white ffffff whitesmoke f5f5f5 " +
  "yellow ffff00 yellowgreen 9acd32"
  ).split(" ");
  const map = new Map();
  for (let i = 0; i < words.length; i += 2) map.set(words[i], words[i + 1]);
  return map;
})();

/** Properties whose value is a <color> (WebKit drops a declaration whose colour does not parse). */
const COLOR_PROPERTIES = new Set(["color", "background-color", "border-top-color", "border-right-color",
  "border-bottom-color", "border-left-color", "outline-color", "caret-color", "text-decoration-color",
  "column-rule-color", "-webkit-tap-highlight-color", "accent-color", "text-emphasis-color"]);

/** Properties a quirks-mode document lets take a colour without `#` (`color: ff0000`). */
const QUIRKY_COLOR_PROPERTIES = new Set(["color", "background-color", "border-top-color", "border-right-color",
  "border-bottom-color", "border-left-color"]);

/** A colour as [r, g, b, alpha byte] from hex digits (3, 4, 6 or 8), or null. */
function hexColor(hex) {
  if (!/^[0-9a-fA-F]+$/.test(hex)) return null;
  if (hex.length === 3 || hex.length === 4) hex = hex.replace(/./g, (c) => c + c);
  if (hex.length !== 6 && hex.length !== 8) return null;
  const n = (i) => parseInt(hex.slice(i, i + 2), 16);
  return [n(0), n(2), n(4), hex.length === 8 ? n(6) : 255];
}

/**
 * Parses a CSS <color> (https://drafts.csswg.org/css-color/): names, `transparent`, hex, rgb(),
 * rgba(), hsl(), hsla(); with `quirky`, also the quirks-mode hashless hex (a number is padded
 * with zeros to six digits). Returns [r, g, b, alpha byte] or null (`currentcolor` is null too).
 */
function parseCSSColor(text, quirky) {
  const value = text.trim().toLowerCase();
  if (value === "transparent") return [0, 0, 0, 0];
  const named = CSS_NAMED_COLORS.get(value);
  if (named !== undefined) return hexColor(named);
  if (value.charAt(0) === "#") return hexColor(value.slice(1));
  const fn = /^(rgba?|hsla?)\(\s*(.*?)\s*\)$/.exec(value);
  if (fn !== null) {
    const parts = fn[2].split(/\s*,\s*|\s*\/\s*|\s+/);
    if (parts.length !== 3 && parts.length !== 4) return null;
    const number = (part) => /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?%?$/.test(part) ? parseFloat(part) : NaN;
    const alphaPart = parts[3];
    let alpha = alphaPart === undefined ? 1 : number(alphaPart) / (alphaPart.endsWith("%") ? 100 : 1);
    if (Number.isNaN(alpha)) return null;
    alpha = Math.round(Math.min(1, Math.max(0, alpha)) * 255);
    const clamp = (v) => Math.round(Math.min(255, Math.max(0, v)));
    if (fn[1].charAt(0) === "r") {
      const rgb = parts.slice(0, 3).map((part) => number(part) * (part.endsWith("%") ? 2.55 : 1));
      if (rgb.some(Number.isNaN)) return null;
      return [clamp(rgb[0]), clamp(rgb[1]), clamp(rgb[2]), alpha];
    }
    const hue = /^([-+]?[\d.]+)(deg|turn|rad|grad)?$/.exec(parts[0]);
    const saturation = number(parts[1]) / 100, lightness = number(parts[2]) / 100;
    if (hue === null || Number.isNaN(saturation) || Number.isNaN(lightness)) return null;
    const unit = { deg: 1, turn: 360, rad: 180 / Math.PI, grad: 0.9 }[hue[2] || "deg"];
    const h = (((parseFloat(hue[1]) * unit) % 360) + 360) % 360 / 30;
    const s = Math.min(1, Math.max(0, saturation)), l = Math.min(1, Math.max(0, lightness));
    const a = s * Math.min(l, 1 - l);
    const channel = (n) => { const k = (n + h) % 12; return (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255; };
    return [clamp(channel(0)), clamp(channel(8)), clamp(channel(4)), alpha];
  }
  if (quirky) {
    let digits = value;
    if (/^\d+$/.test(digits)) digits = digits.padStart(6, "0");
    if (digits.length === 3 || digits.length === 6) return hexColor(digits);
  }
  return null;
}

/** WebKit's serialisation of a colour: `rgb(r, g, b)`, or `rgba(r, g, b, a)` with the shortest alpha that keeps its byte. */
function serializeColor(color) {
  const [r, g, b, alphaByte] = color;
  if (alphaByte === 255) return `rgb(${r}, ${g}, ${b})`;
  let alpha = alphaByte / 255;
  for (let digits = 1; digits <= 6; digits++) {
    const rounded = Number(alpha.toFixed(digits));
    if (Math.round(rounded * 255) === alphaByte) { alpha = rounded; break; }
  }
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/**
 * HTML's rules for parsing a legacy colour value (https://html.spec.whatwg.org/#rules-for-parsing-a-legacy-colour-value),
 * used by presentational attributes such as `bgcolor`: [r, g, b, 255] or null.
 */
function parseLegacyColor(input) {
  let value = input.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, "");
  if (value === "" || value.toLowerCase() === "transparent") return null;
  const named = CSS_NAMED_COLORS.get(value.toLowerCase());
  if (named !== undefined) return hexColor(named);
  if (value.length === 4 && value.charAt(0) === "#" && /^[0-9a-fA-F]{3}$/.test(value.slice(1))) return hexColor(value.slice(1));
  value = value.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, "00").slice(0, 128);
  if (value.charAt(0) === "#") value = value.slice(1);
  value = value.replace(/[^0-9a-fA-F]/g, "0");
  while (value.length === 0 || value.length % 3 !== 0) value += "0";
  let length = value.length / 3;
  let parts = [value.slice(0, length), value.slice(length, 2 * length), value.slice(2 * length)];
  if (length > 8) { parts = parts.map((part) => part.slice(length - 8)); length = 8; }
  while (length > 2 && parts.every((part) => part.charAt(0) === "0")) { parts = parts.map((part) => part.slice(1)); length--; }
  if (length > 2) parts = parts.map((part) => part.slice(0, 2));
  const channels = parts.map((part) => parseInt(part, 16));
  return [channels[0], channels[1], channels[2], 255];
}

/** Splits `text` at top-level occurrences of `separator` (a character; " " splits at white space runs). */
function splitCSSTopLevel(text, separator) {
  // Without brackets, quotes or escapes, a plain split does.
  if (!/[("'\\[]/.test(text)) {
    return separator === " " ? text.split(/\s+/).filter((part) => part !== "") : text.split(separator).map((part) => part.trim());
  }
  const parts = [];
  let depth = 0, quote = "", start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) { if (c === "\\") i++; else if (c === quote) quote = ""; continue; }
    if (c === '"' || c === "'") quote = c;
    else if (c === "(") depth++;
    else if (c === ")") depth = Math.max(0, depth - 1);
    else if (depth === 0 && (separator === " " ? /\s/.test(c) : c === separator)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return separator === " " ? parts.filter((part) => part !== "") : parts.map((part) => part.trim());
}

/** The `background` shorthand's longhands, in WebKit's order. */
const BACKGROUND_LONGHANDS = ["background-image", "background-position-x", "background-position-y", "background-size",
  "background-repeat", "background-attachment", "background-origin", "background-clip", "background-color"];
const BACKGROUND_INITIAL = {
  "background-image": "none", "background-position-x": "0%", "background-position-y": "0%", "background-size": "auto",
  "background-repeat": "repeat", "background-attachment": "scroll", "background-origin": "padding-box",
  "background-clip": "border-box", "background-color": "transparent",
};
const BACKGROUND_IMAGE = /^(none|url\(.*\)|(-webkit-)?(repeating-)?(linear|radial|conic)-gradient\(.*\)|(-webkit-)?image-set\(.*\)|-webkit-gradient\(.*\)|(-webkit-)?cross-fade\(.*\))$/i;
const BACKGROUND_POSITION_KEYWORD = /^(left|right|top|bottom|center)$/i;
const CSS_LENGTH_OR_PERCENTAGE = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?(%|[a-z]+)?$/i;

/** A `url(…)` as WebKit serialises it: `url("…")`. */
function serializeURLFunction(value) {
  return value.replace(/\burl\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*?))\s*\)/gi, (match, d, s, bare) => `url("${d ?? s ?? bare}")`);
}

/**
 * The `background` shorthand (https://drafts.csswg.org/css-backgrounds/#background) expanded to
 * its longhands: [{name, value, implicit}] where `implicit` says, per layer, that the value was
 * not given (and is initial); null when the value is invalid (the declaration is dropped).
 */
function expandBackgroundShorthand(value) {
  const layers = splitCSSTopLevel(value, ",");
  const values = {};
  for (const name of BACKGROUND_LONGHANDS) values[name] = [];
  const implicit = {};
  for (const name of BACKGROUND_LONGHANDS) implicit[name] = [];
  for (let l = 0; l < layers.length; l++) {
    // `center/cover` is three tokens, as `center / cover` (a "/" inside url() is not).
    const tokens = [];
    for (const token of splitCSSTopLevel(layers[l], " ")) {
      if (token.indexOf("/") < 0 || token.indexOf("(") >= 0) tokens.push(token);
      else for (const part of token.split(/(\/)/)) if (part !== "") tokens.push(part);
    }
    if (tokens.length === 0) return null;
    const layer = {};
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i], lower = token.toLowerCase();
      if (layer.image === undefined && BACKGROUND_IMAGE.test(token)) { layer.image = serializeURLFunction(normalizeCSSValue("background-image", token)); continue; }
      if (layer.position === undefined && (BACKGROUND_POSITION_KEYWORD.test(token) || CSS_LENGTH_OR_PERCENTAGE.test(token))) {
        const position = [];
        while (i < tokens.length && position.length < 4 && (BACKGROUND_POSITION_KEYWORD.test(tokens[i]) || CSS_LENGTH_OR_PERCENTAGE.test(tokens[i]))) position.push(tokens[i++]);
        layer.position = backgroundPositionAxes(position);
        if (layer.position === null) return null;
        if (tokens[i] === "/") {
          const size = [];
          i++;
          while (i < tokens.length && size.length < 2 && (/^(auto|cover|contain)$/i.test(tokens[i]) || CSS_LENGTH_OR_PERCENTAGE.test(tokens[i]))) {
            size.push(tokens[i++]);
            if (/^(cover|contain)$/i.test(size[0])) break;
          }
          if (size.length === 0) return null;
          layer.size = size.map((part) => normalizeCSSValue("width", part)).join(" ");
        }
        i--;
        continue;
      }
      if (layer.repeat === undefined && /^(repeat-x|repeat-y)$/.test(lower)) { layer.repeat = lower; continue; }
      if (layer.repeat === undefined && /^(repeat|space|round|no-repeat)$/.test(lower)) {
        layer.repeat = lower;
        if (/^(repeat|space|round|no-repeat)$/i.test(tokens[i + 1] || "")) layer.repeat += " " + tokens[++i].toLowerCase();
        continue;
      }
      if (layer.attachment === undefined && /^(scroll|fixed|local)$/.test(lower)) { layer.attachment = lower; continue; }
      if (/^(border-box|padding-box|content-box)$/.test(lower) && layer.clip === undefined) {
        if (layer.origin === undefined) layer.origin = lower; else layer.clip = lower;
        continue;
      }
      if (layer.color === undefined && l === layers.length - 1 && (lower === "currentcolor" || parseCSSColor(token, false) !== null)) {
        layer.color = normalizeCSSValue("background-color", token);
        continue;
      }
      return null;
    }
    if (layer.origin !== undefined && layer.clip === undefined) layer.clip = layer.origin;
    const given = {
      "background-image": layer.image, "background-position-x": layer.position && layer.position[0],
      "background-position-y": layer.position && layer.position[1], "background-size": layer.size,
      "background-repeat": layer.repeat, "background-attachment": layer.attachment, "background-origin": layer.origin,
      "background-clip": layer.clip, "background-color": layer.color,
    };
    for (const name of BACKGROUND_LONGHANDS) {
      if (name === "background-color" && l < layers.length - 1) continue;
      values[name].push(given[name] === undefined ? BACKGROUND_INITIAL[name] : given[name]);
      implicit[name].push(given[name] === undefined);
    }
  }
  return BACKGROUND_LONGHANDS.map((name) => ({ name, value: values[name].join(", "), implicit: implicit[name] }));
}

/** [x, y] of a background position (1 to 4 values; keywords put on their axis), or null. */
function backgroundPositionAxes(parts) {
  const values = parts.map((part) => BACKGROUND_POSITION_KEYWORD.test(part) ? part.toLowerCase() : normalizeCSSValue("left", part));
  const isY = (v) => v === "top" || v === "bottom", isX = (v) => v === "left" || v === "right";
  if (values.length === 1) return isY(values[0]) ? ["center", values[0]] : [values[0], "center"];
  if (values.length === 2) {
    if (isY(values[0]) || isX(values[1])) return [values[1], values[0]];
    return [values[0], values[1]];
  }
  // Three or four values: keyword offset pairs (`right 10px top`).
  const groups = [];
  for (let i = 0; i < values.length; i++) {
    if (!BACKGROUND_POSITION_KEYWORD.test(values[i])) return null;
    if (i + 1 < values.length && !BACKGROUND_POSITION_KEYWORD.test(values[i + 1])) { groups.push(values[i] + " " + values[++i]); }
    else groups.push(values[i]);
  }
  if (groups.length !== 2) return null;
  return isY(groups[0].split(" ")[0]) ? [groups[1], groups[0]] : [groups[0], groups[1]];
}

/** The `background` shorthand's value from its longhand declarations (all present), as WebKit serialises it; "" when it cannot. */
function serializeBackgroundShorthand(byName) {
  const layers = {};
  let count = -1;
  for (const name of BACKGROUND_LONGHANDS) {
    const declaration = byName.get(name);
    layers[name] = name === "background-color" ? [declaration.value] : splitCSSTopLevel(declaration.value, ",");
    if (name !== "background-color") {
      if (count >= 0 && layers[name].length !== count) return "";
      count = layers[name].length;
    }
  }
  const implicitAt = (name, l) => {
    const implicit = byName.get(name).implicit;
    return Array.isArray(implicit) && implicit[name === "background-color" ? 0 : l] === true;
  };
  const out = [];
  for (let l = 0; l < count; l++) {
    const words = [];
    const add = (name) => { if (!implicitAt(name, l)) words.push(layers[name][l]); };
    add("background-image");
    const positionGiven = !implicitAt("background-position-x", l) || !implicitAt("background-position-y", l);
    const sizeGiven = !implicitAt("background-size", l);
    if (positionGiven || sizeGiven) {
      words.push(layers["background-position-x"][l] + " " + layers["background-position-y"][l]);
      if (sizeGiven) words.push("/", layers["background-size"][l]);
    }
    add("background-repeat");
    add("background-attachment");
    const origin = layers["background-origin"][l], clip = layers["background-clip"][l];
    if (!implicitAt("background-origin", l) || !implicitAt("background-clip", l)) {
      words.push(origin);
      if (clip !== origin) words.push(clip);
    }
    if (l === count - 1 && !implicitAt("background-color", l) && layers["background-color"][0] !== "transparent") words.push(layers["background-color"][0]);
    out.push(words.length === 0 ? "none" : words.join(" "));
  }
  return out.join(", ");
}

/** Shorthands the declarations expand (longhands in WebKit's order). */
const SHORTHAND_LONGHANDS = new Map([["background", BACKGROUND_LONGHANDS],
  ["background-position", ["background-position-x", "background-position-y"]],
  ["margin", ["margin-top", "margin-right", "margin-bottom", "margin-left"]],
  ["padding", ["padding-top", "padding-right", "padding-bottom", "padding-left"]]]);

/** Top, right, bottom, left of a 1–4 value box shorthand (`margin: 0 auto`), or null. */
function boxShorthandSides(value) {
  const parts = splitCSSTopLevel(value, " ");
  if (parts.length < 1 || parts.length > 4) return null;
  const [top, right = top, bottom = top, left = right] = parts;
  return [top, right, bottom, left];
}

/** The shortest 1–4 value form of top, right, bottom, left. */
function serializeBoxSides(sides) {
  const [top, right, bottom, left] = sides;
  if (left !== right) return `${top} ${right} ${bottom} ${left}`;
  if (bottom !== top) return `${top} ${right} ${bottom}`;
  if (right !== top) return `${top} ${right}`;
  return top;
}

/**
 * Splits a declaration block into `[{name, value, important, implicit?}]`, the last of each name
 * winning (an !important one is kept over later normal ones). `background` and
 * `background-position` become their longhands; a colour property whose value is no colour is
 * dropped; with `quirks`, `color: ff0000` is a colour.
 */
function parseDeclarations(text, quirks = false) {
  const declarations = [];
  let start = 0, depth = 0, quote = "";
  const add = (declaration) => {
    const existing = declarations.findIndex((d) => d.name === declaration.name);
    if (existing >= 0) {
      if (declarations[existing].important && !declaration.important) return;
      declarations.splice(existing, 1);
    }
    declarations.push(declaration);
  };
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
    for (const declaration of expandDeclaration(lowerName, value, quirks)) {
      declaration.important = important;
      add(declaration);
    }
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

/** One declaration as the longhand declarations it sets ([] when its value is invalid). */
function expandDeclaration(name, value, quirks) {
  // A custom property's value is its tokens as written.
  if (name.startsWith("--")) return [{ name, value, implicit: false }];
  const keyword = /^(inherit|initial|unset|revert|revert-layer)$/i.test(value) ? value.toLowerCase() : null;
  const longhands = SHORTHAND_LONGHANDS.get(name);
  if (longhands !== undefined) {
    // With var() the shorthand is expanded when the variables are known (computedSpecifiedValue).
    if (keyword !== null || /\bvar\(/i.test(value)) return longhands.map((longhand) => ({ name: longhand, value: keyword || value, implicit: false, shorthand: name }));
    if (name === "background") return expandBackgroundShorthand(value) || [];
    if (name === "margin" || name === "padding") {
      const sides = boxShorthandSides(value);
      return sides === null ? [] : longhands.map((longhand, i) => ({ name: longhand, value: normalizeCSSValue(longhand, sides[i]), implicit: false }));
    }
    const axes = splitCSSTopLevel(value, ",").map((layer) => backgroundPositionAxes(splitCSSTopLevel(layer, " ")));
    if (axes.some((pair) => pair === null)) return [];
    return [{ name: longhands[0], value: axes.map((pair) => pair[0]).join(", "), implicit: false },
      { name: longhands[1], value: axes.map((pair) => pair[1]).join(", "), implicit: false }];
  }
  if (COLOR_PROPERTIES.has(name) && keyword === null && !/\bvar\(/i.test(value) && value.toLowerCase() !== "currentcolor") {
    const color = parseCSSColor(value, quirks && QUIRKY_COLOR_PROPERTIES.has(name));
    if (color === null) return [];
    // Specified colours keep their names; hex and functions are serialised as rgb()/rgba().
    if (!CSS_NAMED_COLORS.has(value.trim().toLowerCase()) && value.trim().toLowerCase() !== "transparent") value = serializeColor(color);
  }
  if (keyword === null && /url\(/i.test(value)) value = serializeURLFunction(value);
  return [{ name, value: keyword || normalizeCSSValue(name, value), implicit: false }];
}

/** The value of a shorthand from the declarations ("" unless all its longhands are there, with one priority). */
function shorthandValue(declarations, shorthand) {
  const byName = new Map();
  for (const d of declarations) byName.set(d.name, d);
  const longhands = SHORTHAND_LONGHANDS.get(shorthand);
  const first = byName.get(longhands[0]);
  if (first === undefined) return "";
  for (const longhand of longhands) {
    const d = byName.get(longhand);
    if (d === undefined || d.important !== first.important) return "";
  }
  const keywords = longhands.map((longhand) => byName.get(longhand).value);
  if (/^(inherit|initial|unset|revert|revert-layer)$/.test(keywords[0])) return keywords.every((k) => k === keywords[0]) ? keywords[0] : "";
  if (shorthand === "background") return serializeBackgroundShorthand(byName);
  if (shorthand === "margin" || shorthand === "padding") return serializeBoxSides(keywords);
  const x = splitCSSTopLevel(keywords[0], ","), y = splitCSSTopLevel(keywords[1], ",");
  return x.length === y.length ? x.map((value, i) => value + " " + y[i]).join(", ") : "";
}

/** https://drafts.csswg.org/cssom/#serialize-a-css-declaration-block: longhands of a complete shorthand as the shorthand. */
function serializeDeclarations(declarations) {
  const out = [];
  const done = new Set();
  for (const d of declarations) {
    if (done.has(d.name)) continue;
    let shorthandText = null;
    for (const [shorthand, longhands] of SHORTHAND_LONGHANDS) {
      if (!longhands.includes(d.name)) continue;
      const value = shorthandValue(declarations, shorthand);
      if (value === "") continue;
      shorthandText = `${shorthand}: ${value}${d.important ? " !important" : ""};`;
      for (const longhand of longhands) done.add(longhand);
      break;
    }
    if (shorthandText !== null) { out.push(shorthandText); continue; }
    done.add(d.name);
    out.push(`${d.name}: ${d.value}${d.important ? " !important" : ""};`);
  }
  return out.join(" ");
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

/** Initial values getComputedStyle reports when nothing is cascaded (WebKit's). */
const COMPUTED_STYLE_DEFAULTS = {
  "color": "rgb(0, 0, 0)", "background-color": "rgba(0, 0, 0, 0)", "background-image": "none",
  "background-position-x": "0%", "background-position-y": "0%", "background-size": "auto", "background-repeat": "repeat",
  "background-attachment": "scroll", "background-origin": "padding-box", "background-clip": "border-box",
  "visibility": "visible", "opacity": "1", "position": "static", "float": "none", "font-size": "16px",
  "font-weight": "400", "font-style": "normal", "font-family": "-webkit-standard",
  "line-height": "normal", "text-align": "start", "text-decoration": "none", "white-space": "normal",
  "overflow": "visible", "overflow-x": "visible", "overflow-y": "visible", "z-index": "auto", "width": "auto", "height": "auto",
  "margin-top": "0px", "margin-right": "0px", "margin-bottom": "0px", "margin-left": "0px",
  "padding-top": "0px", "padding-right": "0px", "padding-bottom": "0px", "padding-left": "0px",
  "top": "auto", "left": "auto", "right": "auto", "bottom": "auto", "cursor": "auto", "text-transform": "none",
  "pointer-events": "auto", "box-sizing": "content-box", "direction": "ltr", "content": "normal",
  "border-top-color": "currentcolor", "border-right-color": "currentcolor", "border-bottom-color": "currentcolor",
  "border-left-color": "currentcolor", "outline-color": "currentcolor", "text-decoration-color": "currentcolor",
};

/** Properties whose computed value a child inherits when nothing is cascaded for it. */
const INHERITED_PROPERTIES = new Set(["color", "font-family", "font-size", "font-style", "font-variant", "font-weight",
  "font-stretch", "line-height", "letter-spacing", "word-spacing", "text-align", "text-indent", "text-transform",
  "white-space", "visibility", "direction", "cursor", "list-style-type", "list-style-position", "list-style-image",
  "quotes", "word-break", "overflow-wrap", "word-wrap", "hyphens", "tab-size", "text-shadow", "caret-color",
  "pointer-events", "text-rendering", "writing-mode", "orphans", "widows", "border-collapse", "border-spacing",
  "caption-side", "empty-cells", "text-align-last", "fill", "stroke", "stroke-width", "-webkit-text-size-adjust",
  "-webkit-font-smoothing", "-webkit-tap-highlight-color"]);

/** Every property getComputedStyle enumerates (its `length` and `item()`), in name order as WebKit lists them. */
const COMPUTED_PROPERTY_NAMES = Object.keys(COMPUTED_STYLE_DEFAULTS).concat(["display"]).sort();

function computedPropertyNames(element) {
  return element.nodeType === ELEMENT_NODE && element.isConnected ? COMPUTED_PROPERTY_NAMES : [];
}

/** Elements whose `bgcolor` attribute is a presentational hint for background-color. */
const BGCOLOR_ELEMENTS = new Set(["body", "table", "thead", "tbody", "tfoot", "tr", "td", "th", "marquee"]);
/** Absolute font-size keywords in px (WebKit, 16px medium). */
const FONT_SIZE_KEYWORDS = { "xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24, "xx-large": 32, "xxx-large": 48 };
/** User-agent font sizes (em of the parent's). */
const UA_FONT_SIZES = { h1: "2em", h2: "1.5em", h3: "1.17em", h5: "0.83em", h6: "0.67em", small: "smaller", big: "larger", sub: "smaller", sup: "smaller" };
const UA_BOLD_ELEMENTS = new Set(["b", "strong", "th", "h1", "h2", "h3", "h4", "h5", "h6"]);
const UA_ITALIC_ELEMENTS = new Set(["i", "em", "cite", "var", "dfn", "address"]);

/**
 * The values of the user-agent style sheet and of presentational attributes (bgcolor, text,
 * font color), below every author rule; null when they set nothing for `name`.
 */
function computedBaseValue(element, name) {
  if (element[NAMESPACE] !== NS_HTML) return null;
  const local = element[LOCAL_NAME];
  let attribute = null;
  if (name === "background-color" && BGCOLOR_ELEMENTS.has(local)) attribute = getAttributeValue(element, "bgcolor");
  else if (name === "color" && (local === "body" || local === "font")) attribute = getAttributeValue(element, local === "body" ? "text" : "color");
  if (attribute !== null) {
    const color = parseLegacyColor(attribute);
    if (color !== null) return serializeColor(color);
  }
  switch (name) {
    case "display": return cssUserAgentDisplay(element);
    case "color": return local === "a" && getAttributeValue(element, "href") !== null ? "rgb(0, 0, 238)" : null;
    case "font-weight": return UA_BOLD_ELEMENTS.has(local) ? "700" : null;
    case "font-style": return UA_ITALIC_ELEMENTS.has(local) ? "italic" : null;
    case "font-size": return UA_FONT_SIZES[local] || null;
    case "margin-top": case "margin-right": case "margin-bottom": case "margin-left": return local === "body" ? "8px" : null;
  }
  return null;
}

/** Per document: the rules of its `<style>` sheets, re-read when the tree changed. */
const computedRulesCache = new WeakMap();

/**
 * The author style rules of `doc` ({list: [{prelude, body}], indexes}): every `<style>` element
 * (of type text/css, in the tree) is a sheet of its own, read as renderedText.js reads them; a
 * media attribute scopes its sheet. Only @media blocks that match the viewport are entered.
 */
function computedAuthorRules(doc) {
  const version = doc[VERSION];
  let rules = computedRulesCache.get(doc);
  if (rules !== undefined && rules.version === version) return rules;
  const sheets = [];
  let key = "";
  for (let node = doc[FIRST]; node !== null && node !== undefined; node = selectorNextInTree(node, doc)) {
    if (node[LOCAL_NAME] !== "style" || (node[NAMESPACE] !== NS_HTML && node[NAMESPACE] !== NS_SVG)) continue;
    const type = getAttributeValue(node, "type");
    if (type !== null && type.trim() !== "" && type.trim().toLowerCase() !== "text/css") continue;
    const media = getAttributeValue(node, "media");
    const text = renderedDescendantText(node);
    sheets.push(media, text);
    key += (media === null ? "" : media) + "{" + text + "}\n";
  }
  if (rules !== undefined && rules.key === key) {
    rules.version = version;
    return rules;
  }
  rules = { version, key, list: [], indexes: new Map() };
  for (let i = 0; i < sheets.length; i += 2) {
    const media = sheets[i];
    let text = renderedTokenizeSheet(sheets[i + 1]);
    if (media !== null && media.trim() !== "") text = "@media " + media + " {\n" + text + "\n}";
    computedCollectRules(text, 0, text.length, rules.list, 0);
  }
  computedRulesCache.set(doc, rules);
  return rules;
}

/** The next character a rule scan stops at: block and bracket delimiters, strings, escapes. */
const COMPUTED_RULE_STOPS = /[{};"'\\()[\]]/g;
const COMPUTED_BLOCK_STOPS = /[{}"'\\]/g;

/**
 * The style rules between `from` and `to` of a tokenized sheet (renderedTokenizeSheet: no
 * comments, strings closed, blocks balanced), entering @media blocks that match the viewport
 * and @supports, @layer and @container blocks, as renderedParseRules reads a sheet.
 */
function computedCollectRules(text, from, to, list, nesting) {
  let pos = from;
  while (pos < to) {
    // The prelude: up to "{" outside brackets (an at-rule may end at ";" instead).
    let open = -1, depth = 0;
    COMPUTED_RULE_STOPS.lastIndex = pos;
    for (let match; (match = COMPUTED_RULE_STOPS.exec(text)) !== null && match.index < to;) {
      const c = match[0], i = match.index;
      if (c === '"' || c === "'") COMPUTED_RULE_STOPS.lastIndex = renderedStringEnd(text, i) + 1;
      else if (c === "\\") COMPUTED_RULE_STOPS.lastIndex = i + 2;
      else if (c === "(" || c === "[") depth++;
      else if (c === ")" || c === "]") { if (depth > 0) depth--; }
      else if (depth === 0 && (c === "{" || (c === ";" && text.slice(pos, i).trimStart().charAt(0) === "@"))) { open = i; break; }
      else if (depth === 0 && c === "}") { open = -2; pos = i + 1; break; } // a stray "}" (the end of an enclosing block)
    }
    if (open === -2) continue;
    if (open < 0) break;
    const prelude = text.slice(pos, open).trim();
    if (text.charAt(open) === ";") { pos = open + 1; continue; }
    // The block: up to its matching "}".
    let close = -1;
    depth = 0;
    COMPUTED_BLOCK_STOPS.lastIndex = open;
    for (let match; (match = COMPUTED_BLOCK_STOPS.exec(text)) !== null;) {
      const c = match[0], i = match.index;
      if (c === '"' || c === "'") COMPUTED_BLOCK_STOPS.lastIndex = renderedStringEnd(text, i) + 1;
      else if (c === "\\") COMPUTED_BLOCK_STOPS.lastIndex = i + 2;
      else if (c === "{") depth++;
      else if (--depth === 0) { close = i; break; }
    }
    if (close < 0 || close > to) close = to;
    pos = close + 1;
    if (prelude === "" || prelude.indexOf(RENDERED_BAD_STRING) >= 0) continue;
    if (prelude.charAt(0) === "@") {
      const name = (/^@[-\w]+/.exec(prelude)?.[0] ?? "").toLowerCase();
      const condition = prelude.slice(name.length).trim();
      const enter = name === "@media" ? renderedMediaMatches(condition) :
        name === "@supports" ? !/^not\b/i.test(condition) : name === "@layer" || name === "@container";
      if (enter && nesting < 8) computedCollectRules(text, open + 1, close, list, nesting + 1);
      continue;
    }
    list.push({ prelude, body: text.slice(open + 1, close), lowerBody: null, selectors: undefined, declarations: null });
  }
}

/** The word a rule's block must contain to set `name`: the shorthand's name for its longhands. */
function computedIndexKey(name) {
  const dash = name.indexOf("-", 1);
  const base = dash < 0 ? name : name.slice(0, dash);
  return base === "background" || base === "margin" || base === "padding" ? base : name;
}

/**
 * The key of a selector's subject compound, read from its text without compiling it: `#id`,
 * `.class` or a lower-case tag that any element it matches has; null when it names none
 * (or the text is not simple enough to tell).
 */
function computedSubjectKey(selector) {
  let start = 0, depth = 0;
  if (!/[\\"'(\[]/.test(selector)) {
    start = Math.max(selector.lastIndexOf(" "), selector.lastIndexOf(">"), selector.lastIndexOf("+"), selector.lastIndexOf("~"),
      selector.lastIndexOf("\n"), selector.lastIndexOf("\t")) + 1;
  } else for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === "\\") return null;
    if (c === '"' || c === "'") { i = renderedStringEnd(selector, i); continue; }
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0 && (c === " " || c === ">" || c === "+" || c === "~" || c === "\n" || c === "\t")) start = i + 1;
  }
  const compound = selector.slice(start);
  // The compound's own #id and .class (not those inside :not(…), :is(…) or [attr="…"]).
  let id = null, className = null;
  const ident = /-?[_a-zA-Z\u00a0-\uffff][-\w\u00a0-\uffff]*/y;
  depth = 0;
  for (let i = 0; i < compound.length; i++) {
    const c = compound[i];
    if (c === '"' || c === "'") { i = renderedStringEnd(compound, i); continue; }
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0 && (c === "#" || c === ".")) {
      ident.lastIndex = i + 1;
      const match = ident.exec(compound);
      if (match === null) continue;
      if (c === "#" && id === null) id = "#" + match[0];
      else if (c === "." && className === null) className = "." + match[0];
      i += match[0].length;
    }
  }
  const tag = /^[a-zA-Z][-\w]*/.exec(compound);
  if (id !== null) return id;
  if (className !== null) return className;
  return tag === null ? null : tag[0].toLowerCase();
}

/**
 * The rules whose block mentions `key`, bucketed by their selectors' subjects as
 * renderedCandidateRules reads them: {rule, position, selector}; a selector is compiled when it
 * is first a candidate (computedEntrySelector).
 */
function computedRuleIndex(rules, key) {
  let index = rules.indexes.get(key);
  if (index !== undefined) return index;
  index = { count: 0, byId: new Map(), byClass: new Map(), byTag: new Map(), universal: [] };
  const custom = key.startsWith("--");
  for (let i = 0; i < rules.list.length; i++) {
    const rule = rules.list[i];
    const body = custom ? rule.body : rule.lowerBody === null ? (rule.lowerBody = rule.body.toLowerCase()) : rule.lowerBody;
    if (body.indexOf(key) < 0) continue;
    if (rule.selectors === undefined) {
      const selectorText = renderedWithoutPseudoElementSelectors(rule.prelude);
      rule.selectorText = selectorText;
      rule.selectors = selectorText === "" ? [] : splitCSSTopLevel(selectorText, ",");
      rule.compiled = undefined;
    }
    for (let k = 0; k < rule.selectors.length; k++) {
      const entry = { rule, order: i, position: k, complex: undefined, weight: 0 };
      index.count++;
      const subject = computedSubjectKey(rule.selectors[k]);
      if (subject === null) { index.universal.push(entry); continue; }
      const code = subject.charCodeAt(0);
      const map = code === 35 ? index.byId : code === 46 ? index.byClass : index.byTag;
      const bucketName = code === 35 || code === 46 ? subject.slice(1) : subject;
      const bucket = map.get(bucketName);
      if (bucket === undefined) map.set(bucketName, [entry]); else bucket.push(entry);
    }
  }
  rules.indexes.set(key, index);
  return index;
}

/** Compiles an index entry's selector on first use (false when its rule's selector list is invalid). */
function computedEntrySelector(entry) {
  if (entry.complex !== undefined) return entry.complex !== null;
  const rule = entry.rule;
  if (rule.compiled === undefined) {
    try { rule.compiled = compileSelectors(rule.selectorText).list; } catch (error) { rule.compiled = null; }
  }
  const complex = rule.compiled === null ? undefined : rule.compiled[entry.position];
  if (complex === undefined) { entry.complex = null; return false; }
  const s = complex.specificity;
  entry.complex = complex;
  // Specificity, then order; above the user-agent and presentational values (0).
  entry.weight = 1 + Math.min(s[0], 999) * 1e12 + Math.min(s[1], 999) * 1e9 + Math.min(s[2], 999) * 1e6 + Math.min(entry.order, 999998);
  return true;
}

/** A rule block's declarations by name (parsed on first use; bad strings drop their declaration). */
function computedRuleDeclarations(rule, quirks) {
  if (rule.declarations === null) {
    rule.declarations = new Map();
    for (const d of parseDeclarations(rule.body, quirks)) {
      if (d.value.indexOf(RENDERED_BAD_STRING) < 0) rule.declarations.set(d.name, d);
    }
  }
  return rule.declarations;
}

/** Parsed `style` attributes by their text (bounded). */
const computedInlineCache = new Map();

/**
 * The cascaded value of `name` for `element` (https://drafts.csswg.org/css-cascade/#cascaded):
 * the user-agent and presentational value, then author rules by specificity and order, then
 * the style attribute; !important above all. null when nothing sets it.
 */
/** The shorthand the last cascaded value was declared with (when it holds var()), else null. */
let computedCascadedShorthand = null;

function computedCascadedValue(element, name) {
  let best = computedBaseValue(element, name);
  let bestPriority = best === null ? -1 : 0;
  computedCascadedShorthand = null;
  const doc = element[OWNER];
  const quirks = doc[DOC_STATE].compatMode === "quirks";
  const rules = computedAuthorRules(doc);
  if (rules.list.length > 0) {
    const index = computedRuleIndex(rules, computedIndexKey(name));
    const candidates = index.count > 0 ? renderedCandidateRules(index, element) : null;
    if (candidates !== null) {
      const context = { scope: null, hasAnchor: null };
      for (let i = 0; i < candidates.length; i++) {
        const entry = candidates[i];
        const declaration = computedRuleDeclarations(entry.rule, quirks).get(name);
        if (declaration === undefined || !computedEntrySelector(entry)) continue;
        const priority = entry.weight + (declaration.important ? 4e15 : 0);
        if (priority <= bestPriority || !selectorMatchFrom(entry.complex, 0, element, context)) continue;
        best = declaration.value;
        bestPriority = priority;
        computedCascadedShorthand = declaration.shorthand ?? null;
      }
    }
  }
  const inline = getAttributeValue(element, "style");
  if (inline !== null && inline !== "") {
    const cacheKey = (quirks ? "q" : "s") + inline;
    let declarations = computedInlineCache.get(cacheKey);
    if (declarations === undefined) {
      if (computedInlineCache.size > 2000) computedInlineCache.clear();
      computedInlineCache.set(cacheKey, declarations = parseDeclarations(inline, quirks));
    }
    const declaration = declarations.find((d) => d.name === name);
    if (declaration !== undefined && 2e15 + (declaration.important ? 4e15 : 0) > bestPriority) {
      best = declaration.value;
      computedCascadedShorthand = declaration.shorthand ?? null;
    }
  }
  return best;
}

/** The element whose computed values `element` inherits (null for the root). */
function computedParentOf(element) {
  const parent = element[PARENT];
  return parent !== null && parent.nodeType === ELEMENT_NODE ? parent : null;
}

/** A custom property's computed value (https://drafts.csswg.org/css-variables/): inherited; null when unset. */
function computedCustomProperty(element, name, depth) {
  for (let node = element; node !== null; node = computedParentOf(node)) {
    const value = computedCascadedValue(node, name);
    if (value === null || value === "inherit" || value === "unset") continue;
    if (value === "initial") return null;
    return value.indexOf("var(") >= 0 ? computedSubstituteVariables(node, value, depth + 1) : value;
  }
  return null;
}

/** Replaces each var(--name, fallback) of `value` (null when one is unset and has no fallback). */
function computedSubstituteVariables(element, value, depth = 0) {
  if (depth > 16) return null;
  let out = "";
  let pos = 0;
  for (;;) {
    const start = value.toLowerCase().indexOf("var(", pos);
    if (start < 0) break;
    let level = 0, end = start + 3;
    for (; end < value.length; end++) {
      if (value[end] === "(") level++;
      else if (value[end] === ")" && --level === 0) break;
    }
    const inside = value.slice(start + 4, end);
    const comma = inside.indexOf(",");
    const name = (comma < 0 ? inside : inside.slice(0, comma)).trim();
    let replacement = computedCustomProperty(element, name, depth);
    if (replacement === null && comma >= 0) {
      const fallback = inside.slice(comma + 1).trim();
      replacement = fallback.indexOf("var(") >= 0 ? computedSubstituteVariables(element, fallback, depth + 1) : fallback;
    }
    if (replacement === null) return null;
    out += value.slice(pos, start) + replacement;
    pos = end + 1;
  }
  return out + value.slice(pos);
}

/** The cascaded value with variables substituted ("unset" when a substitution fails). */
function computedSpecifiedValue(element, name) {
  let value = computedCascadedValue(element, name);
  const shorthand = computedCascadedShorthand;
  if (value !== null && value.indexOf("var(") >= 0) {
    value = computedSubstituteVariables(element, value);
    if (value === null) return "unset";
    const expanded = expandDeclaration(shorthand ?? name, value.trim(), false);
    value = expanded.length === 0 ? "unset" : expanded.find((d) => d.name === name)?.value ?? "unset";
  }
  return value;
}

/** Per document: computed values by element and property, for one document version. */
const computedValueCache = new WeakMap();

/**
 * getComputedStyle's value of `name` for `element`: "" for an element not in a document, else
 * the cascaded value (or the inherited or initial one) in WebKit's computed form. Computed
 * lazily, one property at a time, and kept until the document changes.
 */
function computedStyleValue(element, name) {
  if (element.nodeType !== ELEMENT_NODE || !element.isConnected) return "";
  const values = computedValuesOf(element);
  let value = values.get(name);
  if (value === undefined) values.set(name, value = computeStyleValue(element, name));
  return value;
}

/** The computed values already known for `element` in this version of its document. */
function computedValuesOf(element) {
  const doc = element[OWNER];
  let cache = computedValueCache.get(doc);
  if (cache === undefined || cache.version !== doc[VERSION]) computedValueCache.set(doc, cache = { version: doc[VERSION], values: new Map() });
  let values = cache.values.get(element);
  if (values === undefined) cache.values.set(element, values = new Map());
  return values;
}

function computeStyleValue(element, name) {
  if (name.startsWith("--")) return computedCustomProperty(element, name, 0) ?? "";
  if (name === "background-position") return computedStyleValue(element, "background-position-x") + " " + computedStyleValue(element, "background-position-y");
  if (name === "background") {
    const v = (longhand) => computedStyleValue(element, longhand);
    return `${v("background-color")} ${v("background-image")} ${v("background-repeat")} ${v("background-attachment")} ` +
      `${v("background-position-x")} ${v("background-position-y")} / ${v("background-size")} ${v("background-origin")} ${v("background-clip")}`;
  }
  if (name === "font-size") return computedFontSize(element) + "px";
  if (name === "line-height") return computedLineHeight(element);
  // Up to the element the value comes from: `inherit` (and an unset inherited property) take
  // the parent's computed value; the elements passed on the way get that value too.
  const inherited = INHERITED_PROPERTIES.has(name);
  const passed = [];
  let node = element, value;
  for (;;) {
    if (node !== element) {
      const known = computedValuesOf(node).get(name);
      if (known !== undefined) { value = known; break; }
    }
    let specified = computedSpecifiedValue(node, name);
    if (specified !== null) specified = specified.toLowerCase() === "currentcolor" && name === "color" ? "inherit" : specified;
    if (specified === null || specified === "unset" || specified === "revert" || specified === "revert-layer") specified = inherited ? "inherit" : null;
    if (specified === "inherit") {
      const parent = computedParentOf(node);
      if (parent !== null) { passed.push(node); node = parent; continue; }
      specified = null;
    }
    if (specified === null || specified === "initial") {
      specified = name === "display" ? (specified === null ? cssUserAgentDisplay(node) : "inline") : COMPUTED_STYLE_DEFAULTS[name] ?? "";
    }
    value = computedFromSpecified(node, name, specified);
    if (node !== element) computedValuesOf(node).set(name, value);
    break;
  }
  for (let i = 1; i < passed.length; i++) computedValuesOf(passed[i]).set(name, value);
  return value;
}

/**
 * A specified value in WebKit's computed form: colours as rgb()/rgba(), `display` blockified,
 * keywords in lower case, font weights as numbers, absolute and font-relative lengths in px.
 */
function computedFromSpecified(element, name, value) {
  if (name === "display") return computedDisplay(element, value);
  if (COLOR_PROPERTIES.has(name)) {
    if (value.toLowerCase() === "currentcolor") return computedStyleValue(element, "color");
    const color = parseCSSColor(value, false);
    return color === null ? value : serializeColor(color);
  }
  if (/^-?[a-zA-Z][-a-zA-Z]*$/.test(value) && name !== "font-family") value = value.toLowerCase();
  if (name === "font-weight") return computedFontWeight(element, value);
  if (name === "opacity") {
    const number = parseFloat(value) / (value.endsWith("%") ? 100 : 1);
    return Number.isNaN(number) ? value : String(Math.min(1, Math.max(0, number)));
  }
  if (LENGTH_PROPERTY.test(name)) {
    const px = computedLengthPx(element, value);
    if (px !== null) return px + "px";
  }
  return value;
}

/** A single absolute or font-relative length in px (`1em`, `12pt`, `2rem`), else null (percentages need layout). */
function computedLengthPx(element, value) {
  const match = /^([-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)(px|pt|pc|in|cm|mm|q|em|rem|ex|ch|vw|vh)?$/i.exec(value);
  if (match === null || (match[2] === undefined && parseFloat(match[1]) !== 0)) return null;
  const number = parseFloat(match[1]), unit = (match[2] || "px").toLowerCase();
  let px;
  if (unit === "em" || unit === "ex" || unit === "ch") px = number * computedFontSize(element) * (unit === "em" ? 1 : 0.5);
  else if (unit === "rem") px = number * computedFontSize(element[OWNER].documentElement || element);
  else px = number * { px: 1, pt: 4 / 3, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6, vw: 3.9, vh: 8.44 }[unit];
  return computedRoundPx(px);
}

/** https://drafts.csswg.org/css-fonts/#font-weight-prop: keywords as numbers, bolder/lighter from the parent's weight. */
function computedFontWeight(element, value) {
  if (value === "normal") return "400";
  if (value === "bold") return "700";
  if (value !== "bolder" && value !== "lighter") return value;
  const parent = computedParentOf(element);
  const inherited = parent === null ? 400 : Number(computedStyleValue(parent, "font-weight")) || 400;
  if (value === "bolder") return String(inherited < 350 ? 400 : inherited < 550 ? 700 : 900);
  return String(inherited < 100 ? inherited : inherited < 550 ? 100 : inherited < 750 ? 400 : 700);
}

/**
 * The resolved line-height: `normal`, or px; a number is inherited as the number and multiplies
 * the element's own font size, a length or percentage is computed where it is declared.
 */
function computedLineHeight(element) {
  for (let node = element; node !== null; node = computedParentOf(node)) {
    const value = (computedSpecifiedValue(node, "line-height") ?? "inherit").toLowerCase();
    if (value === "inherit" || value === "unset" || value === "revert") continue;
    if (value === "normal" || value === "initial") return "normal";
    if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(value)) return computedRoundPx(parseFloat(value) * computedFontSize(element)) + "px";
    if (value.endsWith("%")) return computedRoundPx(parseFloat(value) / 100 * computedFontSize(node)) + "px";
    const px = computedLengthPx(node, value);
    return px === null ? value : px + "px";
  }
  return "normal";
}

/** `display` after blockification (https://drafts.csswg.org/css-display/#blockify): floats, absolute boxes, the root, flex and grid items. */
function computedDisplay(element, display) {
  display = display.toLowerCase();
  if (display === "none" || display === "contents") return display;
  let blockify = element[PARENT] !== null && element[PARENT].nodeType === DOCUMENT_NODE;
  if (!blockify) {
    const float = computedSpecifiedValue(element, "float"), position = computedSpecifiedValue(element, "position");
    blockify = (float !== null && float !== "none" && float !== "initial" && float !== "unset" && float !== "inherit") ||
      position === "absolute" || position === "fixed";
  }
  if (!blockify) {
    const parent = computedParentOf(element);
    const parentDisplay = parent === null ? null : computedSpecifiedValue(parent, "display") ?? cssUserAgentDisplay(parent);
    blockify = parentDisplay === "flex" || parentDisplay === "inline-flex" || parentDisplay === "grid" || parentDisplay === "inline-grid";
  }
  if (!blockify) return display;
  if (display === "inline-table") return "table";
  if (display === "inline-flex") return "flex";
  if (display === "inline-grid") return "grid";
  if (display === "inline" || display === "inline-block" || display.startsWith("table-") || display === "run-in") return "block";
  return display;
}

/** The computed font size in px: relative sizes (em, %, smaller, larger) multiply the parent's. */
function computedFontSize(element) {
  let factor = 1;
  for (let node = element; node !== null; node = computedParentOf(node)) {
    const value = (computedSpecifiedValue(node, "font-size") ?? "inherit").toLowerCase();
    if (value === "inherit" || value === "unset" || value === "revert") continue;
    if (value === "initial") return computedRoundPx(factor * 16);
    if (FONT_SIZE_KEYWORDS[value] !== undefined) return computedRoundPx(factor * FONT_SIZE_KEYWORDS[value]);
    if (value === "smaller") { factor /= 1.2; continue; }
    if (value === "larger") { factor *= 1.2; continue; }
    const match = /^([-+]?(?:\d+\.?\d*|\.\d+))(px|pt|pc|in|cm|mm|q|em|rem|%|ex|ch|vw|vh)?$/.exec(value);
    if (match === null) continue;
    const number = parseFloat(match[1]), unit = match[2] || "px";
    if (unit === "em") { factor *= number; continue; }
    if (unit === "%") { factor *= number / 100; continue; }
    if (unit === "ex" || unit === "ch") { factor *= number / 2; continue; }
    const rootSize = () => {
      const root = element[OWNER].documentElement;
      return root === null || root === node ? 16 : computedFontSize(root);
    };
    const px = { px: 1, pt: 4 / 3, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6, vw: 3.9, vh: 8.44 }[unit];
    return computedRoundPx(factor * (unit === "rem" ? number * rootSize() : number * px));
  }
  return computedRoundPx(factor * 16);
}

function computedRoundPx(px) { return Number(px.toFixed(4)); }

/** A read-only, live style for getComputedStyle; values are computed when read. */
function createComputedStyle(element) {
  const style = new CSSStyleDeclaration(INTERNAL);
  style[SOURCE] = { element, computed: true, text: null, declarations: null };
  return new Proxy(style, STYLE_TRAPS);
}
