// innerText: https://html.spec.whatwg.org/multipage/dom.html#dom-innertext, as WebKit's
// TextIterator produces it (HTMLElement::innerText is plainText() over the
// element's contents). A minimal render-tree model decides which nodes have renderers; inline
// layout is reduced to white-space collapsing per line, with no line wrapping (a soft wrap
// gives a space in TextIterator output anyway).

/** Elements TextIterator hands to handleReplacedElement (isRendererReplacedElement). */
// <object> is not among them: its data is never loaded here (nor in the oracle, which blocks
// every subresource), so WebKit renders its fallback content as an ordinary inline.
// <canvas> is not among them either (RenderHTMLCanvas is neither an image nor a widget): it is
// an atomic inline that TextIterator passes over, like an <svg>.
const ITERATOR_REPLACED_ELEMENTS = new Set(["img", "input", "textarea", "select", "button", "fieldset",
  "legend", "meter", "progress", "output", "iframe", "embed", "video", "audio", "frame"]);

/** Replaced elements whose DOM children get no renderers (shadow trees or fallback content). */
const ITERATOR_CHILDLESS_ELEMENTS = new Set(["img", "input", "textarea", "select", "iframe", "embed",
  "video", "audio", "frame", "canvas", "meter", "progress"]);

const ITERATOR_SVG_TEXT_ELEMENTS = new Set(["text", "tspan", "textPath", "a"]);

/**
 * One line-layout context: a block container (block, cell, float, inline-block) whose inline
 * content is laid out in lines.
 */
function iteratorNewLine(available) {
  // `inner`: the widest line of the block containers inside.
  return { hasContent: false, endsWithSpace: false, width: 0, widest: 0, inner: 0, full: false, available };
}


function iteratorNewState() {
  return {
    out: [], lastChar: "", hasEmitted: false, collapsedSpace: false, sawTextNode: false, emitCount: 0,
    // Boxes laid out so far (text, hidden or not, and replaced elements): a block with none has
    // no height, so no extra newline for its bottom margin.
    boxCount: 0,
    // Boxes laid out inside floats so far: only a block formatting context grows to hold them.
    floatBoxCount: 0,
    // A rendered trailing space that disappears if its line ends before more content comes.
    removable: -1, removableLine: null, removableLastChar: "", removableHasEmitted: false, removableIsWholeBox: false,
    lastWasWordCharacter: false,
    // Quirks mode: a line holding only replaced boxes has no strut, so zero-height images give
    // it no height.
    quirks: false,
    // Absolutely positioned boxes entered so far: they escape their ancestors' clip.
    absoluteCount: 0,
  };
}

/** emitCharacter / emitText: clears the collapsed-space flag. */
function iteratorEmit(it, string) {
  if (string === "") return;
  it.out.push(string);
  it.lastChar = string.charAt(string.length - 1);
  it.hasEmitted = true;
  it.collapsedSpace = false;
  it.removable = -1;
  it.emitCount++;
}

/** The end of a line in `line`: a trailing rendered space of that line collapses away. */
function iteratorEndLine(it, line) {
  if (it.removable >= 0 && it.removableLine === line) {
    it.out[it.removable] = "";
    it.lastChar = it.removableLastChar;
    // The space never had a box: if nothing came before it, nothing has been emitted.
    it.hasEmitted = it.removableHasEmitted;
    // A text box that was only this space is gone: in quirks mode it gave the line no height.
    if (it.removableIsWholeBox && it.quirks) it.boxCount--;
    it.collapsedSpace = true;
    it.removable = -1;
  }
  line.hasContent = false;
  line.endsWithSpace = false;
  line.widest = Math.max(line.widest, line.width);
  line.width = 0;
  line.full = false;
}


function iteratorIsCollapsible(character) {
  return character === " " || character === "\n" || character === "\t";
}

/**
 * `innerText` of a rendered element, as WebKit's TextIterator gives it.
 * @param {Element} element @param {Array} chain its inherited style (renderedStyleChain)
 * @returns {string}
 */
