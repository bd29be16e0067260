// Block and inline formatting for layout: https://www.w3.org/TR/CSS2/visuren.html#block-formatting
// (widths, margin collapsing, floats, positioned boxes) and line boxes
// (https://www.w3.org/TR/CSS2/visudet.html#line-height): text, atomic inlines and struts.

/** Width, margins and content box of a block-level box in `parent` (a block container). */
function layoutSizeBlock(box, s, parent, state, shrink) {
  const cbw = parent.cw;
  const fs = s.fontSize;
  let ml = layoutResolve(s.ml, cbw, fs), mr = layoutResolve(s.mr, cbw, fs);
  const pl = layoutResolve(s.pl, cbw, fs) || 0, pr = layoutResolve(s.pr, cbw, fs) || 0;
  const pt = layoutResolve(s.pt, cbw, fs) || 0, pb = layoutResolve(s.pb, cbw, fs) || 0;
  const extras = pl + pr + s.bl + s.br;
  let width = layoutResolve(s.width, cbw, fs);
  if (!isNaN(width) && s.borderBox) width = Math.max(0, width - extras);
  const autoWidth = isNaN(width);
  const available = cbw - (isNaN(ml) ? 0 : ml) - (isNaN(mr) ? 0 : mr) - extras;
  if (autoWidth) {
    if (shrink) width = Math.min(Math.max(s.minContent, available), s.maxContent);
    else width = available;
  }
  const maxWidth = layoutResolve(s.maxWidth, cbw, fs), minWidth = layoutResolve(s.minWidth, cbw, fs);
  if (!isNaN(maxWidth) && width > maxWidth - (s.borderBox ? extras : 0)) width = maxWidth - (s.borderBox ? extras : 0);
  if (!isNaN(minWidth) && width < minWidth - (s.borderBox ? extras : 0)) width = minWidth - (s.borderBox ? extras : 0);
  width = Math.max(0, width);
  // Auto margins center a block narrower than its container.
  if (!shrink) {
    const rest = cbw - width - extras;
    if (isNaN(ml) && isNaN(mr)) { ml = mr = Math.max(0, rest / 2); }
    else if (isNaN(ml)) ml = rest - mr;
    else if (isNaN(mr)) mr = rest - ml;
  }
  box.ml = isNaN(ml) ? 0 : ml;
  box.mr = isNaN(mr) ? 0 : mr;
  box.cw = width;
  box.cx = s.bl + pl;
  box.cy = s.bt + pt;
  box.padBottom = pb;
  box.w = width + extras;
  let height = layoutResolve(s.height, parent.fixedHeight, fs);
  if (!isNaN(height) && s.borderBox) height = Math.max(0, height - pt - pb - s.bt - s.bb);
  box.fixedHeight = height;
  box.mt = layoutResolve(s.mt, cbw, fs) || 0;
  box.mb = layoutResolve(s.mb, cbw, fs) || 0;
  box.bfc = s.outOfFlow || s.clips || s.kind === LK_ATOMIC || s.kind === LK_CELL || s.kind === LK_TABLE || s.kind === LK_FLEX ||
    s.display === "flow-root" || s.display === "table-caption" || s.display === "grid" || s.display === "inline-grid" ||
    s.display === "flex" || s.localName === "fieldset" || s.element === s.element[OWNER].documentElement;
  box.s = s;
}

/** The block container lines and blocks go into, applying pending margins before line content. */
function layoutStartLine(b) {
  if (b.lineStarted) return;
  b.cursor += b.pendPos + b.pendNeg;
  b.pendPos = b.pendNeg = 0;
  b.pendQuirky = false;
  b.atTop = false;
  b.lineStarted = true;
  if (b.items === null) b.items = [];
  if (b.lines === null) b.lines = [];
}

/** Whether a line breaks at soft wrap opportunities in this white-space mode. */
function layoutWraps(whiteSpace) {
  return whiteSpace !== "nowrap" && whiteSpace !== "pre";
}

