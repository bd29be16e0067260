// Pseudo-classes: https://drafts.csswg.org/selectors-4/#pseudo-classes and HTML's
// https://html.spec.whatwg.org/multipage/semantics-other.html#pseudo-classes
//
// The test for each pseudo-class, built while parsing (selectorParser.js calls
// selectorPseudoClassTest and selectorParseFunctionalPseudo): structural ones (`:nth-child()`
// with the An+B microsyntax and `of S`), logical ones (`:is()`, `:where()`, `:not()`,
// `:has()`), and the states of form controls. States that need a user (hover, focus, visited…)
// never match.

/** Pseudo-classes that are valid but never match in a page nobody interacts with. */
const SELECTOR_NEVER_MATCHING_PSEUDO_CLASSES = new Set(["hover", "active", "focus", "focus-visible",
  "focus-within", "visited", "target", "target-within", "current", "past", "future", "playing",
  "paused", "fullscreen", "modal", "popover-open", "user-invalid", "user-valid", "autofill",
  "-webkit-autofill", "invalid", "indeterminate", "out-of-range", "picture-in-picture", "open",
  "closed", "-webkit-any-link-visited", "host", "drag-over", "window-inactive"]);

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