function innerTextByIterator(element, chain) {
  let depth = 0;
  for (let node = element; node !== null && node !== undefined && typeof node[LOCAL_NAME] === "string"; node = node[PARENT]) depth++;
  // Beyond WebKit's render tree depth the element is not being rendered: its text content.
  if (depth > ITERATOR_MAX_RENDERER_DEPTH) return renderedDescendantText(element);
  const it = iteratorNewState();
  const owner = documentOf(element);
  it.quirks = owner !== null && owner !== undefined && owner[DOC_STATE].compatMode === "quirks";
  // The element itself is the start container: nothing is emitted for entering it.
  const computed = renderedComputeStyle(element, chain[0], chain[1], chain[2], chain[3]);
  const style = { display: computed.display, visibility: computed.visibility, whiteSpace: computed.whiteSpace,
    transform: computed.textTransform, outOfFlow: computed.outOfFlow, marginBottom: computed.marginBottom,
    clipped: computed.clipsContents && computed.display !== "inline", width: computed.width, height: computed.height,
    fontScale: iteratorFontScale(element, computed, 1) };
  const line = iteratorNewLine(iteratorAvailableWidth(element[LOCAL_NAME], style, iteratorViewportLineWidth(owner)));
  iteratorWalk(element, style, line, it, depth);
  iteratorEndLine(it, line);
  return it.out.join("");
}

function iteratorIsInlineLevel(display) {
  return display === "inline" || display === "inline-block" || display === "inline-table" ||
    display === "inline-flex" || display === "inline-grid" || display === "ruby" || display === "contents" ||
    display === "ruby-text" || display === "-webkit-inline-box";
}

/** Whether whitespace-only text gets a renderer (WebKit's textRendererIsNeeded). */
function iteratorWhitespaceRendered(parentStyle, parentIsSVG, previous, blockChildSeen, inFlowChildSeen) {
  if (parentIsSVG) return false;
  const display = parentStyle.display;
  if (display === "table" || display === "inline-table" || display === "table-row" || display === "table-row-group" ||
      display === "table-header-group" || display === "table-footer-group" || display === "table-column" ||
      display === "table-column-group" || display === "flex" || display === "inline-flex" || display === "grid" ||
      display === "inline-grid") return false;
  const ws = parentStyle.whiteSpace;
  if (ws === "pre" || ws === "pre-wrap" || ws === "pre-line" || ws === "break-spaces") return true;
  if (previous !== null && previous.isBR) return false;
  if (display === "inline" && !parentStyle.outOfFlow) {
    return !(previous !== null && !previous.isInline && !previous.outOfFlow);
  }
  if (blockChildSeen && (previous === null || !previous.isInline)) return false;
  return inFlowChildSeen;
}

/**
 * WebKit builds no renderer for an element deeper than this in the document (html is 1): it
 * and its subtree are not rendered (innerText-render-tree-depth-limit-*).
 */
const ITERATOR_MAX_RENDERER_DEPTH = 512;

/**
 * The walk of one element's children: its style and line, the next child, and what
 * TextIterator knows of the siblings walked so far.
 */
function iteratorChildFrame(node, parentStyle, line, entered, depth) {
  return { node, parentStyle, line, entered, depth,
    // The previous sibling with a renderer: {isInline, isBR, outOfFlow}.
    previous: null, blockChildSeen: false, inFlowChildSeen: false, lastRendered: false,
    parentIsSVG: node[NAMESPACE] === "http://www.w3.org/2000/svg" && !ITERATOR_SVG_TEXT_ELEMENTS.has(node[LOCAL_NAME]) };
}

/** Walks the subtree of `root` (at document depth `depth`), as TextIterator visits it (renderedWalk). */
function iteratorWalk(root, rootStyle, line, it, depth) {
  renderedWalk(iteratorChildFrame(root, rootStyle, line, null, depth), (child, frame) => {
    const entered = iteratorChild(child, frame, it);
    return entered === null ? null : iteratorChildFrame(child, entered.style, entered.childLine, entered, frame.depth + 1);
  }, (frame) => {
    if (frame.entered !== null) iteratorLeaveElement(frame.entered, frame.lastRendered, it);
  });
}

/**
 * One child of `frame`'s element: text is laid out, an element entered. Returns the entered
 * element when its children are to be walked, else null (it is left at once).
 */