/** Ends the current line of `b` (a forced break makes a line even when it is empty). */
function layoutCloseLine(b, forced, state) {
  b.space = false;
  if (!b.lineHas && !forced) { b.lineStarted = false; return; }
  layoutStartLine(b);
  let ascent = b.lineA, descent = b.lineD;
  const s = b.s;
  // A list item's marker sits on its first line, with the item's font.
  if (b.marker !== undefined && b.marker !== null) {
    const strut = layoutStrut(b.marker);
    ascent = Math.max(ascent, strut[0]);
    descent = Math.max(descent, strut[1]);
    b.marker = null;
  }
  if (s !== null && (!state.quirks || b.lineText || forced)) {
    const strut = layoutStrut(s);
    ascent = Math.max(ascent, strut[0]);
    descent = Math.max(descent, strut[1]);
  }
  const top = b.cursor;
  for (const item of b.items) {
    item.box.x = b.cx + item.x + item.ml;
    // Atomic inlines sit at whole-pixel offsets from the line's baseline.
    item.box.y = b.cy + top + Math.round(ascent - item.ascent) + item.mt;
  }
  b.items.length = 0;
  b.lines.push(top, ascent, ascent + descent);
  b.cursor += ascent + descent;
  b.lineX = 0; b.lineA = 0; b.lineD = 0; b.lineHas = false; b.lineText = false; b.lineStarted = false;
}

/** [ascent, descent] of a line box's strut for the style's font and line-height (half-leading). */
function layoutStrut(s) {
  const a = s.ascent, d = s.descent;
  if (isNaN(s.lineHeight)) return [a, d];
  const half = (s.lineHeight - (a + d)) / 2;
  return [a + half, s.lineHeight - a - half];
}

/** Places text of an element with style `s` into the lines of `b`. */
function layoutText(b, data, s, state) {
  if (data === "") return;
  const ws = s.whiteSpace;
  const wraps = layoutWraps(ws);
  const strut = layoutStrut(s);
  const preserveSpaces = ws === "pre" || ws === "pre-wrap" || ws === "break-spaces";
  const preserveBreaks = preserveSpaces || ws === "pre-line";
  const n = data.length;
  let i = 0;
  while (i < n) {
    let code = data.charCodeAt(i);
    if (preserveBreaks && code === 10) { layoutCloseLine(b, true, state); i++; continue; }
    if (!preserveSpaces && (code === 32 || code === 10 || code === 9 || code === 13 || code === 12)) {
      if (b.lineHas) b.space = true;
      i++;
      continue;
    }
    // A word (or, preserving spaces, a run up to the next break).
    let width = 0, previous = 0;
    const start = i;
    for (; i < n; i++) {
      code = data.charCodeAt(i);
      if (previous !== 0) width += layoutKerning(s, previous, code);
      previous = code;
      if (code === 10 && preserveBreaks) break;
      if (!preserveSpaces && (code === 32 || code === 10 || code === 9 || code === 13 || code === 12)) break;
      if (preserveSpaces && code === 32 && wraps && i > start) break;
      width += code === 9 ? s.space * 8 : layoutAdvance(s, code);
      // CJK text may break after any character; a hyphen ends a breakable piece.
      if (wraps && (code >= 0x2e80 || (code === 45 && i > start))) { i++; break; }
    }
    let space = b.space ? s.space : 0;
    if (b.lineHas && wraps && b.lineX + space + width > b.cw + 0.01) {
      layoutCloseLine(b, false, state);
      space = 0;
    }
    layoutStartLine(b);
    b.lineX += space + width;
    b.space = false;
    b.lineHas = true;
    b.lineText = true;
    if (strut[0] > b.lineA) b.lineA = strut[0];
    if (strut[1] > b.lineD) b.lineD = strut[1];
    if (b.lineX > b.textRight) b.textRight = b.lineX;
  }
}

