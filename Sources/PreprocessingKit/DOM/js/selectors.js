// CSS selector engine: https://drafts.csswg.org/selectors-4/ and
// https://dom.spec.whatwg.org/#scope-match-a-selectors-string
//
// A selector string is parsed once (character level, CSS escapes included) into compiled
// matchers and cached by its text. Complex selectors match right to left; only the selector's
// own nesting recurses (a few levels), the tree is always walked with loops.

/** Compiled selector lists by selector text (strings that failed to parse are not cached). */
const selectorCache = new Map();

const SELECTOR_HTML_NAMESPACE = "http://www.w3.org/1999/xhtml";

/**
 * HTML attributes whose values selectors compare ASCII case-insensitively on HTML elements
 * (https://html.spec.whatwg.org/multipage/semantics-other.html#case-sensitivity-of-selectors).
 */
const SELECTOR_CASE_INSENSITIVE_ATTRIBUTES = new Set(("accept accept-charset align alink axis bgcolor " +
  "charset checked clear codetype color compact declare defer dir direction disabled enctype face " +
  "frame hreflang http-equiv lang language link media method multiple nohref noresize noshade " +
  "nowrap readonly rel rev rules scope scrolling selected shape target text type valign valuetype " +
  "vlink").split(" "));

/** Pseudo-classes that are valid but never match in a page nobody interacts with. */
const SELECTOR_NEVER_MATCHING_PSEUDO_CLASSES = new Set(["hover", "active", "focus", "focus-visible",
  "focus-within", "visited", "target", "target-within", "current", "past", "future", "playing",
  "paused", "fullscreen", "modal", "popover-open", "user-invalid", "user-valid", "autofill",
  "-webkit-autofill", "invalid", "indeterminate", "out-of-range", "picture-in-picture", "open",
  "closed", "-webkit-any-link-visited", "host", "drag-over", "window-inactive"]);

/** Pseudo-elements: valid in a selector, but no element ever matches them. */
const SELECTOR_PSEUDO_ELEMENTS = new Set(["before", "after", "first-line", "first-letter", "marker",
  "selection", "placeholder", "backdrop", "file-selector-button", "cue", "grammar-error",
  "spelling-error", "target-text", "highlight", "part", "slotted", "view-transition"]);

// ---------------------------------------------------------------------------------------------
// Public functions called by Element/Document/DocumentFragment.

/**
 * Elements among `root`'s descendants matching `selectors`, in document order.
 * @param {Node} root a Document, DocumentFragment or Element
 * @param {string} selectors
 * @returns {Element[]}
 */
function querySelectorAllIn(root, selectors) {
  const compiled = compileSelectors(String(selectors));
  const found = [];
  const fast = compiled.fast;
  if (fast !== null) {
    selectorFastCollect(root, fast, found, false);
    return found;
  }
  const context = selectorNewContext(root);
  for (let node = root[FIRST]; node !== null && node !== undefined; node = selectorNextInTree(node, root)) {
    if (typeof node[LOCAL_NAME] === "string" && selectorListMatches(compiled.list, node, context)) found.push(node);
  }
  return found;
}

/**
 * The first element among `root`'s descendants matching `selectors`, or null.
 * @param {Node} root
 * @param {string} selectors
 * @returns {Element|null}
 */
function querySelectorIn(root, selectors) {
  const compiled = compileSelectors(String(selectors));
  const fast = compiled.fast;
  if (fast !== null) {
    const found = [];
    selectorFastCollect(root, fast, found, true);
    return found.length ? found[0] : null;
  }
  const context = selectorNewContext(root);
  for (let node = root[FIRST]; node !== null && node !== undefined; node = selectorNextInTree(node, root)) {
    if (typeof node[LOCAL_NAME] === "string" && selectorListMatches(compiled.list, node, context)) return node;
  }
  return null;
}