function iteratorChild(child, frame, it) {
  const parentStyle = frame.parentStyle, line = frame.line;
  const localName = child[LOCAL_NAME];
  if (typeof localName === "string") {
    const computed = renderedComputeStyle(child, parentStyle.visibility, parentStyle.whiteSpace, parentStyle.transform, parentStyle.display);
    if (computed.display === "none" || renderedIsDetailsContentHidden(child) || frame.depth + 1 > ITERATOR_MAX_RENDERER_DEPTH) {
      frame.lastRendered = false;
      return null;
    }
    const display = computed.display, outOfFlow = computed.outOfFlow, absolute = computed.absolutelyPositioned;
    const clipsOverflow = renderedIsClipping(computed.overflowX) || renderedIsClipping(computed.overflowY);
    const style = { display, visibility: computed.visibility, whiteSpace: computed.whiteSpace,
      transform: computed.textTransform, outOfFlow, marginBottom: computed.marginBottom,
      // An absolutely positioned box escapes its ancestors' clip (ignoresContainerClip).
      clipped: (parentStyle.clipped && !absolute) || (computed.clipsContents && (display !== "inline" || outOfFlow)),
      width: computed.width, height: computed.height, fontScale: iteratorFontScale(child, computed, parentStyle.fontScale),
      authorFontSize: iteratorAuthorFontSize(computed, parentStyle.fontScale), parentWhiteSpace: parentStyle.whiteSpace,
      clipsOverflow: clipsOverflow && (display !== "inline" || outOfFlow), absolute,
      containsFloats: outOfFlow || ITERATOR_FORMATTING_CONTEXT_DISPLAYS.has(display) || clipsOverflow };
    if (style.outOfFlow && iteratorIsInlineLevel(style.display)) style.display = style.display === "inline-table" ? "table" : "block";
    const entered = iteratorEnterElement(child, localName, style, line, it);
    const isBR = localName === "br" && child[NAMESPACE] === SELECTOR_HTML_NAMESPACE;
    const isInline = !style.outOfFlow && (iteratorIsInlineLevel(style.display) || isBR);
    frame.previous = { isInline, isBR, outOfFlow: style.outOfFlow };
    if (!style.outOfFlow) { frame.inFlowChildSeen = true; if (!isInline) frame.blockChildSeen = true; }
    frame.lastRendered = true;
    if (entered === null) return null;
    if (entered.walksChildren) return entered;
    iteratorLeaveElement(entered, false, it);
    return null;
  }
  if (child.nodeType === 3 || child.nodeType === 4) {
    const data = child[DATA];
    if (data === "") { frame.lastRendered = false; return null; }
    const whitespaceOnly = !/[^ \t\n\r\f]/.test(data);
    if (frame.parentIsSVG || (whitespaceOnly &&
        !iteratorWhitespaceRendered(parentStyle, frame.parentIsSVG, frame.previous, frame.blockChildSeen, frame.inFlowChildSeen))) {
      frame.lastRendered = false;
      return null;
    }
    iteratorText(data, parentStyle, line, it);
    frame.previous = { isInline: true, isBR: false, outOfFlow: false };
    frame.inFlowChildSeen = true;
    frame.lastRendered = true;
    return null;
  }
  frame.lastRendered = false;
  return null;
}

function iteratorText(data, style, line, it) {
  if (style.clipped) return;
  it.sawTextNode = true;
  const visible = style.visibility === "visible";
  const ws = style.whiteSpace;
  if (ws === "pre" || ws === "pre-wrap" || ws === "break-spaces") {
    it.boxCount++;
    if (!visible) return;
    if (it.collapsedSpace) iteratorEmit(it, " ");
    iteratorEmit(it, iteratorTransform(data, style.transform, it));
    const endsWithNewline = data.charCodeAt(data.length - 1) === 10;
    line.hasContent = !endsWithNewline;
    line.endsWithSpace = false;
    return;
  }
  if (ws === "pre-line") {
    // Spaces collapse, segment breaks are forced line breaks. TextIterator emits the break's
    // "\n" run as a space (handleTextRun translates newlines), the spaces before it stay in
    // their line's box, and those after it start the next line and have no box.
    const parts = data.split("\n");
    for (let i = 0; i < parts.length; i++) {
      if (i > 0) {
        it.boxCount++;
        if (visible) iteratorEmit(it, " ");
        iteratorEndLine(it, line);
      }
      if (parts[i] !== "") iteratorCollapsedText(parts[i], style, line, it, visible);
    }
    return;
  }
  iteratorCollapsedText(data, style, line, it, visible);
}

