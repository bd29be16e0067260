// Selector parsing: https://drafts.csswg.org/selectors-4/#grammar, with the tokens of
// https://drafts.csswg.org/css-syntax-3/ read directly from the characters.
//
// A selector list is parsed into complex selectors, each compound into one test function (type,
// id, class and attribute selectors here; pseudo-classes in selectorPseudoClasses.js), with
// the selector's specificity. Errors throw SelectorParseError, which compileSelectors
// (selectors.js) turns into WebKit's SyntaxError.

/**
 * HTML attributes whose values selectors compare ASCII case-insensitively on HTML elements
 * (https://html.spec.whatwg.org/multipage/semantics-other.html#case-sensitivity-of-selectors).
 */
const SELECTOR_CASE_INSENSITIVE_ATTRIBUTES = new Set(("accept accept-charset align alink axis bgcolor " +
  "charset checked clear codetype color compact declare defer dir direction disabled enctype face " +
  "frame hreflang http-equiv lang language link media method multiple nohref noresize noshade " +
  "nowrap readonly rel rev rules scope scrolling selected shape target text type valign valuetype " +
  "vlink").split(" "));

/** Pseudo-elements: valid in a selector, but no element ever matches them. */
const SELECTOR_PSEUDO_ELEMENTS = new Set(["before", "after", "first-line", "first-letter", "marker",
  "selection", "placeholder", "backdrop", "file-selector-button", "cue", "grammar-error",
  "spelling-error", "target-text", "highlight", "part", "slotted", "view-transition"]);

class SelectorParseError extends Error {}

function selectorError(parser) {
  return new SelectorParseError("invalid selector at " + parser.pos);
}

function selectorSkipSpace(parser) {
  const text = parser.text;
  let skipped = false;
  for (;;) {
    const code = text.charCodeAt(parser.pos);
    if (selectorIsSpace(code)) { parser.pos++; skipped = true; continue; }
    if (code === 47 && text.charCodeAt(parser.pos + 1) === 42) { // a /* comment */
      const end = text.indexOf("*/", parser.pos + 2);
      parser.pos = end < 0 ? text.length : end + 2;
      skipped = true;
      continue;
    }
    return skipped;
  }
}

function selectorIsNameStart(code) {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code >= 128;
}

function selectorIsNameChar(code) {
  return selectorIsNameStart(code) || (code >= 48 && code <= 57) || code === 45;
}

function selectorIsValidEscape(text, pos) {
  return text.charCodeAt(pos) === 92 && pos + 1 <= text.length && text.charCodeAt(pos + 1) !== 10 &&
    text.charCodeAt(pos + 1) !== 13 && text.charCodeAt(pos + 1) !== 12;
}

/** Whether an identifier starts at `parser.pos` (https://drafts.csswg.org/css-syntax-3/#would-start-an-identifier). */
function selectorStartsIdent(parser) {
  const text = parser.text;
  const pos = parser.pos;
  const code = text.charCodeAt(pos);
  if (code === 45) {
    const next = text.charCodeAt(pos + 1);
    return selectorIsNameStart(next) || next === 45 || selectorIsValidEscape(text, pos + 1);
  }
  return selectorIsNameStart(code) || selectorIsValidEscape(text, pos);
}

/** Consumes an escape (after the backslash) and returns the character it stands for. */
function selectorConsumeEscape(parser) {
  const text = parser.text;
  if (parser.pos >= text.length) return "\uFFFD";
  let hex = "";
  while (hex.length < 6 && /[0-9a-fA-F]/.test(text.charAt(parser.pos))) hex += text.charAt(parser.pos++);
  if (hex.length > 0) {
    if (selectorIsSpace(text.charCodeAt(parser.pos))) {
      if (text.charCodeAt(parser.pos) === 13 && text.charCodeAt(parser.pos + 1) === 10) parser.pos++;
      parser.pos++;
    }
    const value = parseInt(hex, 16);
    if (value === 0 || (value >= 0xD800 && value <= 0xDFFF) || value > 0x10FFFF) return "\uFFFD";
    return String.fromCodePoint(value);
  }
  const character = String.fromCodePoint(text.codePointAt(parser.pos));
  parser.pos += character.length;
  return character;
}