/**
 * `Element.matches`: whether `element` matches `selectors` (with `:scope` = the element).
 * @param {Element} element
 * @param {string} selectors
 * @returns {boolean}
 */
function elementMatches(element, selectors) {
  const compiled = compileSelectors(String(selectors));
  return selectorListMatches(compiled.list, element, selectorNewContext(element));
}

/**
 * `Element.closest`: the element itself or its nearest ancestor element matching `selectors`.
 * @param {Element} element
 * @param {string} selectors
 * @returns {Element|null}
 */
function closestFrom(element, selectors) {
  const compiled = compileSelectors(String(selectors));
  const context = selectorNewContext(element);
  for (let node = element; node !== null && node !== undefined && typeof node[LOCAL_NAME] === "string"; node = node[PARENT]) {
    if (selectorListMatches(compiled.list, node, context)) return node;
  }
  return null;
}

/**
 * Parses (or takes from the cache) a selector list.
 * @param {string} text
 * @returns {{list: object[], fast: object|null}} `list` holds compiled complex selectors
 *   (`{compounds, combinators, specificity}`); `fast` describes a lone `#id`, `.class` or `tag`.
 * @throws {DOMException} SyntaxError with WebKit's message for an invalid selector
 */
function compileSelectors(text) {
  let compiled = selectorCache.get(text);
  if (compiled !== undefined) return compiled;
  const parser = { text, pos: 0 };
  let list;
  try {
    list = selectorParseList(parser, false, false);
    if (parser.pos < text.length || list.length === 0) throw selectorError(parser);
  } catch (error) {
    if (error instanceof SelectorParseError) throw new DOMException("'" + text + "' is not a valid selector.", "SyntaxError");
    throw error;
  }
  compiled = { list, fast: selectorFastPath(text) };
  selectorCache.set(text, compiled);
  return compiled;
}

// ---------------------------------------------------------------------------------------------
// Tree walking helpers (no recursion).

/** The node after `node` in tree order within `root`'s subtree, or null. */
function selectorNextInTree(node, root) {
  const first = node[FIRST];
  if (first !== null && first !== undefined) return first;
  while (node !== root) {
    const next = node[NEXT];
    if (next !== null && next !== undefined) return next;
    node = node[PARENT];
    if (node === null || node === undefined) return null;
  }
  return null;
}

/** The node after `node` in tree order skipping its descendants, within `root`. */
function selectorNextSkippingChildren(node, root) {
  while (node !== root) {
    const next = node[NEXT];
    if (next !== null && next !== undefined) return next;
    node = node[PARENT];
    if (node === null || node === undefined) return null;
  }
  return null;
}

function selectorParentElement(element) {
  const parent = element[PARENT];
  return parent !== null && parent !== undefined && typeof parent[LOCAL_NAME] === "string" ? parent : null;
}

function selectorPreviousElement(element) {
  for (let node = element[PREV]; node !== null && node !== undefined; node = node[PREV]) {
    if (typeof node[LOCAL_NAME] === "string") return node;
  }
  return null;
}

function selectorNextElement(element) {
  for (let node = element[NEXT]; node !== null && node !== undefined; node = node[NEXT]) {
    if (typeof node[LOCAL_NAME] === "string") return node;
  }
  return null;
}

/** The value of the attribute with qualified name `name`, or null. */
function selectorAttribute(element, name) {
  const attributes = element[ATTRS];
  if (attributes === undefined || attributes === null) return null;
  for (let i = 0; i < attributes.length; i++) {
    if (attributes[i].name === name) return attributes[i].value;
  }
  return null;
}

/** Whether the whitespace-separated `list` contains `token` (no allocation). */
function selectorHasToken(list, token) {
  if (list === null) return false;
  const length = token.length;
  if (length === 0) return false;
  let from = 0;
  for (;;) {
    const at = list.indexOf(token, from);
    if (at < 0) return false;
    const end = at + length;
    if ((at === 0 || selectorIsSpace(list.charCodeAt(at - 1))) &&
        (end === list.length || selectorIsSpace(list.charCodeAt(end)))) return true;
    from = at + 1;
  }
}

