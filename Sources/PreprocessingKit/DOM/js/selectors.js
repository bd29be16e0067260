// Selector queries: https://dom.spec.whatwg.org/#scope-match-a-selectors-string and
// https://drafts.csswg.org/selectors-4/
//
// querySelectorAll, querySelector, matches and closest (for Element, Document and
// DocumentFragment), the cache of compiled selector lists, the fast path for a lone `#id`,
// `.class` or `tag`, and the loop-based tree walking the whole engine shares. A selector string
// is parsed once (character level, CSS escapes included; selectorParser.js and
// selectorPseudoClasses.js) into compiled matchers and cached by its text. Complex selectors
// match right to left (selectorMatching.js); only the selector's own nesting recurses (a few
// levels), the tree is always walked with loops.

/** Compiled selector lists by selector text (strings that failed to parse are not cached). */
const selectorCache = new Map();

const SELECTOR_HTML_NAMESPACE = "http://www.w3.org/1999/xhtml";

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
  const query = elementIndexQuery(root);
  if (query !== null) return selectorIndexedCollect(query, root, compiled, found, false);
  const fast = compiled.fast;
  if (fast !== null) {
    selectorFastCollect(root, fast, found, false);
    return found;
  }
  const context = selectorNewContext(root);
  for (let node = root[FIRST]; node !== null && node !== undefined; node = nextInTree(node, root)) {
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
  const query = elementIndexQuery(root);
  if (query !== null) {
    const found = selectorIndexedCollect(query, root, compiled, [], true);
    return found.length ? found[0] : null;
  }
  const fast = compiled.fast;
  if (fast !== null) {
    const found = [];
    selectorFastCollect(root, fast, found, true);
    return found.length ? found[0] : null;
  }
  const context = selectorNewContext(root);
  for (let node = root[FIRST]; node !== null && node !== undefined; node = nextInTree(node, root)) {
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

/** The value of attribute `name`, ASCII-lowercased when `folded` (class and id in quirks mode), or null. */
function selectorAttributeIn(element, name, folded) {
  const value = selectorAttribute(element, name);
  return folded && value !== null ? selectorAsciiLower(value) : value;
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
// The fast path: a lone `#id`, `.class` or `tag` is found without the general matcher.

/** Recognises a lone `#id`, `.class` or `tag` that can skip the general matcher. */
function selectorFastPath(text) {
  const match = /^\s*([#.]?)([A-Za-z_][A-Za-z0-9_-]*)\s*$/.exec(text);
  if (match === null) return null;
  if (match[1] === "#") return { kind: "id", value: match[2], lower: selectorAsciiLower(match[2]) };
  if (match[1] === ".") return { kind: "class", value: match[2], lower: selectorAsciiLower(match[2]) };
  return { kind: "tag", value: match[2], lower: match[2].toLowerCase() };
}

function selectorFastCollect(root, fast, found, firstOnly) {
  const kind = fast.kind;
  const folded = kind !== "tag" && documentFoldsClassCase(documentOf(root));
  const value = folded ? fast.lower : fast.value;
  for (let node = root[FIRST]; node !== null && node !== undefined; node = nextInTree(node, root)) {
    const localName = node[LOCAL_NAME];
    if (typeof localName !== "string") continue;
    let matches;
    if (kind === "tag") matches = localName === (node[NAMESPACE] === SELECTOR_HTML_NAMESPACE ? fast.lower : value);
    else if (kind === "id") matches = selectorAttributeIn(node, "id", folded) === value;
    else matches = selectorHasToken(selectorAttributeIn(node, "class", folded), value);
    if (matches) {
      found.push(node);
      if (firstOnly) return;
    }
  }
}

/**
 * querySelectorAll/querySelector over the document's element index: the candidates are the
 * bucket of the subject's tag or class when the list is one complex selector that names one,
 * else every element in the root's range; each is matched as by the walk, in tree order.
 */
function selectorIndexedCollect(query, root, compiled, found, firstOnly) {
  const index = query.index;
  const list = compiled.list;
  const context = selectorNewContext(root);
  // A lone tag or class (the fast path's selectors too) names its bucket as the subject's key.
  const key = list.length === 1 ? list[0].subjectKey : null;
  if (key !== null && key !== undefined && key.charCodeAt(0) !== 35) {
    const bucket = key.charCodeAt(0) === 46
      ? elementIndexClasses(query).get(query.folded ? selectorAsciiLower(key.slice(1)) : key.slice(1))
      : elementIndexTagBucket(index, key);
    return elementIndexFilter(query, bucket, (element) => selectorListMatches(list, element, context), firstOnly);
  }
  // A lone id in a document built on demand: the candidates are the elements whose id
  // attribute could be it (the selector decides, case folding included), found without
  // making the elements before them.
  if (key !== null && key !== undefined && index.parsed !== null) {
    return elementIndexFilter(query, elementIndexIdCandidates(query, key.slice(1)),
      (element) => selectorListMatches(list, element, context), firstOnly);
  }
  const end = query.end;
  if (!firstOnly && index.parsed !== null) makeParsedRange(index.parsed, query.start, end);
  for (let i = query.start; i < end; i++) {
    const element = elementIndexElement(index, i);
    if (selectorListMatches(list, element, context)) {
      found.push(element);
      if (firstOnly) return found;
    }
  }
  return found;
}