/** Consumes name characters (and escapes) starting at `parser.pos`. */
function selectorConsumeName(parser) {
  const text = parser.text;
  let name = "";
  let runStart = parser.pos;
  for (;;) {
    const code = text.charCodeAt(parser.pos);
    if (selectorIsNameChar(code)) { parser.pos++; continue; }
    if (selectorIsValidEscape(text, parser.pos)) {
      name += text.slice(runStart, parser.pos);
      parser.pos++;
      name += selectorConsumeEscape(parser);
      runStart = parser.pos;
      continue;
    }
    break;
  }
  return name + text.slice(runStart, parser.pos);
}

function selectorConsumeIdent(parser) {
  if (!selectorStartsIdent(parser)) throw selectorError(parser);
  return selectorConsumeName(parser);
}

function selectorConsumeString(parser) {
  const text = parser.text;
  const quote = text.charCodeAt(parser.pos++);
  let value = "";
  for (;;) {
    if (parser.pos >= text.length) return value;
    const code = text.charCodeAt(parser.pos);
    if (code === quote) { parser.pos++; return value; }
    if (code === 10 || code === 13 || code === 12) throw selectorError(parser);
    if (code === 92) {
      parser.pos++;
      const next = text.charCodeAt(parser.pos);
      if (parser.pos >= text.length) continue;
      if (next === 10 || next === 12) { parser.pos++; continue; }
      if (next === 13) { parser.pos += text.charCodeAt(parser.pos + 1) === 10 ? 2 : 1; continue; }
      value += selectorConsumeEscape(parser);
      continue;
    }
    value += text.charAt(parser.pos++);
  }
}

/**
 * Parses a selector list up to the end of the text or an unmatched `)`.
 * @param relative  items are relative selectors (`:has()`), anchored at `context.hasAnchor`
 * @param forgiving invalid items are dropped (`:is()`, `:where()`)
 */
function selectorParseList(parser, relative, forgiving) {
  const list = [];
  const text = parser.text;
  for (;;) {
    selectorSkipSpace(parser);
    const start = parser.pos;
    try {
      list.push(selectorParseComplex(parser, relative));
    } catch (error) {
      if (!forgiving || !(error instanceof SelectorParseError)) throw error;
      parser.pos = start;
      selectorSkipItem(parser);
    }
    selectorSkipSpace(parser);
    if (parser.pos >= text.length || text.charCodeAt(parser.pos) === 41) return list;
    if (text.charCodeAt(parser.pos) !== 44) throw selectorError(parser);
    parser.pos++;
  }
}

/** Skips an invalid item of a forgiving list: up to the next `,` or `)` at the same depth. */
function selectorSkipItem(parser) {
  const text = parser.text;
  let depth = 0;
  while (parser.pos < text.length) {
    const code = text.charCodeAt(parser.pos);
    if (code === 34 || code === 39) { selectorConsumeString(parser); continue; }
    if (code === 92) { parser.pos += 2; continue; }
    if (code === 40 || code === 91) depth++;
    else if (code === 41 || code === 93) { if (depth === 0) return; depth--; }
    else if (code === 44 && depth === 0) return;
    parser.pos++;
  }
}

function selectorParseComplex(parser, relative) {
  const text = parser.text;
  const compounds = [];
  const combinators = [];
  const specificity = [0, 0, 0];
  let combinator = null;
  if (relative) {
    selectorSkipSpace(parser);
    const code = text.charCodeAt(parser.pos);
    combinator = code === 62 ? ">" : code === 43 ? "+" : code === 126 ? "~" : " ";
    if (combinator !== " ") parser.pos++;
    compounds.push(selectorAnchorTest);
  }
  for (;;) {
    selectorSkipSpace(parser);
    if (combinator !== null) combinators.push(combinator);
    compounds.push(selectorParseCompound(parser, specificity));
    const hadSpace = selectorSkipSpace(parser);
    const code = text.charCodeAt(parser.pos);
    if (parser.pos >= text.length || code === 44 || code === 41) break;
    if (code === 62 || code === 43 || code === 126) {
      combinator = text.charAt(parser.pos);
      parser.pos++;
    } else if (hadSpace) {
      combinator = " ";
    } else {
      throw selectorError(parser);
    }
  }
  // Stored right to left: compounds[0] is the subject; combinators[i] joins i+1 (left) and i.
  compounds.reverse();
  combinators.reverse();
  return { compounds, combinators, specificity, subjectKey: parser.compoundKey };
}

