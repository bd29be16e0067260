// Style sheets as the cascades read them: CSS Syntax's tokenizer (https://drafts.csswg.org/css-syntax-3/),
// the rule walker that enters @media (evaluated against the oracle's viewport), @supports,
// @layer and @container blocks, the selector index, and the ::before/::after rules.
/**
 * The document's style sheets in tree order: every <style> (HTML or SVG) of type text/css, as
 * [media attribute or null, text, …] in `sheets`, and `key`, all of them in one string (what the
 * caches compare to see whether a sheet changed).
 * @param {Document} doc @returns {{key: string, sheets: Array}}
 */
function cssDocumentStyleSheets(doc) {
  let key = "";
  const sheets = [];
  for (let node = doc[FIRST]; node !== null && node !== undefined; node = nextInTree(node, doc)) {
    if (node[LOCAL_NAME] !== "style" || (node[NAMESPACE] !== SELECTOR_HTML_NAMESPACE && node[NAMESPACE] !== "http://www.w3.org/2000/svg")) continue;
    const type = selectorAttribute(node, "type");
    if (type !== null && type.trim() !== "" && selectorAsciiLower(type.trim()) !== "text/css") continue;
    const media = selectorAttribute(node, "media");
    const text = renderedDescendantText(node);
    sheets.push(media, text);
    key += (media === null ? "" : media) + "{" + text + "}\n";
  }
  return { key, sheets };
}

/**
 * `sheets` (as cssDocumentStyleSheets gives them) as one text, each sheet's text as `prepare`
 * makes it and scoped by its media attribute, as an @media block would be.
 */
function cssJoinedSheets(sheets, prepare) {
  let joined = "";
  for (let i = 0; i < sheets.length; i += 2) {
    const media = sheets[i], text = prepare(sheets[i + 1]);
    joined += (media !== null && media.trim() !== "" ? "@media " + media + " {\n" + text + "\n}" : text) + "\n";
  }
  return joined;
}

/** Marks a bad-string token in tokenized sheet text (a NUL never survives CSS preprocessing). */
const RENDERED_BAD_STRING = "\u0000";

/**
 * One style sheet's text as CSS Syntax's tokenizer reads it (https://drafts.csswg.org/css-syntax-3/#tokenization),
 * rewritten so the rule parser only has to skip strings and count brackets: CR, CRLF and FF
 * become LF and NUL U+FFFD (§3.3); comments become a space; a string ended by a newline (a
 * bad-string token) becomes RENDERED_BAD_STRING, with the newline kept; a string open at the
 * end is closed. `{}`, `[]` and `()` blocks nest (§5.4.8): a closing bracket that does not
 * match the innermost open block inside one is only a token there (it becomes a space), and
 * the blocks still open at the end of the sheet are closed.
 * @param {string} text @returns {string}
 */
function renderedTokenizeSheet(text) {
  if (/[\r\f\u0000]/.test(text)) text = text.replace(/\r\n?|\f/g, "\n").replace(/\u0000/g, "\ufffd");
  const closers = [];
  let out = "", copied = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code === 47 && text.charCodeAt(i + 1) === 42) { // "/*"
      const end = text.indexOf("*/", i + 2);
      out += text.slice(copied, i) + " ";
      i = end < 0 ? length : end + 1;
      copied = i + 1;
    } else if (code === 34 || code === 39) {
      let j = i + 1;
      for (; j < length; j++) {
        const next = text.charCodeAt(j);
        if (next === code || next === 10) break;
        if (next === 92) j++; // an escape; an escaped newline continues the string
      }
      if (j >= length) {
        out += text.slice(copied) + text.charAt(i);
        copied = length;
        i = length;
      } else if (text.charCodeAt(j) === 10) {
        out += text.slice(copied, i) + RENDERED_BAD_STRING;
        copied = j;
        i = j - 1;
      } else i = j;
    } else if (code === 92) {
      i++;
    } else if (code === 123) closers.push("}");
    else if (code === 91) closers.push("]");
    else if (code === 40) {
      const end = renderedIsUrlFunction(text, i) ? renderedUrlTokenEnd(text, i + 1) : 0;
      if (end === 0) closers.push(")");
      else if (end < 0) {
        // A bad-url token (§4.3.6): up to the next ")", it makes its declaration invalid.
        out += text.slice(copied, i + 1) + RENDERED_BAD_STRING + ")";
        i = -end;
        copied = i + 1;
      } else if (end >= length) {
        out += text.slice(copied) + ")";
        copied = i = length;
      } else i = end;
    } else if (code === 125 || code === 93 || code === 41) {
      if (closers.length === 0) continue; // at the top level it is part of the next rule's prelude
      if (closers[closers.length - 1] === text.charAt(i)) { closers.pop(); continue; }
      out += text.slice(copied, i) + " ";
      copied = i + 1;
    }
  }
  if (copied < length) out += text.slice(copied);
  for (let k = closers.length - 1; k >= 0; k--) out += closers[k];
  return out;
}