/** Collapsible text: its boxes on the current line, as TextIterator walks them. */
function iteratorCollapsedText(data, style, line, it, visible) {
  // A break opportunity where the next word no longer fits ends the line (after an image, the
  // white space then has no box and no space is emitted for it). White space alone never
  // overflows (it hangs at the line's end); what comes after it decides.
  const startsWithSpace = iteratorIsCollapsible(data.charAt(0));
  if ((startsWithSpace || line.endsWithSpace) && line.hasContent && iteratorWraps(style.whiteSpace) &&
      (line.full || (/[^ \t\n\r\f]/.test(data) && line.width + iteratorLeadingWordWidth(data, style.fontScale) > line.available))) {
    iteratorEndLine(it, line);
  }
  const collapsed = data.replace(/[ \t\n\r\f]+/g, " ");
  let text = collapsed;
  const leadingSpace = text.charCodeAt(0) === 32;
  let leadingCollapsed = false;
  if (leadingSpace && (!line.hasContent || line.endsWithSpace)) { text = text.slice(1); leadingCollapsed = true; }
  if (text === "") {
    // No text box at all: "entire block is collapsed space".
    if (visible) it.collapsedSpace = true;
    return;
  }
  it.boxCount++;
  if (!visible) {
    // Hidden text still takes part in the line (it has boxes), but emits nothing.
    iteratorAdvanceLine(line, text, style.fontScale, style.whiteSpace);
    line.hasContent = true;
    line.endsWithSpace = text.charCodeAt(text.length - 1) === 32;
    return;
  }
  // A collapsed space before this box is written out (handleTextBox's needSpace), even when the
  // box starts with a space of its own ("Home " in a button, then " ", gives "Home  "). When
  // the box is only that space and the line ends after it, neither is there (iteratorEndLine).
  // Whether the last character is collapsible is the text's own style's question: with
  // pre-line a newline is not (so a block's leading space after "\n" is written).
  let spaceBefore = (it.collapsedSpace || leadingCollapsed) && it.lastChar !== "" &&
    !(iteratorIsCollapsible(it.lastChar) && !(it.lastChar === "\n" && style.whiteSpace === "pre-line")) ? " " : "";
  const trailing = text.length > 0 && text.charCodeAt(text.length - 1) === 32;
  const core = trailing ? text.slice(0, -1) : text;
  if (core !== "") { iteratorEmit(it, spaceBefore + iteratorTransform(core, style.transform, it)); spaceBefore = ""; }
  if (trailing) {
    const before = it.lastChar, hadEmitted = it.hasEmitted;
    iteratorEmit(it, spaceBefore + " ");
    it.removable = it.out.length - 1;
    it.removableLine = line;
    it.removableLastChar = before;
    it.removableHasEmitted = hadEmitted;
    it.removableIsWholeBox = core === "";
    it.lastWasWordCharacter = false;
    // The box ends before the text does (the rest of the white space collapsed): TextIterator
    // notes "collapsed space at the end", which a following replaced element turns into a space.
    if (/[ \t\n\r\f]{2}$/.test(data)) it.collapsedSpace = true;
  }
  iteratorAdvanceLine(line, text, style.fontScale, style.whiteSpace);
  line.hasContent = true;
  line.endsWithSpace = trailing;
}

function iteratorTransform(text, transform, it) {
  if (transform === "none" || transform === undefined) {
    if (text.length > 0) it.lastWasWordCharacter = /[\p{L}\p{N}]/u.test(text.charAt(text.length - 1));
    return text;
  }
  return renderedTransform(text, transform, it);
}

/** A ::before/::after box with `text` on the line: it emits nothing but is line content. */
function iteratorGeneratedBox(text, style, line, it) {
  if (text === "") return;
  iteratorLineContent(it, line);
  iteratorAdvanceLine(line, text, style.fontScale, style.whiteSpace);
  line.endsWithSpace = iteratorIsCollapsible(text.charAt(text.length - 1));
  it.boxCount++;
}

/** Content that is part of the line (an atomic inline): a trailing space before it stays. */
function iteratorLineContent(it, line) {
  if (it.removable >= 0 && it.removableLine === line) it.removable = -1;
  line.hasContent = true;
  line.endsWithSpace = false;
}

/** Displays whose box is a new formatting context, which grows to contain its floats. */
const ITERATOR_FORMATTING_CONTEXT_DISPLAYS = new Set(["flow-root", "inline-block", "table-cell", "table-caption", "flex",
  "grid", "inline-flex", "inline-grid", "table", "inline-table", "-webkit-box", "-webkit-inline-box"]);

function iteratorIsBlockContainerDisplay(display) {
  return display === "block" || display === "list-item" || display === "table" || display === "flex" ||
    display === "grid" || display === "flow-root" || display === "table-caption" || display === "-webkit-box";
}

/**
 * Enters a rendered element on `line`: what TextIterator emits before its children. Returns
 * what iteratorLeaveElement needs (with `walksChildren`: whether its DOM children have
 * renderers), or null for a <br>, which is done at once.
 */
