// Tables and flex rows for layout: https://www.w3.org/TR/CSS2/tables.html#auto-table-layout
// (column widths from the cells' max/min-content widths, roughly) and
// https://drafts.csswg.org/css-flexbox-1/ rows (items side by side, shrunk to fit).

/** Column widths of a table (auto layout, roughly) from its cells' max/min-content widths. */
function layoutTableColumns(box, s, element, container, state) {
  const maxima = [], minima = [];
  const rows = [];
  for (let child = element[FIRST]; child !== null && child !== undefined; child = child[NEXT]) {
    const c = state.styles.get(child);
    if (c === undefined) continue;
    if (c.kind === LK_ROW) rows.push(child);
    else if (c.kind === LK_ROWGROUP) {
      for (let row = child[FIRST]; row !== null && row !== undefined; row = row[NEXT]) {
        const r = state.styles.get(row);
        if (r !== undefined && r.kind === LK_ROW) rows.push(row);
      }
    }
  }
  if (rows.length === 0) { box.columns = null; box.kind = LK_BLOCK; return; }
  const spans = [];
  for (const row of rows) {
    let index = 0;
    for (let cell = row[FIRST]; cell !== null && cell !== undefined; cell = cell[NEXT]) {
      const c = state.styles.get(cell);
      if (c === undefined || c.kind !== LK_CELL) continue;
      const span = Math.max(1, parseInt(selectorAttribute(cell, "colspan") || "1", 10) || 1);
      const extras = layoutHorizontalExtras(c);
      let max = layoutFixedWidth(c, c.maxContent) + extras, min = layoutFixedWidth(c, c.minContent) + extras;
      if (typeof c.width === "number") min = max;
      if (span === 1) {
        maxima[index] = Math.max(maxima[index] || 0, max);
        minima[index] = Math.max(minima[index] || 0, min);
      } else spans.push([index, span, max, min]);
      index += span;
    }
  }
  for (const [index, span, max, min] of spans) {
    let sumMax = 0, sumMin = 0;
    for (let k = index; k < index + span; k++) { maxima[k] = maxima[k] || 0; minima[k] = minima[k] || 0; sumMax += maxima[k]; sumMin += minima[k]; }
    if (max > sumMax) for (let k = index; k < index + span; k++) maxima[k] += (max - sumMax) / span;
    if (min > sumMin) for (let k = index; k < index + span; k++) minima[k] += (min - sumMin) / span;
  }
  const count = maxima.length;
  for (let k = 0; k < count; k++) { maxima[k] = maxima[k] || 0; minima[k] = Math.min(minima[k] || 0, maxima[k]); }
  const spacing = s.spacing;
  const extras = box.w - box.cw;
  const fixedWidth = layoutResolve(s.width, container.cw, s.fontSize);
  let sumMax = 0, sumMin = 0;
  for (let k = 0; k < count; k++) { sumMax += maxima[k]; sumMin += minima[k]; }
  const chrome = spacing * (count + 1);
  let width;
  const available = container.cw - box.ml - box.mr - extras;
  if (!isNaN(fixedWidth)) width = Math.max((s.borderBox ? fixedWidth - extras : fixedWidth), sumMin + chrome);
  else width = Math.max(Math.min(available, sumMax + chrome), sumMin + chrome);
  const columns = new Array(count);
  const inner = width - chrome;
  if (inner >= sumMax) {
    for (let k = 0; k < count; k++) columns[k] = sumMax > 0 ? maxima[k] + (inner - sumMax) * maxima[k] / sumMax : inner / Math.max(count, 1);
  } else if (sumMax > sumMin) {
    for (let k = 0; k < count; k++) columns[k] = minima[k] + (maxima[k] - minima[k]) * (inner - sumMin) / (sumMax - sumMin);
  } else for (let k = 0; k < count; k++) columns[k] = minima[k];
  box.columns = columns;
  box.spacing = spacing;
  box.cw = width;
  box.w = width + extras;
  // Centering with auto margins.
  if (s.ml === "auto" && s.mr === "auto") box.ml = box.mr = Math.max(0, (container.cw - box.w) / 2);
  box.cursor = 0;
  box.atTop = false;
}

/** Flex row: each item's border-box width (its max-content, shrunk to fit the container). */
function layoutFlexWidths(box, s, element, state) {
  const items = [];
  let sum = 0, textual = false;
  for (let child = element[FIRST]; child !== null && child !== undefined; child = child[NEXT]) {
    if (typeof child[LOCAL_NAME] !== "string") {
      if ((child.nodeType === 3 || child.nodeType === 4) && /[^ \t\n\r\f]/.test(child[DATA])) textual = true;
      continue;
    }
    const c = state.styles.get(child);
    if (c === undefined || c.outOfFlow) continue;
    const cbw = box.cw;
    let width = layoutResolve(c.width, cbw, c.fontSize);
    const extrasNoMargin = c.bl + c.br + (layoutResolve(c.pl, cbw, c.fontSize) || 0) + (layoutResolve(c.pr, cbw, c.fontSize) || 0);
    const margins = (layoutResolve(c.ml, cbw, c.fontSize) || 0) + (layoutResolve(c.mr, cbw, c.fontSize) || 0);
    if (c.kind === LK_REPLACED) width = layoutReplacedSize(child, c, cbw)[0] + extrasNoMargin;
    else if (isNaN(width)) width = c.maxContent + extrasNoMargin;
    else if (!c.borderBox) width += extrasNoMargin;
    const minimum = c.kind === LK_REPLACED ? width : Math.min(width, c.minContent + extrasNoMargin);
    items.push([child, width, minimum, margins]);
    sum += width + margins;
  }
  if (textual) { box.flexWidths = null; box.kind = LK_BLOCK; return; }
  const widths = new Map();
  const overflow = sum - box.cw;
  let shrinkable = 0;
  for (const item of items) shrinkable += item[1] - item[2];
  for (const item of items) {
    let width = item[1];
    if (overflow > 0 && !s.wrap && shrinkable > 0) width = item[1] - Math.min(overflow, shrinkable) * (item[1] - item[2]) / shrinkable;
    // Wrapping: an item wider than the line shrinks to it (not below its min-content width).
    else if (s.wrap && width + item[3] > box.cw) width = Math.max(item[2], box.cw - item[3]);
    widths.set(item[0], Math.max(0, width));
  }
  box.flexWidths = widths;
  box.flexItems = [];
  box.fx = 0; box.fy = 0; box.rowH = 0;
}

/** Places a laid-out flex item (border box `box`) on the container's row. */
function layoutFlexItemBox(b, box, element, ml, mt, mr, mb) {
  const outer = ml + box.w + mr;
  if (b.s.wrap && b.fx > 0 && b.fx + outer > b.cw + 0.01) { b.fy += b.rowH; b.fx = 0; b.rowH = 0; b.flexRowStart = b.flexItems.length; }
  box.x = b.cx + b.fx + ml;
  box.y = b.cy + b.fy + mt;
  b.fx += outer;
  b.rowH = Math.max(b.rowH, mt + box.h + mb);
  b.flexItems.push(box);
  b.cursor = b.fy + b.rowH;
  b.atTop = false;
  if (b.fx > b.textRight) b.textRight = b.fx;
}