/** Whether the "(" at `open` follows the identifier `url` and opens an unquoted url token. */
function renderedIsUrlFunction(text, open) {
  if (open < 3 || selectorAsciiLower(text.slice(open - 3, open)) !== "url") return false;
  if (open > 3 && /[-\w\\\u0080-\uffff]/.test(text.charAt(open - 4))) return false;
  let i = open + 1;
  while (i < text.length && /[ \t\n]/.test(text.charAt(i))) i++;
  const next = text.charAt(i);
  return next !== "\"" && next !== "'";
}

/**
 * The end of an unquoted url token whose contents start at `from` (§4.3.6): the index of its
 * ")" (the text's length when it runs to the end), or minus the index of the ")" ending a
 * bad-url token (white space inside, a quote, "(" or a control character).
 */
function renderedUrlTokenEnd(text, from) {
  let i = from;
  while (i < text.length && iteratorIsCollapsibleCode(text.charCodeAt(i))) i++;
  let bad = false, spaceSeen = false;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 41) return bad ? -i : i;
    if (code === 92) {
      if (text.charCodeAt(i + 1) === 10) bad = true;
      i++;
    } else if (code === 32 || code === 9 || code === 10) spaceSeen = true;
    else if (spaceSeen || code === 34 || code === 39 || code === 40 || code < 32 || code === 127) bad = true;
  }
  return bad ? -text.length : text.length;
}

/** The rules of a sheet text already tokenized by renderedTokenizeSheet. */
function renderedParseTokenizedSheet(text) {
  const sheet = { cssText: text, version: 0, count: 0, order: 0, byId: new Map(), byClass: new Map(), byTag: new Map(), universal: [],
    // ::before/::after rules, bucketed the same way: {complex, side, weight, content, display, outOfFlow}.
    generated: { count: 0, byId: new Map(), byClass: new Map(), byTag: new Map(), universal: [] } };
  // The CDO/CDC tokens old pages wrap sheets in separate nothing.
  if (text.indexOf("<!--") >= 0 || text.indexOf("-->") >= 0) text = text.replace(/<!--|-->/g, " ");
  renderedParseRules(text, 0, text.length, sheet, 0);
  return sheet;
}

/**
 * The style rules of `text` between `from` and `to`, into `sheet`; the contents of @media
 * blocks whose query matches the oracle's viewport and of @supports blocks are read too.
 * `reader` says which declaration blocks matter (`pattern`), how they are read, and what a
 * rule for ::before/::after adds; the layout model reads the same rules for box properties.
 */