function iteratorEnterElement(element, localName, style, line, it) {
  const isHTML = element[NAMESPACE] === SELECTOR_HTML_NAMESPACE;
  const display = style.display;
  if (isHTML && localName === "br") {
    iteratorEndLine(it, line);
    iteratorEmit(it, "\n");
    it.boxCount++;
    return null;
  }
  const objectImage = isHTML && localName === "object" && (iteratorObjectIsImage(element) || !iteratorObjectHasFallback(element));
  const replaced = (isHTML && ITERATOR_REPLACED_ELEMENTS.has(localName)) || objectImage ||
    selectorAsciiLower(selectorAttribute(element, "role") || "") === "img";
  const blockLevel = !style.outOfFlow && iteratorIsBlockContainerDisplay(display);
  const isRow = display === "table-row";
  const isCell = display === "table-cell";
  const ownsLines = blockLevel || isCell || style.outOfFlow || display === "inline-block" || display === "inline-flex" ||
    display === "inline-grid" || display === "inline-table" || display === "table-caption" || display === "-webkit-inline-box";
  if (blockLevel || isRow || isCell) iteratorEndLine(it, line);
  // A float or absolutely positioned box is not on the line: when nothing in the line follows
  // it, the line ends here and a space before it has no box.
  if (style.outOfFlow && it.removable >= 0 && it.removableLine === line && !iteratorInlineContentFollows(element)) {
    iteratorEndLine(it, line);
  }
  const marginBottom = style.marginBottom;
  // Whether the line may break before this atomic inline (the white-space of its parent).
  const wraps = iteratorWraps(style.parentWhiteSpace);
  const boxCountAtStart = it.boxCount;
  if (style.absolute) it.absoluteCount++;
  if (replaced) {
    const width = !style.outOfFlow && !blockLevel ? iteratorReplacedWidth(element, localName, style) : 0;
    // It does not fit after what is already on the line: the line breaks before it.
    if (width > 0 && line.width > 0 && line.width + width > line.available && wraps) iteratorEndLine(it, line);
    line.width += width;
    if (style.visibility === "visible" && !style.clipped) {
      if (it.collapsedSpace && it.sawTextNode) iteratorEmit(it, " ");
      it.hasEmitted = true;
      it.lastChar = "";
      it.removable = it.removableLine === line ? -1 : it.removable;
      it.emitCount++;
    }
    if (!style.outOfFlow && !blockLevel) iteratorLineContent(it, line);
    if (line.width >= line.available) line.full = true;
    // A blocked image with no alt text and no height is 0 pixels high: as a block it gives its
    // container no height; an inline one still sits on a line with a strut, except in quirks
    // mode, where a line of such images is 0 high too.
    const zeroHeightImage = localName === "img" && isHTML && !(selectorAttribute(element, "alt") || "") &&
      selectorAttribute(element, "height") === null && iteratorLength(style.height) <= 0 && iteratorLoadedImageSize(element) === null;
    if (!(zeroHeightImage && ((blockLevel && width === 0) || (it.quirks && !blockLevel)))) it.boxCount++;
  } else if (isCell) {
    if (iteratorHasCellBeforeOrAbove(element) && it.hasEmitted && it.lastChar !== "\n") iteratorEmit(it, "\t");
  } else if (blockLevel || isRow) {
    if (it.hasEmitted && it.lastChar !== "\n") iteratorEmit(it, "\n");
  }
  if (ownsLines && !style.outOfFlow && !blockLevel && !isCell) {
    // An inline-block that does not fit after what is on the line starts the next one.
    if (!replaced) {
      const width = Math.max(iteratorCssWidth(style.width, line.available), 0);
      if (line.width > 0 && line.width + width > line.available && wraps) iteratorEndLine(it, line);
      // An atomic inline, even an empty one, makes its line box non-empty: the line has a
      // strut, so its block has height. In quirks mode only a box with a height does.
      if (!it.quirks || iteratorLength(style.height) > 0) it.boxCount++;
      // An inline table is represented by a space before it (once the line it is on is known).
      if (display === "inline-table" && it.hasEmitted && it.lastChar !== "\n") iteratorEmit(it, " ");
    }
    iteratorLineContent(it, line);
  }
  // An <svg> in HTML content (RenderSVGRoot) and a <canvas> are atomic inlines on the line,
  // though TextIterator emits nothing for them: white space on both sides of them stays.
  const atomicSilent = (isHTML && localName === "canvas") || (localName === "svg" && element[NAMESPACE] === "http://www.w3.org/2000/svg" &&
    element[PARENT] !== null && element[PARENT] !== undefined && element[PARENT][NAMESPACE] !== "http://www.w3.org/2000/svg");
  if (atomicSilent && !style.outOfFlow && !blockLevel) {
    const width = Math.min(iteratorReplacedWidth(element, localName, style), line.available);
    if (line.width > 0 && line.width + width > line.available && wraps) iteratorEndLine(it, line);
    line.width += width;
    iteratorLineContent(it, line);
    if (line.width >= line.available) line.full = true;
    it.boxCount++;
  }
  // The newline written for entering the block is not content: an empty <p> has no height.
  const boxCountBefore = it.boxCount, floatBoxCountBefore = it.floatBoxCount;
  let childAvailable = ownsLines ? iteratorAvailableWidth(localName, style, line.available) : 0;
  // A fieldset is at least as wide as its content's min-content width (a wide textarea widens it).
  if (ownsLines && isHTML && localName === "fieldset" && iteratorLength(style.width) < 0) {
    childAvailable = Math.max(childAvailable, iteratorWidestReplacedDescendant(element));
  }
  const childLine = ownsLines ? iteratorNewLine(childAvailable) : line;
  const hasGeneratedBoxes = isHTML && !replaced && !style.clipped && !ITERATOR_CHILDLESS_ELEMENTS.has(localName);
  // A box that clips its overflow and has no height of its own is as high as its content.
  // When nothing in it gives a line height (a blocked image in quirks mode), its content box
  // is empty and TextIterator skips its content (fullyClipsContents): what it emitted is undone.
  // Likewise a shrink-to-fit box (inline-block, float, absolutely positioned) without a CSS
  // width is as wide as its content: text in `font-size: 0` leaves it no content box.
  const saved = style.clipsOverflow === true && !style.clipped && !replaced ? iteratorSave(it) : null;
  if (hasGeneratedBoxes) iteratorGeneratedBox(renderedGeneratedText(element, "before"), style, childLine, it);
  return { element, localName, style, line, isHTML, display, replaced, blockLevel, isRow, isCell, ownsLines, marginBottom,
    boxCountAtStart, boxCountBefore, floatBoxCountBefore, childLine, hasGeneratedBoxes, saved,
    walksChildren: !(isHTML && (ITERATOR_CHILDLESS_ELEMENTS.has(localName) || objectImage)) };
}

