// CSS values as the CSSOM reads and writes them: https://drafts.csswg.org/cssom/#parse-a-css-declaration-block
// (declaration blocks, shorthands expanded to longhands and serialised back) and
// https://drafts.csswg.org/css-color/ (colours), with WebKit's serialisation of specified values.

/** Properties whose unitless zero WebKit serialises as `0px`. */
const LENGTH_PROPERTY = /^(margin|padding|top|left|right|bottom|width|height|min-|max-|font-size|border(-\w+)?-width|border(-\w+)*-radius|text-indent|letter-spacing|word-spacing|gap|row-gap|column-gap|outline-width|outline-offset|inset)/;

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
const cssNamedColors = lazyTable(() => {
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
});

/** Properties whose value is a <color> (WebKit drops a declaration whose colour does not parse). */
const COLOR_PROPERTIES = new Set(["color", "background-color", "border-top-color", "border-right-color",
  "border-bottom-color", "border-left-color", "outline-color", "caret-color", "text-decoration-color",
  "column-rule-color", "-webkit-tap-highlight-color", "accent-color", "text-emphasis-color"]);

/** Whether `name` is a colour property (computed as rgb()/rgba()). */
function isColorProperty(name) { return COLOR_PROPERTIES.has(name); }

/** Whether `name` is a length property (computed in px). */
function isLengthProperty(name) { return LENGTH_PROPERTY.test(name); }

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
  const named = cssNamedColors().get(value);
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
  const named = cssNamedColors().get(value.toLowerCase());
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
 * The declarations of a declaration block, as written
 * (https://drafts.csswg.org/css-syntax-3/#consume-a-list-of-declarations): each ends at a ";"
 * outside strings and brackets; `[{name, value, important}]` with the name and value trimmed and
 * `!important` taken off the value; a chunk without a colon is no declaration. The one
 * declaration parser: the inline style, getComputedStyle's cascade, the rendered-text cascade,
 * ::before/::after rules and layout all read blocks through it.
 * @param {string} text @returns {Array<{name: string, value: string, important: boolean}>}
 */
function cssDeclarationParts(text) {
  const parts = [];
  for (let from = 0; from <= text.length;) {
    let end = text.indexOf(";", from) < 0 ? -1 : renderedFindOutside(text, from, ";");
    if (end < 0) end = text.length;
    const chunk = text.slice(from, end);
    from = end + 1;
    const colon = chunk.indexOf(":");
    if (colon < 0) continue;
    let value = chunk.slice(colon + 1).trim();
    let important = false;
    const bang = /\s*!\s*important\s*$/i.exec(value);
    if (bang !== null) { important = true; value = value.slice(0, bang.index); }
    parts.push({ name: chunk.slice(0, colon).trim(), value, important });
  }
  return parts;
}

/**
 * Splits a declaration block into `[{name, value, important, implicit?}]`, the last of each name
 * winning (an !important one is kept over later normal ones). `background` and
 * `background-position` become their longhands; a colour property whose value is no colour is
 * dropped; with `quirks`, `color: ff0000` is a colour.
 */
function parseDeclarations(text, quirks = false) {
  const declarations = [];
  const add = (declaration) => {
    const existing = declarations.findIndex((d) => d.name === declaration.name);
    if (existing >= 0) {
      if (declarations[existing].important && !declaration.important) return;
      declarations.splice(existing, 1);
    }
    declarations.push(declaration);
  };
  for (const part of cssDeclarationParts(text)) {
    const lowerName = part.name.startsWith("--") ? part.name : part.name.toLowerCase();
    if (lowerName === "" || part.value === "") continue;
    for (const declaration of expandDeclaration(lowerName, part.value, quirks)) {
      declaration.important = part.important;
      add(declaration);
    }
  }
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
    if (!cssNamedColors().has(value.trim().toLowerCase()) && value.trim().toLowerCase() !== "transparent") value = serializeColor(color);
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