function renderedParseRules(text, from, to, sheet, nesting, reader = RENDERED_RULE_READER) {
  let pos = from;
  while (pos < to) {
    // Only at-rules end at ";" (@import, @charset…); a style rule's prelude runs to "{".
    const atRule = text.slice(pos, Math.min(to, pos + 200)).trimStart().charAt(0) === "@";
    const open = renderedFindOutside(text, pos, atRule ? "{;" : "{");
    if (open < 0 || open >= to) break;
    const prelude = text.slice(pos, open).trim();
    if (text.charAt(open) === ";") { pos = open + 1; continue; }
    let close = renderedMatchingBrace(text, open);
    if (close < 0 || close > to) close = to;
    pos = close + 1;
    if (prelude === "" || prelude.indexOf(RENDERED_BAD_STRING) >= 0) continue;
    if (prelude.charAt(0) === "@") {
      const name = selectorAsciiLower(/^@[-\w]+/.exec(prelude)?.[0] ?? "");
      const condition = prelude.slice(name.length).trim();
      const enter = name === "@media" ? renderedMediaMatches(condition) :
        name === "@supports" ? !/^not\b/i.test(condition) : name === "@layer" || name === "@container";
      if (enter && nesting < 8) renderedParseRules(text, open + 1, close, sheet, nesting + 1, reader);
      continue;
    }
    const body = text.slice(open + 1, close);
    reader.pseudoElementRule(prelude, body, sheet);
    if (!reader.pattern.test(body)) continue;
    const declarations = reader.parseDeclarations(body);
    if (declarations.length === 0) continue;
    // Rules for pseudo-elements style boxes that are not the element's own.
    const selectorText = renderedWithoutPseudoElementSelectors(prelude);
    if (selectorText === "") continue;
    let compiled;
    try { compiled = compileSelectors(selectorText); } catch (error) { continue; }
    for (const complex of compiled.list) renderedIndexRule(sheet, complex, declarations);
  }
}

/**
 * What the page's media queries are evaluated against: its layout viewport (viewport.js) for
 * width and height, as Safari lays the page out and as the oracle records a page at that
 * viewport; the device's screen and pixel ratio for device-width, device-height and resolution.
 * Hover and pointer stay those of the oracle's window, a screen with a mouse.
 */
function renderedMedia() {
  const state = currentPageDocument()[DOC_STATE];
  return { width: state.viewportWidth, height: state.viewportHeight, deviceWidth: state.screenWidth, deviceHeight: state.screenHeight, ratio: state.devicePixelRatio };
}

/** Whether a media query list (`screen and (max-width: 600px), print`) matches. */
function renderedMediaMatches(queryList) {
  const queries = queryList.split(",");
  for (const raw of queries) {
    let query = selectorAsciiLower(raw.trim());
    if (query === "") continue;
    let negate = false;
    if (query.startsWith("not ")) { negate = true; query = query.slice(4).trim(); }
    else if (query.startsWith("only ")) query = query.slice(5).trim();
    let matches = true;
    for (const part of query.split(/\s+and\s+/)) {
      const term = part.trim();
      if (term === "" || term === "all" || term === "screen") continue;
      if (term.charAt(0) !== "(") { matches = false; break; }
      if (!renderedMediaFeatureMatches(term.replace(/^\(|\)$/g, "").trim())) { matches = false; break; }
    }
    if (matches !== negate) return true;
  }
  return false;
}

function renderedMediaFeatureMatches(feature) {
  const colon = feature.indexOf(":");
  if (colon < 0) {
    return feature === "color" || feature === "hover" || feature === "pointer" || feature === "any-hover" || feature === "any-pointer";
  }
  const name = feature.slice(0, colon).trim();
  const value = feature.slice(colon + 1).trim();
  const length = (text) => {
    const match = /^(-?[0-9.]+)(px|em|rem)?$/.exec(text);
    if (match === null) return NaN;
    return parseFloat(match[1]) * (match[2] === "em" || match[2] === "rem" ? 16 : 1);
  };
  const ratio = (text) => {
    const match = /^([0-9.]+)\s*(?:\/\s*([0-9.]+))?(dppx|x|dpi)?$/.exec(text);
    if (match === null) return NaN;
    const number = match[2] !== undefined ? parseFloat(match[1]) / parseFloat(match[2]) : parseFloat(match[1]);
    return match[3] === "dpi" ? number / 96 : number;
  };
  const media = renderedMedia();
  switch (name.replace(/^-webkit-/, "")) {
    case "min-width": return media.width >= length(value);
    case "max-width": return media.width <= length(value);
    case "width": return media.width === length(value);
    case "min-height": return media.height >= length(value);
    case "max-height": return media.height <= length(value);
    case "min-device-width": return media.deviceWidth >= length(value);
    case "max-device-width": return media.deviceWidth <= length(value);
    case "device-width": return media.deviceWidth === length(value);
    case "min-device-height": return media.deviceHeight >= length(value);
    case "max-device-height": return media.deviceHeight <= length(value);
    case "orientation": return value === (media.height >= media.width ? "portrait" : "landscape");
    case "min-device-pixel-ratio": case "min-resolution": return media.ratio >= ratio(value);
    case "max-device-pixel-ratio": case "max-resolution": return media.ratio <= ratio(value);
    case "device-pixel-ratio": case "resolution": return media.ratio === ratio(value);
    case "prefers-reduced-motion": case "prefers-contrast": case "forced-colors": case "inverted-colors": return value === "no-preference" || value === "none";
    case "prefers-color-scheme": return value === "light";
    case "hover": case "any-hover": return value === "hover";
    case "pointer": case "any-pointer": return value === "fine";
    case "display-mode": return value === "browser";
    case "scripting": return value === "enabled";
    default: return false;
  }
}