/**
 * Leaves an element entered by iteratorEnterElement, once its children are walked:
 * `lastRendered` says whether its last child has a renderer.
 */
function iteratorLeaveElement(entered, lastRendered, it) {
  const { element, localName, style, line, isHTML, display, replaced, blockLevel, isRow, isCell, ownsLines, marginBottom,
    boxCountAtStart, boxCountBefore, floatBoxCountBefore, childLine, hasGeneratedBoxes, saved } = entered;
  if (hasGeneratedBoxes) iteratorGeneratedBox(renderedGeneratedText(element, "after"), style, childLine, it);
  if (ownsLines) {
    // (A clipping box always has lines of its own; a space its last line drops is no box.)
    iteratorEndLine(it, childLine);
    if (saved !== null && it.floatBoxCount === floatBoxCountBefore && it.absoluteCount === saved.absoluteCount &&
        ((it.boxCount === boxCountBefore && !(iteratorLength(style.height) > 0) && iteratorEmittedOnlyWhiteSpaceSince(it, saved)) ||
         (!blockLevel && !isCell && iteratorCssWidth(style.width, line.available) < 0 && childLine.widest === 0 && childLine.inner === 0))) {
      iteratorRestore(it, saved);
    }
    // A block's lines are part of its container's content width (for a shrink-to-fit container).
    if (blockLevel) line.inner = Math.max(line.inner, childLine.widest, childLine.inner);
    // An inline-block takes its CSS width on the outer line, else its content's (shrink-to-fit).
    if (!replaced && !blockLevel && !isCell && !style.outOfFlow) {
      line.width += iteratorCssWidth(style.width, line.available) >= 0 ? childLine.available : Math.min(childLine.widest, childLine.available);
    }
  }
  // TextIterator calls exitNode for an element when, climbing back from its last child, that
  // child has a renderer, and again when the element has a next sibling (of any kind): a
  // heading whose last child is white space or a comment still gets its newlines if a sibling
  // follows it. An element without children is never exited.
  const hasNextSibling = element[NEXT] !== null && element[NEXT] !== undefined;
  const hasChildren = element[FIRST] !== null && element[FIRST] !== undefined;
  if ((lastRendered || (hasChildren && hasNextSibling)) && it.hasEmitted) {
    if ((blockLevel || isRow) && it.sawTextNode && iteratorHasRenderedFollowing(element)) {
      const extra = isHTML && RENDERED_EXTRA_NEWLINE_AFTER.has(localName) &&
        (it.boxCount !== boxCountBefore || (style.containsFloats && it.floatBoxCount !== floatBoxCountBefore)) &&
        iteratorMarginGivesExtraNewline(marginBottom, localName, style.authorFontSize);
      if (it.lastChar !== "\n") {
        iteratorEmit(it, "\n");
        if (extra) iteratorEmit(it, "\n");
      } else if (extra) iteratorEmit(it, "\n");
    } else if (display === "inline-table") {
      iteratorEmit(it, " ");
    }
  }
  if (blockLevel || isRow || isCell) iteratorEndLine(it, line);
  // A float or absolutely positioned box adds nothing to its container's height: a <p> holding
  // only a float gets no extra newline (unless the <p> is a formatting context, which grows
  // to contain its floats).
  if (style.outOfFlow) {
    if (!style.absolute) it.floatBoxCount += it.boxCount - boxCountAtStart;
    it.boxCount = boxCountAtStart;
  }
}