/** Puts an atomic inline box (margin box `outerWidth` wide, `ascent` above the baseline) on the line. */
function layoutPlaceAtomic(b, box, outerWidth, ascent, descent, ml, mt, parentStyle, state) {
  let space = b.space && parentStyle !== null ? parentStyle.space : 0;
  const wraps = parentStyle === null || layoutWraps(parentStyle.whiteSpace);
  if (b.lineHas && wraps && b.lineX + space + outerWidth > b.cw + 0.01) {
    layoutCloseLine(b, false, state);
    space = 0;
  }
  layoutStartLine(b);
  b.items.push({ box, x: b.lineX + space, ascent, ml, mt });
  b.lineX += space + outerWidth;
  b.space = false;
  b.lineHas = true;
  if (ascent > b.lineA) b.lineA = ascent;
  if (descent > b.lineD) b.lineD = descent;
  if (b.lineX > b.textRight) b.textRight = b.lineX;
}

/** Margin collapsing at the top of a block-level box `box` entering container `b`. */
function layoutBlockPlaceTop(b, box, s, state) {
  let mt = box.mt;
  // Quirks mode: a user-agent top margin at the top of the body or a table cell is ignored.
  if (state.quirks && b.atTop && s.mtQuirky && layoutAtQuirkContainerTop(b)) mt = 0;
  const pos = Math.max(b.pendPos, mt > 0 ? mt : 0), neg = Math.min(b.pendNeg, mt < 0 ? mt : 0);
  b.pendPos = b.pendNeg = 0;
  box.mtPos = pos; box.mtNeg = neg;
  // clear: the box moves below the floats already placed in this container.
  if (s.clear && b.floatBottom > b.cursor + pos + neg) {
    box.y = b.cy + b.floatBottom;
    b.atTop = false;
    return;
  }
  if (b.atTop && layoutCollapsesTop(b)) {
    box.topInto = true;
    box.y = b.cy + b.cursor;
    layoutCollapseIntoTop(b, pos, neg);
  } else {
    box.y = b.cy + b.cursor + pos + neg;
  }
}

/** Whether `b`'s content top is the top of the body or a table cell (through collapsed first children). */
function layoutAtQuirkContainerTop(b) {
  for (let c = b; c !== null && c !== undefined; c = c.parentBox) {
    if (c.kind === LK_CELL || (c.s !== null && c.s.localName === "body" && c.s.isHTML)) return true;
    if (!c.atTop || !c.topInto) return false;
  }
  return false;
}

/** Whether a child's top margin collapses through `b`'s top. */
function layoutCollapsesTop(b) {
  return !b.bfc && b.cy === 0 && b.kind === LK_BLOCK && b.s !== null && !b.flexItem;
}

function layoutCollapsesBottom(b) {
  return !b.bfc && (b.padBottom || 0) === 0 && b.s !== null && b.s.bb === 0 && isNaN(b.fixedHeight) && b.kind === LK_BLOCK && !b.flexItem;
}

/** `b` absorbs a child's collapsed top margin: it (or the ancestor it collapsed into) moves down. */
function layoutCollapseIntoTop(b, pos, neg) {
  for (;;) {
    const newPos = Math.max(b.mtPos, pos), newNeg = Math.min(b.mtNeg, neg);
    const delta = (newPos + newNeg) - (b.mtPos + b.mtNeg);
    b.mtPos = newPos; b.mtNeg = newNeg;
    if (delta === 0) return;
    if (b.topInto && b.parentBox !== null && b.parentBox.atTop) { pos = newPos; neg = newNeg; b = b.parentBox; continue; }
    b.y += delta;
    return;
  }
}