function selectorIsSpace(code) {
  return code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
}

function selectorAsciiLower(text) {
  return /[A-Z]/.test(text) ? text.replace(/[A-Z]+/g, (s) => s.toLowerCase()) : text;
}

// ---------------------------------------------------------------------------------------------
// Matching.

/** Per-query state: the `:scope` element and the element a `:has()` argument is relative to. */
function selectorNewContext(root) {
  let scope = root;
  if (typeof root[LOCAL_NAME] !== "string") {
    // A Document or fragment is no element: `:scope` then means the root element.
    scope = null;
    for (let node = root[FIRST]; node !== null && node !== undefined; node = node[NEXT]) {
      if (typeof node[LOCAL_NAME] === "string") { scope = node; break; }
    }
  }
  return { scope, hasAnchor: null };
}

function selectorListMatches(list, element, context) {
  for (let i = 0; i < list.length; i++) {
    if (selectorMatchFrom(list[i], 0, element, context)) return true;
  }
  return false;
}

/**
 * Whether `element` matches compound `index` of `complex` (0 = rightmost) and everything to
 * its left. Recurses only at descendant/sibling combinators, as deep as the selector is long.
 */
function selectorMatchFrom(complex, index, element, context) {
  const compounds = complex.compounds;
  const combinators = complex.combinators;
  if (!compounds[index](element, context)) return false;
  for (;;) {
    if (index + 1 === compounds.length) return true;
    const combinator = combinators[index];
    index++;
    if (combinator === ">") {
      element = selectorParentElement(element);
      if (element === null || !compounds[index](element, context)) return false;
    } else if (combinator === " ") {
      for (let ancestor = selectorParentElement(element); ancestor !== null; ancestor = selectorParentElement(ancestor)) {
        if (selectorMatchFrom(complex, index, ancestor, context)) return true;
      }
      return false;
    } else if (combinator === "+") {
      element = selectorPreviousElement(element);
      if (element === null || !compounds[index](element, context)) return false;
    } else {
      for (let sibling = selectorPreviousElement(element); sibling !== null; sibling = selectorPreviousElement(sibling)) {
        if (selectorMatchFrom(complex, index, sibling, context)) return true;
      }
      return false;
    }
  }
}

/** `:has()` — whether some element relative to `element` matches one of the relative selectors. */
function selectorHasMatches(relativeList, element, context) {
  const savedAnchor = context.hasAnchor;
  context.hasAnchor = element;
  try {
    for (let i = 0; i < relativeList.length; i++) {
      const relative = relativeList[i];
      // The combinator next to the anchor decides where candidates can be.
      const first = relative.combinators[relative.combinators.length - 1];
      if (first === ">" || first === " ") {
        for (let node = element[FIRST]; node !== null && node !== undefined; node = selectorNextInTree(node, element)) {
          if (typeof node[LOCAL_NAME] === "string" && selectorMatchFrom(relative, 0, node, context)) return true;
        }
      } else {
        // After `+`/`~` the subject is a following sibling, or inside one if a `>` or
        // descendant combinator comes later.
        let siblingsOnly = true;
        for (let k = 0; k < relative.combinators.length; k++) {
          const combinator = relative.combinators[k];
          if (combinator === ">" || combinator === " ") siblingsOnly = false;
        }
        for (let sibling = element[NEXT]; sibling !== null && sibling !== undefined; sibling = sibling[NEXT]) {
          if (typeof sibling[LOCAL_NAME] !== "string") continue;
          if (siblingsOnly) {
            if (selectorMatchFrom(relative, 0, sibling, context)) return true;
            continue;
          }
          for (let node = sibling; node !== null; node = selectorNextInTree(node, sibling)) {
            if (typeof node[LOCAL_NAME] === "string" && selectorMatchFrom(relative, 0, node, context)) return true;
          }
        }
      }
    }
    return false;
  } finally {
    context.hasAnchor = savedAnchor;
  }
}