/** The iterator's output state, to undo what a subtree emitted (iteratorRestore). */
function iteratorSave(it) {
  return { length: it.out.length, lastChar: it.lastChar, hasEmitted: it.hasEmitted, collapsedSpace: it.collapsedSpace,
    sawTextNode: it.sawTextNode, emitCount: it.emitCount, removable: it.removable, removableLine: it.removableLine,
    removableLastChar: it.removableLastChar, removableHasEmitted: it.removableHasEmitted,
    removableIsWholeBox: it.removableIsWholeBox, lastWasWordCharacter: it.lastWasWordCharacter, absoluteCount: it.absoluteCount };
}

function iteratorRestore(it, saved) {
  it.out.length = saved.length;
  it.lastChar = saved.lastChar; it.hasEmitted = saved.hasEmitted; it.collapsedSpace = saved.collapsedSpace;
  it.sawTextNode = saved.sawTextNode; it.emitCount = saved.emitCount;
  it.removable = saved.removable; it.removableLine = saved.removableLine; it.removableLastChar = saved.removableLastChar;
  it.removableHasEmitted = saved.removableHasEmitted; it.removableIsWholeBox = saved.removableIsWholeBox;
  it.lastWasWordCharacter = saved.lastWasWordCharacter;
}

/** Whether everything emitted since `saved` is white space (no text). */
function iteratorEmittedOnlyWhiteSpaceSince(it, saved) {
  for (let i = saved.length; i < it.out.length; i++) if (/[^ \t\n]/.test(it.out[i])) return false;
  return true;
}

/**
 * Whether an <object> shows an image (WebKit renders those as images even when the load is
 * blocked); other objects render their fallback content. Decided by `type`, else by the
 * extension of `data`.
 */