/** After a block-level box of height box.h: the container's cursor and pending bottom margin. */
function layoutBlockAfter(b, box, s, state, carryPos, carryNeg, carryQuirky) {
  const mb = box.mb;
  const empty = box.h === 0 && box.atTop !== false;
  const pos = Math.max(mb > 0 ? mb : 0, carryPos || 0), neg = Math.min(mb < 0 ? mb : 0, carryNeg || 0);
  if (empty && box.kind !== LK_REPLACED) {
    // Its top and bottom margins collapse through it.
    b.pendPos = Math.max(pos, box.topInto ? 0 : box.mtPos);
    b.pendNeg = Math.min(neg, box.topInto ? 0 : box.mtNeg);
    if (!box.topInto) box.y -= box.mtPos + box.mtNeg;
    b.pendQuirky = s.mbQuirky;
    return;
  }
  b.cursor = box.y - b.cy + box.h;
  b.pendPos = pos; b.pendNeg = neg;
  b.pendQuirky = s.mbQuirky && (carryPos || 0) <= mb;
  b.atTop = false;
}

/** Ends a block container: closes its line, resolves its inline boxes and sets its height. */
function layoutCloseBlock(box, state) {
  layoutCloseLine(box, false, state);
  const s = box.s;
  let carryPos = 0, carryNeg = 0, carryQuirky = false;
  // Quirks mode: a table cell drops its last child's user-agent bottom margin.
  if (state.quirks && box.pendQuirky && box.kind === LK_CELL) { box.pendPos = 0; box.pendNeg = 0; }
  let content = box.cursor;
  if (layoutCollapsesBottom(box)) { carryPos = box.pendPos; carryNeg = box.pendNeg; carryQuirky = box.pendQuirky; }
  else content += box.pendPos + box.pendNeg;
  if (box.bfc || s.clearfix === true) content = Math.max(content, box.floatBottom);
  if (box.kind === LK_TABLE && box.columns !== null && box.cursor > 0) content += box.spacing || 0;
  // Flex items stretch to their row's height.
  if (box.flexItems !== null && !s.wrap) {
    for (const item of box.flexItems) {
      if (isNaN(item.fixedHeight) && item.s.kind !== LK_REPLACED) item.h = Math.max(item.h, box.rowH - (item.mt || 0) - (item.mb || 0));
    }
  }
  let height = isNaN(box.fixedHeight) ? content : box.fixedHeight;
  const fs = s.fontSize;
  const maxHeight = layoutResolve(s.maxHeight, NaN, fs), minHeight = layoutResolve(s.minHeight, NaN, fs);
  if (!isNaN(maxHeight) && height > maxHeight) height = maxHeight;
  if (!isNaN(minHeight) && height < minHeight) height = minHeight;
  if (box.kind === LK_CELL && height > content) box.oy = 0;
  box.contentHeight = height;
  box.h = box.cy + height + (box.padBottom || 0) + s.bb;
  // Inline boxes: from their first line to their last.
  if (box.inlines !== null) {
    const lines = box.lines || [];
    for (const inline of box.inlines) {
      const info = inline.inline;
      const count = lines.length / 3;
      const s2 = inline.s;
      const l0 = Math.min(info.line0, count - 1), l1 = Math.min(info.line1, count - 1);
      if (count === 0 || l0 < 0) { inline.x = box.cx + info.x0; inline.y = box.cy; inline.w = Math.max(0, info.x1 - info.x0); inline.h = 0; continue; }
      const base0 = lines[l0 * 3] + lines[l0 * 3 + 1], base1 = lines[l1 * 3] + lines[l1 * 3 + 1];
      inline.y = box.cy + base0 - s2.ascent - s2.pt0;
      inline.h = base1 + s2.descent - (base0 - s2.ascent) + s2.pt0 + s2.pb0;
      if (l1 > l0) { inline.x = box.cx; inline.w = box.cw; } else { inline.x = box.cx + info.x0; inline.w = Math.max(0, info.x1 - info.x0); }
    }
    for (const inline of box.inlines) {
      if (inline.blocks === undefined) continue;
      let left = inline.x, top = inline.y, right = inline.x + inline.w, bottom = inline.y + inline.h;
      if (inline.w === 0 && inline.h === 0) { left = Infinity; top = Infinity; right = -Infinity; bottom = -Infinity; }
      for (const block of inline.blocks) {
        left = Math.min(left, block.x); top = Math.min(top, block.y);
        right = Math.max(right, block.x + block.w); bottom = Math.max(bottom, block.y + block.h);
      }
      if (right >= left) { inline.x = left; inline.y = top; inline.w = right - left; inline.h = bottom - top; }
    }
  }
  box.carryPos = carryPos; box.carryNeg = carryNeg; box.carryQuirky = carryQuirky;
  box.pendPosOut = carryPos;
}