function selectorAnchorTest(element, context) {
  return element === context.hasAnchor;
}

function selectorAlwaysMatches() { return true; }
function selectorNeverMatches() { return false; }

/** Parses one compound selector into a single test function; adds to `specificity`. */
function selectorParseCompound(parser, specificity) {
  const text = parser.text;
  const tests = [];
  let sawAnything = false;
  let sawPseudoElement = false;
  let key = null; // "#id", ".class" or "tag" for bucketing style rules by their subject

  // Type or universal selector, with an optional namespace prefix (only `*|` and `|` exist
  // without @namespace rules).
  let namespaceTest = null; // null: any; "": no namespace
  let code = text.charCodeAt(parser.pos);
  if (code === 42 || code === 124 || selectorStartsIdent(parser)) {
    let name;
    if (code === 42) { parser.pos++; name = "*"; } else if (code === 124) { name = ""; } else { name = selectorConsumeName(parser); }
    if (text.charCodeAt(parser.pos) === 124 && text.charCodeAt(parser.pos + 1) !== 61) {
      parser.pos++;
      if (name === "*") namespaceTest = null;
      else if (name === "") namespaceTest = "";
      else throw selectorError(parser); // an undeclared namespace prefix
      if (text.charCodeAt(parser.pos) === 42) { parser.pos++; name = "*"; } else { name = selectorConsumeIdent(parser); }
    } else if (name === "") {
      throw selectorError(parser);
    }
    sawAnything = true;
    if (namespaceTest === "") tests.push((element) => element[NAMESPACE] === null || element[NAMESPACE] === undefined);
    if (name !== "*") {
      specificity[2]++;
      const lower = selectorAsciiLower(name);
      key = lower;
      tests.push((element) => element[LOCAL_NAME] === (element[NAMESPACE] === SELECTOR_HTML_NAMESPACE ? lower : name));
    }
  }

  for (;;) {
    code = text.charCodeAt(parser.pos);
    if (code === 35) { // #id
      parser.pos++;
      if (!selectorStartsIdent(parser)) throw selectorError(parser);
      const id = selectorConsumeName(parser);
      specificity[0]++;
      key = "#" + id;
      const lowerId = selectorAsciiLower(id);
      tests.push((element, context) => context.quirks ? selectorAttributeIn(element, "id", true) === lowerId : selectorAttribute(element, "id") === id);
    } else if (code === 46) { // .class
      parser.pos++;
      const name = selectorConsumeIdent(parser);
      specificity[1]++;
      if (key === null || key.charCodeAt(0) !== 35) key = "." + name;
      const lowerName = selectorAsciiLower(name);
      tests.push((element, context) => context.quirks ? selectorHasToken(selectorAttributeIn(element, "class", true), lowerName)
        : selectorHasToken(selectorAttribute(element, "class"), name));
    } else if (code === 91) { // [attribute]
      parser.pos++;
      specificity[1]++;
      tests.push(selectorParseAttribute(parser));
    } else if (code === 58) { // :pseudo-class or ::pseudo-element
      parser.pos++;
      if (text.charCodeAt(parser.pos) === 58) {
        parser.pos++;
        const name = selectorAsciiLower(selectorConsumeIdent(parser));
        if (!SELECTOR_PSEUDO_ELEMENTS.has(name) && !name.startsWith("-webkit-")) throw selectorError(parser);
        if (text.charCodeAt(parser.pos) === 40) { parser.pos++; selectorSkipItem(parser); if (text.charCodeAt(parser.pos) !== 41) throw selectorError(parser); parser.pos++; }
        specificity[2]++;
        sawPseudoElement = true;
      } else {
        const name = selectorAsciiLower(selectorConsumeIdent(parser));
        if (["before", "after", "first-line", "first-letter"].indexOf(name) >= 0) {
          specificity[2]++;
          sawPseudoElement = true;
        } else if (text.charCodeAt(parser.pos) === 40) {
          parser.pos++;
          tests.push(selectorParseFunctionalPseudo(parser, name, specificity));
          if (text.charCodeAt(parser.pos) !== 41) throw selectorError(parser);
          parser.pos++;
        } else {
          tests.push(selectorPseudoClassTest(parser, name, specificity));
        }
      }
    } else {
      break;
    }
    sawAnything = true;
  }
  if (!sawAnything) throw selectorError(parser);
  parser.compoundKey = key;
  if (sawPseudoElement) return selectorNeverMatches;
  return selectorCombineTests(tests);
}