/**
 * Records the ::before/::after rules of a style rule. TextIterator never emits generated
 * content, but its boxes are on the line: a space next to them is not at a line's edge, so it
 * is not collapsed away (`More by <span hidden>` then `::after{content:"Author"}` keeps "More by ").
 */
function renderedAddGeneratedRules(prelude, body, sheet) {
  let content = null, display = null, outOfFlow = null;
  for (const part of cssDeclarationParts(body)) {
    const property = part.name.toLowerCase();
    const value = part.value;
    if (property === "content") content = value;
    else if (property === "display") display = renderedDisplayKeyword(value.toLowerCase());
    else if (property === "position") outOfFlow = /^(absolute|fixed)$/i.test(value);
    else if (property === "float") outOfFlow = outOfFlow === true || /^(left|right|inline-start|inline-end)$/i.test(value);
  }
  if (content === null && display === null && outOfFlow === null) return;
  let from = 0;
  for (;;) {
    const comma = renderedFindOutside(prelude, from, ",");
    const part = prelude.slice(from, comma < 0 ? prelude.length : comma).trim();
    const pseudo = /::?(before|after)$/i.exec(part);
    if (pseudo !== null) {
      const base = part.slice(0, pseudo.index).trim();
      let compiled = null;
      try { compiled = compileSelectors(base === "" ? "*" : base); } catch (error) { compiled = null; }
      if (compiled !== null) {
        for (const complex of compiled.list) {
          const rule = { complex, side: selectorAsciiLower(pseudo[1]), content, display, outOfFlow,
            weight: cssSpecificityWeight(complex.specificity) + Math.min(sheet.order++, 999999) };
          sheet.generated.count++;
          renderedFileRule(sheet.generated, complex.subjectKey, rule);
        }
      }
    }
    if (comma < 0) break;
    from = comma + 1;
  }
}

/**
 * The text of `element`'s in-flow inline ::before or ::after box (`side`), or "" when it has
 * none or it is empty. Strings, attr() and quotes count; images (url()) and counters are
 * taken as one character.
 */
function renderedGeneratedText(element, side) {
  const sheet = renderedSheetFor(element[OWNER]);
  if (sheet === null || sheet.generated.count === 0) return "";
  const candidates = renderedCandidateRules(sheet.generated, element);
  if (candidates === null) return "";
  let content = null, contentWeight = -1, display = null, displayWeight = -1, outOfFlow = null, outOfFlowWeight = -1;
  const context = { scope: null, hasAnchor: null, quirks: documentFoldsClassCase(element[OWNER]) };
  for (let i = 0; i < candidates.length; i++) {
    const rule = candidates[i];
    if (rule.side !== side) continue;
    if (rule.weight <= contentWeight && rule.weight <= displayWeight && rule.weight <= outOfFlowWeight) continue;
    if (!selectorMatchFrom(rule.complex, 0, element, context)) continue;
    if (rule.content !== null && rule.weight > contentWeight) { content = rule.content; contentWeight = rule.weight; }
    if (rule.display !== null && rule.weight > displayWeight) { display = rule.display; displayWeight = rule.weight; }
    if (rule.outOfFlow !== null && rule.weight > outOfFlowWeight) { outOfFlow = rule.outOfFlow; outOfFlowWeight = rule.weight; }
  }
  if (content === null || outOfFlow === true) return "";
  if (display !== null && display !== "inline" && display !== "inline-block" && display !== "inline-flex") return "";
  let text = "";
  const token = /"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|attr\(\s*([-\w]+)\s*\)|(url\(|counters?\(|open-quote|close-quote)|([-\w]+)/gi;
  for (let match = token.exec(content); match !== null; match = token.exec(content)) {
    if (match[1] !== undefined || match[2] !== undefined) {
      text += (match[1] ?? match[2]).replace(/\\([0-9a-fA-F]{1,6})\s?/g, "x").replace(/\\(.)/g, "$1").replace(/\\\n/g, "");
    } else if (match[3] !== undefined) text += selectorAttribute(element, match[3]) || "";
    else if (match[4] !== undefined) text += "x";
    else if (/^(none|normal)$/i.test(match[5])) return "";
  }
  return text;
}

