// getComputedStyle: https://drafts.csswg.org/cssom/#dom-window-getcomputedstyle. The cascade of
// every property (https://drafts.csswg.org/css-cascade/#cascaded) from the user-agent values,
// presentational attributes, the page's <style> sheets (read with cssSheets.js's tokenizer, media
// queries and selector index) and the style attribute, then WebKit's computed form.

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
 * (of type text/css, in the tree) is a sheet of its own, read as cssCascade.js reads them; a
 * media attribute scopes its sheet. Only @media blocks that match the viewport are entered.
 */
function computedAuthorRules(doc) {
  const version = doc[VERSION];
  let rules = computedRulesCache.get(doc);
  if (rules !== undefined && rules.version === version) return rules;
  const { key, sheets } = cssDocumentStyleSheets(doc);
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
      renderedFileRule(index, computedSubjectKey(rule.selectors[k]), entry);
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
  entry.weight = 1 + cssSpecificityWeight(s) + Math.min(entry.order, 999998);
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
 * the style attribute; !important above all. `{value, shorthand}`: the value (null when nothing
 * sets it) and the shorthand it was declared with (kept for a value holding var()), else null.
 */
function computedCascadedValue(element, name) {
  let best = computedBaseValue(element, name);
  let bestPriority = best === null ? -1 : 0;
  let shorthand = null;
  const doc = element[OWNER];
  const quirks = doc[DOC_STATE].compatMode === "quirks";
  const rules = computedAuthorRules(doc);
  if (rules.list.length > 0) {
    const index = computedRuleIndex(rules, computedIndexKey(name));
    const candidates = index.count > 0 ? renderedCandidateRules(index, element) : null;
    if (candidates !== null) {
      const context = { scope: null, hasAnchor: null, quirks };
      for (let i = 0; i < candidates.length; i++) {
        const entry = candidates[i];
        const declaration = computedRuleDeclarations(entry.rule, quirks).get(name);
        if (declaration === undefined || !computedEntrySelector(entry)) continue;
        const priority = entry.weight + (declaration.important ? 4e15 : 0);
        if (priority <= bestPriority || !selectorMatchFrom(entry.complex, 0, element, context)) continue;
        best = declaration.value;
        bestPriority = priority;
        shorthand = declaration.shorthand ?? null;
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
      shorthand = declaration.shorthand ?? null;
    }
  }
  return { value: best, shorthand };
}

/** The element whose computed values `element` inherits (null for the root). */
function computedParentOf(element) {
  const parent = element[PARENT];
  return parent !== null && parent.nodeType === ELEMENT_NODE ? parent : null;
}

/** A custom property's computed value (https://drafts.csswg.org/css-variables/): inherited; null when unset. */
function computedCustomProperty(element, name, depth) {
  for (let node = element; node !== null; node = computedParentOf(node)) {
    const value = computedCascadedValue(node, name).value;
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
  const cascaded = computedCascadedValue(element, name);
  let value = cascaded.value;
  const shorthand = cascaded.shorthand;
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
  if (isColorProperty(name)) {
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
  if (isLengthProperty(name)) {
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
