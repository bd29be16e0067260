// Selector matching: https://drafts.csswg.org/selectors-4/#match-a-selector-against-an-element
// and https://drafts.csswg.org/selectors-4/#relational (`:has()`).
//
// A compiled complex selector is its compounds stored right to left, each one test function
// (built by selectorParser.js), and the combinators between them. Matching starts at the
// subject and walks to the left; it recurses only at descendant and sibling combinators, as
// deep as the selector is long, never as deep as the tree.

/**
 * Per-query state: the `:scope` element, the element a `:has()` argument is relative to, and
 * whether class and id selectors fold ASCII case (quirks mode, https://drafts.csswg.org/selectors-4/#class-html).
 */
function selectorNewContext(root) {
  let scope = root;
  if (typeof root[LOCAL_NAME] !== "string") {
    // A Document or fragment is no element: `:scope` then means the root element.
    scope = null;
    for (let node = root[FIRST]; node !== null && node !== undefined; node = node[NEXT]) {
      if (typeof node[LOCAL_NAME] === "string") { scope = node; break; }
    }
  }
  return { scope, hasAnchor: null, quirks: documentFoldsClassCase(documentOf(root)) };
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
        for (let node = element[FIRST]; node !== null && node !== undefined; node = nextInTree(node, element)) {
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
          for (let node = sibling; node !== null; node = nextInTree(node, sibling)) {
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