/** A selector list without its selectors for pseudo-elements (::before, :after, …). */
function renderedWithoutPseudoElementSelectors(prelude) {
  if (prelude.indexOf(":") < 0) return prelude;
  const kept = [];
  let from = 0;
  for (;;) {
    const comma = renderedFindOutside(prelude, from, ",");
    const part = prelude.slice(from, comma < 0 ? prelude.length : comma);
    if (!/::|:(before|after|first-letter|first-line)\b/i.test(part)) kept.push(part);
    if (comma < 0) break;
    from = comma + 1;
  }
  return kept.join(",").trim();
}

/** Index of the first of `characters` at or after `from`, outside strings and brackets. */
function renderedFindOutside(text, from, characters) {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const character = text.charAt(i);
    if (character === "\"" || character === "'") {
      i = renderedStringEnd(text, i);
      continue;
    }
    if (character === "\\") { i++; continue; }
    if (character === "(" || character === "[") depth++;
    else if ((character === ")" || character === "]") && depth > 0) depth--;
    else if (depth === 0 && characters.indexOf(character) >= 0) return i;
  }
  return -1;
}

/** The index of the quote that ends the string opening at `quote` (escapes skipped), or the text's end. */
function renderedStringEnd(text, quote) {
  const code = text.charCodeAt(quote);
  for (let i = quote + 1; i < text.length; i++) {
    const next = text.charCodeAt(i);
    if (next === code) return i;
    if (next === 92) i++;
  }
  return text.length;
}

function renderedMatchingBrace(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const character = text.charAt(i);
    if (character === "\"" || character === "'") {
      i = renderedStringEnd(text, i);
      continue;
    }
    if (character === "\\") { i++; continue; }
    if (character === "{") depth++;
    else if (character === "}") { depth--; if (depth === 0) return i; }
  }
  return -1;
}

/**
 * Files a rule under its subject's id, class or tag (or as universal), so that matching an
 * element looks only at the rules that can apply to it. The weight orders the cascade:
 * specificity first, then source order (later wins); inline style is 2e15, !important adds 4e15.
 */
function renderedIndexRule(sheet, complex, declarations) {
  sheet.count++;
  renderedFileRule(sheet, complex.subjectKey,
    { complex, declarations, weight: cssSpecificityWeight(complex.specificity) + Math.min(sheet.order++, 999999) });
}

/**
 * Files `rule` in the index `{byId, byClass, byTag, universal}` under its subject's `key`
 * (`#id`, `.class`, a lower-case tag; null or undefined: universal).
 */
function renderedFileRule(index, key, rule) {
  if (key === null || key === undefined) { index.universal.push(rule); return; }
  const code = key.charCodeAt(0);
  const map = code === 35 ? index.byId : code === 46 ? index.byClass : index.byTag;
  // Ids and classes are filed by their ASCII lower case: in quirks mode `.Foo` matches class
  // "foo" (renderedCandidateRules looks up the same folding; the selector itself decides).
  const name = code === 35 || code === 46 ? selectorAsciiLower(key.slice(1)) : key;
  const bucket = map.get(name);
  if (bucket === undefined) map.set(name, [rule]); else bucket.push(rule);
}

/** A selector's specificity as a cascade weight (each part capped at 999), above source order (< 1e6). */
function cssSpecificityWeight(specificity) {
  return Math.min(specificity[0], 999) * 1e12 + Math.min(specificity[1], 999) * 1e9 + Math.min(specificity[2], 999) * 1e6;
}