/** Recognises a lone `#id`, `.class` or `tag` that can skip the general matcher. */
function selectorFastPath(text) {
  const match = /^\s*([#.]?)([A-Za-z_][A-Za-z0-9_-]*)\s*$/.exec(text);
  if (match === null) return null;
  if (match[1] === "#") return { kind: "id", value: match[2] };
  if (match[1] === ".") return { kind: "class", value: match[2] };
  return { kind: "tag", value: match[2], lower: match[2].toLowerCase() };
}

function selectorFastCollect(root, fast, found, firstOnly) {
  const kind = fast.kind;
  const value = fast.value;
  for (let node = root[FIRST]; node !== null && node !== undefined; node = selectorNextInTree(node, root)) {
    const localName = node[LOCAL_NAME];
    if (typeof localName !== "string") continue;
    let matches;
    if (kind === "tag") matches = localName === (node[NAMESPACE] === SELECTOR_HTML_NAMESPACE ? fast.lower : value);
    else if (kind === "id") matches = selectorAttribute(node, "id") === value;
    else matches = selectorHasToken(selectorAttribute(node, "class"), value);
    if (matches) {
      found.push(node);
      if (firstOnly) return;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Parsing (https://drafts.csswg.org/css-syntax-3/ tokens, read directly from the characters).

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
      tests.push((element) => selectorAttribute(element, "id") === id);
    } else if (code === 46) { // .class
      parser.pos++;
      const name = selectorConsumeIdent(parser);
      specificity[1]++;
      if (key === null || key.charCodeAt(0) !== 35) key = "." + name;
      tests.push((element) => selectorHasToken(selectorAttribute(element, "class"), name));
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

// ---------------------------------------------------------------------------------------------
// Pseudo-classes.

const SELECTOR_FORM_CONTROLS = new Set(["button", "input", "select", "textarea", "optgroup", "option", "fieldset"]);

function selectorIsHTML(element, localName) {
  return element[LOCAL_NAME] === localName && element[NAMESPACE] === SELECTOR_HTML_NAMESPACE;
}

/** https://html.spec.whatwg.org/multipage/semantics-other.html#concept-element-disabled */
function selectorIsDisabled(element) {
  if (element[NAMESPACE] !== SELECTOR_HTML_NAMESPACE) return false;
  const localName = element[LOCAL_NAME];
  if (!SELECTOR_FORM_CONTROLS.has(localName)) return false;
  if (selectorAttribute(element, "disabled") !== null) return true;
  if (localName === "option") {
    const parent = selectorParentElement(element);
    return parent !== null && selectorIsHTML(parent, "optgroup") && selectorAttribute(parent, "disabled") !== null;
  }
  if (localName === "optgroup") return false;
  // Inside a disabled fieldset, except within its first legend.
  let child = element;
  for (let ancestor = selectorParentElement(element); ancestor !== null; child = ancestor, ancestor = selectorParentElement(ancestor)) {
    if (selectorIsHTML(ancestor, "fieldset") && selectorAttribute(ancestor, "disabled") !== null) {
      let firstLegend = null;
      for (let node = ancestor[FIRST]; node !== null && node !== undefined; node = node[NEXT]) {
        if (selectorIsHTML(node, "legend")) { firstLegend = node; break; }
      }
      if (child !== firstLegend) return true;
    }
  }
  return false;
}

function selectorIsChecked(element) {
  if (element[NAMESPACE] !== SELECTOR_HTML_NAMESPACE) return false;
  const localName = element[LOCAL_NAME];
  if (localName === "input") {
    const type = selectorAsciiLower(selectorAttribute(element, "type") || "");
    if (type !== "checkbox" && type !== "radio") return false;
    const live = element.checked; // the checkedness scripts set, when the element tracks it
    return typeof live === "boolean" ? live : selectorAttribute(element, "checked") !== null;
  }
  if (localName === "option") {
    const live = element.selected;
    return typeof live === "boolean" ? live : selectorAttribute(element, "selected") !== null;
  }
  return false;
}

const SELECTOR_TEXT_INPUT_TYPES = new Set(["", "text", "search", "url", "tel", "email", "password",
  "date", "month", "week", "time", "datetime-local", "number"]);

function selectorIsReadWrite(element) {
  if (element[NAMESPACE] !== SELECTOR_HTML_NAMESPACE) return false;
  const localName = element[LOCAL_NAME];
  if (localName === "textarea" || (localName === "input" &&
      SELECTOR_TEXT_INPUT_TYPES.has(selectorAsciiLower(selectorAttribute(element, "type") || "")))) {
    return selectorAttribute(element, "readonly") === null && !selectorIsDisabled(element);
  }
  for (let node = element; node !== null; node = selectorParentElement(node)) {
    const editable = selectorAttribute(node, "contenteditable");
    if (editable !== null) return selectorAsciiLower(editable) !== "false";
  }
  return false;
}

/** The test for a pseudo-class without arguments. */
function selectorPseudoClassTest(parser, name, specificity) {
  specificity[1]++;
  if (SELECTOR_NEVER_MATCHING_PSEUDO_CLASSES.has(name)) return selectorNeverMatches;
  switch (name) {
    case "root":
      return (element) => { const parent = element[PARENT]; return parent !== null && parent !== undefined && parent.nodeType === 9; };
    case "scope":
      return (element, context) => element === context.scope;
    case "empty":
      return (element) => {
        for (let node = element[FIRST]; node !== null && node !== undefined; node = node[NEXT]) {
          if (typeof node[LOCAL_NAME] === "string") return false;
          const type = node.nodeType;
          if ((type === 3 || type === 4) && node[DATA].length > 0) return false;
        }
        return true;
      };
    case "first-child": return (element) => selectorPreviousElement(element) === null;
    case "last-child": return (element) => selectorNextElement(element) === null;
    case "only-child": return (element) => selectorPreviousElement(element) === null && selectorNextElement(element) === null;
    case "first-of-type": return (element) => selectorTypeIndex(element, false) === 1;
    case "last-of-type": return (element) => selectorTypeIndex(element, true) === 1;
    case "only-of-type": return (element) => selectorTypeIndex(element, false) === 1 && selectorTypeIndex(element, true) === 1;
    case "checked": return selectorIsChecked;
    case "disabled": return selectorIsDisabled;
    case "enabled":
      return (element) => element[NAMESPACE] === SELECTOR_HTML_NAMESPACE && SELECTOR_FORM_CONTROLS.has(element[LOCAL_NAME]) && !selectorIsDisabled(element);
    case "link": case "any-link": case "-webkit-any-link":
      return (element) => element[NAMESPACE] === SELECTOR_HTML_NAMESPACE &&
        (element[LOCAL_NAME] === "a" || element[LOCAL_NAME] === "area") && selectorAttribute(element, "href") !== null;
    case "defined":
      return (element) => {
        const localName = element[LOCAL_NAME];
        if (element[NAMESPACE] !== SELECTOR_HTML_NAMESPACE || localName.indexOf("-") < 0) return true;
        const registry = typeof customElements === "object" && customElements !== null ? customElements : null;
        return registry !== null && typeof registry.get === "function" && registry.get(localName) !== undefined;
      };
    case "placeholder-shown":
      return (element) => {
        if (element[NAMESPACE] !== SELECTOR_HTML_NAMESPACE) return false;
        const localName = element[LOCAL_NAME];
        if ((localName !== "input" && localName !== "textarea") || selectorAttribute(element, "placeholder") === null) return false;
        const value = element.value;
        return typeof value === "string" ? value === "" : (localName === "input" ? (selectorAttribute(element, "value") || "") === "" : element.textContent === "");
      };
    case "required": case "optional": {
      const wantRequired = name === "required";
      return (element) => {
        if (element[NAMESPACE] !== SELECTOR_HTML_NAMESPACE) return false;
        const localName = element[LOCAL_NAME];
        if (localName !== "input" && localName !== "select" && localName !== "textarea") return false;
        return (selectorAttribute(element, "required") !== null) === wantRequired;
      };
    }
    case "read-write": return selectorIsReadWrite;
    case "read-only": return (element) => !selectorIsReadWrite(element);
    case "valid":
      return (element) => element[NAMESPACE] === SELECTOR_HTML_NAMESPACE &&
        ["input", "select", "textarea", "button", "form", "fieldset", "output", "object"].indexOf(element[LOCAL_NAME]) >= 0;
    case "default":
      return (element) => selectorIsHTML(element, "option") ? selectorAttribute(element, "selected") !== null :
        selectorIsHTML(element, "input") && selectorAttribute(element, "checked") !== null;
    default:
      throw selectorError(parser);
  }
}

/** 1-based position of `element` among its siblings of the same type (from the end if `fromEnd`). */
function selectorTypeIndex(element, fromEnd) {
  const localName = element[LOCAL_NAME];
  const namespace = element[NAMESPACE];
  let index = 1;
  for (let node = fromEnd ? element[NEXT] : element[PREV]; node !== null && node !== undefined; node = fromEnd ? node[NEXT] : node[PREV]) {
    if (node[LOCAL_NAME] === localName && node[NAMESPACE] === namespace) index++;
  }
  return index;
}

/** 1-based position among sibling elements (matching `filter`, when given). */
function selectorChildIndex(element, fromEnd, filter, context) {
  let index = 1;
  for (let node = fromEnd ? element[NEXT] : element[PREV]; node !== null && node !== undefined; node = fromEnd ? node[NEXT] : node[PREV]) {
    if (typeof node[LOCAL_NAME] === "string" && (filter === null || selectorListMatches(filter, node, context))) index++;
  }
  return index;
}

/** Parses the An+B microsyntax (https://drafts.csswg.org/css-syntax-3/#anb-microsyntax). */
function selectorParseNth(parser) {
  const text = parser.text;
  selectorSkipSpace(parser);
  const rest = text.slice(parser.pos);
  let match = /^(?:odd|even)(?![\w-])/i.exec(rest);
  if (match !== null) {
    parser.pos += match[0].length;
    return match[0].toLowerCase() === "odd" ? [2, 1] : [2, 0];
  }
  match = /^([+-]?)(\d*)[nN](?:\s*([+-])\s*(\d+)|([+-]\d+))?(?![\w-])/.exec(rest);
  if (match !== null) {
    // "+ n" is invalid: a sign must touch what it signs.
    const a = match[2] === "" ? (match[1] === "-" ? -1 : 1) : parseInt(match[1] + match[2], 10);
    let b = 0;
    if (match[3] !== undefined) b = parseInt(match[3] + match[4], 10);
    else if (match[5] !== undefined) b = parseInt(match[5], 10);
    parser.pos += match[0].length;
    return [a, b];
  }
  match = /^[+-]?\d+(?![\w.-])/.exec(rest);
  if (match !== null) {
    parser.pos += match[0].length;
    return [0, parseInt(match[0], 10)];
  }
  throw selectorError(parser);
}

function selectorNthMatches(a, b, index) {
  if (a === 0) return index === b;
  const steps = (index - b) / a;
  return steps >= 0 && Number.isInteger(steps);
}

/** The test for a functional pseudo-class; `parser.pos` is just after `(` and ends at `)`. */
function selectorParseFunctionalPseudo(parser, name, specificity) {
  const text = parser.text;
  switch (name) {
    case "not": case "is": case "where": case "matches": case "-webkit-any": {
      const forgiving = name === "is" || name === "where";
      const list = selectorParseList(parser, false, forgiving);
      if (list.length === 0 && !forgiving) throw selectorError(parser);
      if (name !== "where") selectorAddMaxSpecificity(specificity, list);
      if (name === "not") return (element, context) => !selectorListMatches(list, element, context);
      return (element, context) => selectorListMatches(list, element, context);
    }
    case "has": {
      const list = selectorParseList(parser, true, false);
      if (list.length === 0) throw selectorError(parser);
      selectorAddMaxSpecificity(specificity, list);
      return (element, context) => selectorHasMatches(list, element, context);
    }
    case "nth-child": case "nth-last-child": case "nth-of-type": case "nth-last-of-type": {
      const [a, b] = selectorParseNth(parser);
      const hadSpace = selectorSkipSpace(parser);
      let filter = null;
      specificity[1]++;
      if ((name === "nth-child" || name === "nth-last-child") && hadSpace && /^of(?![\w-])/i.test(text.slice(parser.pos))) {
        parser.pos += 2;
        if (!selectorSkipSpace(parser)) throw selectorError(parser);
        filter = selectorParseList(parser, false, false);
        if (filter.length === 0) throw selectorError(parser);
        selectorAddMaxSpecificity(specificity, filter);
      }
      selectorSkipSpace(parser);
      const fromEnd = name.indexOf("last") >= 0;
      if (name.endsWith("of-type")) return (element) => selectorNthMatches(a, b, selectorTypeIndex(element, fromEnd));
      if (filter === null) return (element, context) => selectorNthMatches(a, b, selectorChildIndex(element, fromEnd, null, context));
      return (element, context) => selectorListMatches(filter, element, context) &&
        selectorNthMatches(a, b, selectorChildIndex(element, fromEnd, filter, context));
    }
    case "lang": {
      specificity[1]++;
      const ranges = [];
      for (;;) {
        selectorSkipSpace(parser);
        const code = text.charCodeAt(parser.pos);
        ranges.push(selectorAsciiLower(code === 34 || code === 39 ? selectorConsumeString(parser) : selectorConsumeIdent(parser)));
        selectorSkipSpace(parser);
        if (text.charCodeAt(parser.pos) !== 44) break;
        parser.pos++;
      }
      return (element) => {
        for (let node = element; node !== null; node = selectorParentElement(node)) {
          const lang = selectorAttribute(node, "lang") ?? selectorAttribute(node, "xml:lang");
          if (lang === null) continue;
          const lower = selectorAsciiLower(lang);
          for (const range of ranges) {
            if (range === "*" || lower === range || (lower.startsWith(range) && lower.charCodeAt(range.length) === 45)) return true;
          }
          return false;
        }
        return false;
      };
    }
    case "dir": {
      specificity[1]++;
      selectorSkipSpace(parser);
      const wanted = selectorAsciiLower(selectorConsumeIdent(parser));
      selectorSkipSpace(parser);
      return (element) => {
        for (let node = element; node !== null; node = selectorParentElement(node)) {
          const dir = selectorAttribute(node, "dir");
          if (dir !== null && (selectorAsciiLower(dir) === "ltr" || selectorAsciiLower(dir) === "rtl")) return selectorAsciiLower(dir) === wanted;
        }
        return wanted === "ltr";
      };
    }
    default:
      throw selectorError(parser);
  }
}

function selectorAddMaxSpecificity(specificity, list) {
  let best = [0, 0, 0];
  for (const complex of list) {
    const s = complex.specificity;
    if (s[0] > best[0] || (s[0] === best[0] && (s[1] > best[1] || (s[1] === best[1] && s[2] > best[2])))) best = s;
  }
  specificity[0] += best[0];
  specificity[1] += best[1];
  specificity[2] += best[2];
}