function iteratorObjectIsImage(element) {
  const type = selectorAsciiLower(selectorAttribute(element, "type") || "").trim();
  if (type !== "") return type.startsWith("image/");
  const data = selectorAsciiLower(selectorAttribute(element, "data") || "").replace(/[?#].*$/, "");
  return /\.(png|jpe?g|gif|webp|bmp|ico|svg|avif|tiff?)$/.test(data);
}

/**
 * Whether an <object> has fallback content to show when its data cannot be shown: a child
 * other than <param> and white-space text. Without any, WebKit keeps the object as a replaced
 * box (the "plug-in unavailable" one), and TextIterator treats it like an image.
 */
function iteratorObjectHasFallback(element) {
  for (let child = element[FIRST]; child !== null && child !== undefined; child = child[NEXT]) {
    if (child.nodeType === 3 || child.nodeType === 4) {
      if (!/^[ \t\n\r\f]*$/.test(child.data)) return true;
    } else if (child.nodeType === 1 && !(child[NAMESPACE] === SELECTOR_HTML_NAMESPACE && child[LOCAL_NAME] === "param")) return true;
  }
  return false;
}

/**
 * Whether in-flow inline content follows `element` on its line: a later sibling (or a later
 * sibling of an inline ancestor) that is non-white-space text or a rendered in-flow inline.
 */
function iteratorInlineContentFollows(element) {
  for (let node = element; node !== null && node !== undefined; node = node[PARENT]) {
    for (let sibling = node[NEXT]; sibling !== null && sibling !== undefined; sibling = sibling[NEXT]) {
      if (typeof sibling[LOCAL_NAME] !== "string") {
        if ((sibling.nodeType === 3 || sibling.nodeType === 4) && /[^ \t\n\r\f]/.test(sibling[DATA])) return true;
        continue;
      }
      const computed = renderedComputeStyle(sibling, "visible", "normal", "none", "block");
      if (computed.display === "none" || computed.outOfFlow) continue;
      return iteratorIsInlineLevel(computed.display);
    }
    const parent = node[PARENT];
    if (parent === null || parent === undefined || typeof parent[LOCAL_NAME] !== "string") return false;
    const computed = renderedComputeStyle(parent, "visible", "normal", "none", "block");
    if (computed.display !== "inline" || computed.outOfFlow) return false;
  }
  return false;
}

/** Whether a table cell has a cell before it in its row or a row above it (cellBefore/cellAbove). */
function iteratorHasCellBeforeOrAbove(cell) {
  for (let sibling = cell[PREV]; sibling !== null && sibling !== undefined; sibling = sibling[PREV]) {
    if (iteratorHasTableDisplay(sibling, "td", "th", "table-cell")) return true;
  }
  const row = cell[PARENT];
  if (row === null || row === undefined) return false;
  for (let sibling = row[PREV]; sibling !== null && sibling !== undefined; sibling = sibling[PREV]) {
    if (iteratorHasTableDisplay(sibling, "tr", "tr", "table-row")) return true;
  }
  const section = row[PARENT];
  if (section === null || section === undefined || section[LOCAL_NAME] === "table") return false;
  for (let sibling = section[PREV]; sibling !== null && sibling !== undefined; sibling = sibling[PREV]) {
    if (sibling[LOCAL_NAME] === "thead" || sibling[LOCAL_NAME] === "tbody" || sibling[LOCAL_NAME] === "tfoot") {
      for (let child = sibling[FIRST]; child !== null && child !== undefined; child = child[NEXT]) if (child[LOCAL_NAME] === "tr") return true;
    }
  }
  return false;
}

/**
 * Whether `node` is a rendered table part: a <td>/<th>/<tr> by tag (`tag`, `otherTag`), or
 * any element whose CSS display is `display` (a `display:table-cell` span is a cell too).
 */
function iteratorHasTableDisplay(node, tag, otherTag, display) {
  const localName = node[LOCAL_NAME];
  if (typeof localName !== "string") return false;
  if (localName === tag || localName === otherTag) return true;
  return renderedComputeStyle(node, "visible", "normal", "none", "table-row").display === display;
}

/**
 * Whether some node after `element` (skipping its children, anywhere in the document) has a
 * renderer: WebKit emits no newline after the last block of the document.
 */
function iteratorHasRenderedFollowing(element) {
  let node = element;
  // nextSkippingChildren
  for (;;) {
    while (node !== null && node !== undefined && (node[NEXT] === null || node[NEXT] === undefined)) node = node[PARENT];
    if (node === null || node === undefined) return false;
    node = node[NEXT];
    if (iteratorMayHaveRenderer(node)) return true;
    // Descend into a rendered element's children is unnecessary: the element itself renders.
  }
}

function iteratorMayHaveRenderer(node) {
  const localName = node[LOCAL_NAME];
  if (typeof localName === "string") {
    return renderedComputeStyle(node, "visible", "normal", "none", "block").display !== "none";
  }
  if (node.nodeType === 3 || node.nodeType === 4) return /[^ \t\n\r\f]/.test(node[DATA]);
  return false;
}

/**
 * Whether a bottom margin is large enough for TextIterator's extra newline after p and h1–h6
 * (margin × 2 ≥ font size), against the element's author `font-size` in pixels when it has
 * one, else the user-agent size. Unset: the user-agent margins (1em, 0.67em…) always are.
 */
function iteratorMarginGivesExtraNewline(margin, localName, authorFontSize) {
  if (margin === null || margin === undefined) return true;
  const match = /^(-?[0-9.]+)(px|em|rem|%|pt)?$/.exec(margin);
  if (match === null) return true;
  const number = parseFloat(match[1]);
  const fontSizes = { h1: 32, h2: 24, h3: 18.72, h4: 16, h5: 13.28, h6: 10.72 };
  const fontSize = authorFontSize !== null && authorFontSize !== undefined ? authorFontSize : fontSizes[localName] || 16;
  const unit = match[2] || "px";
  const pixels = unit === "em" ? number * fontSize : unit === "rem" ? number * 16 : unit === "pt" ? number * 4 / 3 : unit === "%" ? number * 8 : number;
  return pixels * 2 >= fontSize;
}