function selectorCombineTests(tests) {
  const count = tests.length;
  if (count === 0) return selectorAlwaysMatches;
  if (count === 1) return tests[0];
  if (count === 2) {
    const a = tests[0], b = tests[1];
    return (element, context) => a(element, context) && b(element, context);
  }
  return (element, context) => {
    for (let i = 0; i < count; i++) if (!tests[i](element, context)) return false;
    return true;
  };
}

function selectorParseAttribute(parser) {
  const text = parser.text;
  selectorSkipSpace(parser);
  let anyNamespace = false;
  let name;
  if (text.charCodeAt(parser.pos) === 42 && text.charCodeAt(parser.pos + 1) === 124) {
    parser.pos += 2;
    anyNamespace = true;
    name = selectorConsumeIdent(parser);
  } else if (text.charCodeAt(parser.pos) === 124) {
    parser.pos++;
    name = selectorConsumeIdent(parser);
  } else {
    name = selectorConsumeIdent(parser);
    if (text.charCodeAt(parser.pos) === 124 && text.charCodeAt(parser.pos + 1) !== 61) throw selectorError(parser);
  }
  selectorSkipSpace(parser);
  const lowerName = selectorAsciiLower(name);
  const lookup = (element) => {
    const attributes = element[ATTRS];
    if (attributes === undefined || attributes === null) return null;
    const wanted = element[NAMESPACE] === SELECTOR_HTML_NAMESPACE ? lowerName : name;
    for (let i = 0; i < attributes.length; i++) {
      const attribute = attributes[i];
      if (anyNamespace ? attribute.localName === wanted : attribute.name === wanted) return attribute.value;
    }
    return null;
  };
  let code = text.charCodeAt(parser.pos);
  if (code === 93) {
    parser.pos++;
    return (element) => lookup(element) !== null;
  }
  let operator = "=";
  if (code === 61) {
    parser.pos++;
  } else if ("~|^$*".indexOf(text.charAt(parser.pos)) >= 0 && text.charCodeAt(parser.pos + 1) === 61) {
    operator = text.charAt(parser.pos);
    parser.pos += 2;
  } else {
    throw selectorError(parser);
  }
  selectorSkipSpace(parser);
  code = text.charCodeAt(parser.pos);
  let value;
  if (code === 34 || code === 39) value = selectorConsumeString(parser);
  else value = selectorConsumeIdent(parser);
  selectorSkipSpace(parser);
  let caseMode = "default";
  if (selectorStartsIdent(parser)) {
    const flag = selectorAsciiLower(selectorConsumeIdent(parser));
    if (flag === "i") caseMode = "insensitive";
    else if (flag === "s") caseMode = "sensitive";
    else throw selectorError(parser);
    selectorSkipSpace(parser);
  }
  if (text.charCodeAt(parser.pos) !== 93) throw selectorError(parser);
  parser.pos++;

  const lowerValue = selectorAsciiLower(value);
  const defaultInsensitive = SELECTOR_CASE_INSENSITIVE_ATTRIBUTES.has(lowerName);
  const compare = selectorValueComparison(operator, value);
  const compareLower = selectorValueComparison(operator, lowerValue);
  return (element) => {
    const actual = lookup(element);
    if (actual === null) return false;
    const insensitive = caseMode === "insensitive" ||
      (caseMode === "default" && defaultInsensitive && element[NAMESPACE] === SELECTOR_HTML_NAMESPACE);
    return insensitive ? compareLower(selectorAsciiLower(actual)) : compare(actual);
  };
}

/** A predicate on an attribute value for one attribute-selector operator. */
function selectorValueComparison(operator, value) {
  switch (operator) {
    case "=": return (actual) => actual === value;
    case "~": return /[ \t\n\f\r]/.test(value) ? selectorNeverMatches : (actual) => selectorHasToken(actual, value);
    case "|": return (actual) => actual === value || (actual.startsWith(value) && actual.charCodeAt(value.length) === 45);
    case "^": return value === "" ? selectorNeverMatches : (actual) => actual.startsWith(value);
    case "$": return value === "" ? selectorNeverMatches : (actual) => actual.endsWith(value);
    default: return value === "" ? selectorNeverMatches : (actual) => actual.indexOf(value) >= 0;
  }
}