/** Places a float or an absolutely positioned box (it takes no room in the flow). */
function layoutPlaceOutOfFlow(box, s, b, ml, mt, state) {
  if (s.absolute) {
    let containing = null;
    for (let a = b; a !== null && a !== undefined; a = a.parentBox) {
      if (a.s !== null && a.s.position !== "static") { containing = a; break; }
    }
    if (s.position === "fixed") { containing = state.icb; box.noExtent = true; }
    const cb = containing === null ? state.icb : containing;
    const left = layoutResolve(s.left, cb.cw || cb.w, s.fontSize), top = layoutResolve(s.top, NaN, s.fontSize);
    const right = layoutResolve(s.right, cb.cw || cb.w, s.fontSize);
    const staticX = b.cx + (b.lineHas ? b.lineX : 0) + ml, staticY = b.cy + b.cursor + (b.lineHas ? 0 : b.pendPos + b.pendNeg) + mt;
    if (!isNaN(left) || !isNaN(top) || !isNaN(right)) {
      box.rel = cb;
      box.x = !isNaN(left) ? (cb.s !== null ? cb.s.bl : 0) + left + ml : !isNaN(right) ? (cb.s !== null ? cb.s.bl : 0) + (cb.cw || cb.w) - right - box.w : layoutAbsoluteX(b, cb) + staticX;
      box.y = !isNaN(top) ? (cb.s !== null ? cb.s.bt : 0) + top + mt : layoutAbsoluteY(b, cb) + staticY;
    } else {
      box.x = staticX;
      box.y = staticY;
    }
    return;
  }
  // A float: at the current line position, to the left or right, beside earlier floats.
  const y = b.cy + b.cursor + (b.lineHas ? 0 : b.pendPos + b.pendNeg);
  if (b.floatY !== y) { b.floatY = y; b.floatX = 0; b.floatRightX = 0; }
  const outer = box.w + ml + (box.mr || 0);
  if (b.floatX + b.floatRightX + outer > b.cw && b.floatX + b.floatRightX > 0) {
    b.floatY = Math.max(y, b.floatBottom); b.floatX = 0; b.floatRightX = 0;
  }
  if (s.floatRight) { box.x = b.cx + b.cw - b.floatRightX - box.w - (box.mr || 0); b.floatRightX += outer; }
  else { box.x = b.cx + b.floatX + ml; b.floatX += outer; }
  box.y = b.floatY + mt;
  b.floatBottom = Math.max(b.floatBottom, box.y - b.cy + box.h + (box.mb || 0));
  // A float raises the height of the block formatting context that contains it.
  let bottom = box.y + box.h + (box.mb || 0);
  for (let a = b; a !== null && a !== undefined; a = a.parentBox) {
    if (a.bfc || a.parentBox === null || a.parentBox === undefined) {
      a.floatBottom = Math.max(a.floatBottom, bottom - a.cy);
      break;
    }
    bottom += a.y;
  }
}

/** x of block container `b` relative to `ancestor` (b is a descendant box). */
function layoutAbsoluteX(b, ancestor) {
  let x = 0;
  for (let c = b; c !== null && c !== undefined && c !== ancestor; c = c.rel) x += c.x;
  return x;
}
function layoutAbsoluteY(b, ancestor) {
  let y = 0;
  for (let c = b; c !== null && c !== undefined && c !== ancestor; c = c.rel) y += c.y + (c.rel !== null && c.rel !== undefined ? c.rel.oy : 0);
  return y;
}
