// Tables: https://html.spec.whatwg.org/#tables (read access; the insert/delete helpers are basic)

function childElementsNamed(parent, names) {
  const items = [];
  for (let c = parent[FIRST]; c !== null; c = c[NEXT]) if (c.nodeType === ELEMENT_NODE && names.includes(c[LOCAL_NAME])) items.push(c);
  return items;
}
function collectTableRows(table) {
  const rows = [];
  const sections = childElementsNamed(table, ["thead", "tbody", "tfoot", "tr"]);
  const ordered = sections.filter((s) => s[LOCAL_NAME] === "thead")
    .concat(sections.filter((s) => s[LOCAL_NAME] === "tbody" || s[LOCAL_NAME] === "tr"))
    .concat(sections.filter((s) => s[LOCAL_NAME] === "tfoot"));
  for (const section of ordered) {
    if (section[LOCAL_NAME] === "tr") rows.push(section);
    else rows.push(...childElementsNamed(section, ["tr"]));
  }
  return rows;
}

class HTMLTableElement extends HTMLElement {
  get rows() { return createLiveCollection(this, collectTableRows, null); }
  get tBodies() { return createLiveCollection(this, (t) => childElementsNamed(t, ["tbody"]), null); }
  get caption() { return childElementsNamed(this, ["caption"])[0] || null; }
  get tHead() { return childElementsNamed(this, ["thead"])[0] || null; }
  get tFoot() { return childElementsNamed(this, ["tfoot"])[0] || null; }
  insertRow(index = -1) {
    const rows = collectTableRows(this);
    const row = createElementInternal(documentOf(this), "tr", NS_HTML, null);
    if (index === -1 || index === rows.length) {
      const bodies = childElementsNamed(this, ["tbody"]);
      (bodies.length ? bodies[bodies.length - 1] : this.appendChild(createElementInternal(documentOf(this), "tbody", NS_HTML, null))).appendChild(row);
    } else if (index < -1 || index > rows.length) {
      throwDOMException("IndexSizeError", "The index is not in the allowed range.");
    } else {
      rows[index][PARENT].insertBefore(row, rows[index]);
    }
    return row;
  }
  deleteRow(index) {
    const rows = collectTableRows(this);
    const row = rows[index === -1 ? rows.length - 1 : index];
    if (row === undefined) { if (index !== -1) throwDOMException("IndexSizeError", "The index is not in the allowed range."); return; }
    row.remove();
  }
}
reflectAttributes(HTMLTableElement.prototype, {
  align: "string", border: "string", frame: "string", rules: "string", summary: "string", width: "string",
  bgColor: ["string", "bgcolor"], cellPadding: ["string", "cellpadding"], cellSpacing: ["string", "cellspacing"],
});
registerHTMLElement(HTMLTableElement, "table");

class HTMLTableSectionElement extends HTMLElement {
  get rows() { return createLiveCollection(this, (s) => childElementsNamed(s, ["tr"]), null); }
  insertRow(index = -1) {
    const rows = childElementsNamed(this, ["tr"]);
    const row = createElementInternal(documentOf(this), "tr", NS_HTML, null);
    this.insertBefore(row, index === -1 || index === rows.length ? null : rows[index] || null);
    return row;
  }
  deleteRow(index) { const rows = childElementsNamed(this, ["tr"]); const row = rows[index === -1 ? rows.length - 1 : index]; if (row) row.remove(); }
}
reflectAttributes(HTMLTableSectionElement.prototype, { align: "string", vAlign: ["string", "valign"] });
registerHTMLElement(HTMLTableSectionElement, "thead", "tbody", "tfoot");

class HTMLTableRowElement extends HTMLElement {
  get cells() { return createLiveCollection(this, (r) => childElementsNamed(r, ["td", "th"]), null); }
  get rowIndex() {
    let table = this[PARENT];
    if (table !== null && table.nodeType === ELEMENT_NODE && table[LOCAL_NAME] !== "table") table = table[PARENT];
    return table !== null && table.nodeType === ELEMENT_NODE && table[LOCAL_NAME] === "table" ? collectTableRows(table).indexOf(this) : -1;
  }
  get sectionRowIndex() { return this[PARENT] === null ? -1 : childElementsNamed(this[PARENT], ["tr"]).indexOf(this); }
  insertCell(index = -1) {
    const cells = childElementsNamed(this, ["td", "th"]);
    const cell = createElementInternal(documentOf(this), "td", NS_HTML, null);
    this.insertBefore(cell, index === -1 || index === cells.length ? null : cells[index] || null);
    return cell;
  }
  deleteCell(index) { const cells = childElementsNamed(this, ["td", "th"]); const cell = cells[index === -1 ? cells.length - 1 : index]; if (cell) cell.remove(); }
}
reflectAttributes(HTMLTableRowElement.prototype, { align: "string", vAlign: ["string", "valign"], bgColor: ["string", "bgcolor"] });
registerHTMLElement(HTMLTableRowElement, "tr");

class HTMLTableCellElement extends HTMLElement {
  get cellIndex() { return this[PARENT] === null ? -1 : childElementsNamed(this[PARENT], ["td", "th"]).indexOf(this); }
}
reflectAttributes(HTMLTableCellElement.prototype, {
  colSpan: ["unsigned", "colspan", 1], rowSpan: ["unsigned", "rowspan", 1], headers: "string", scope: "string",
  abbr: "string", align: "string", vAlign: ["string", "valign"], width: "string", height: "string",
  noWrap: ["boolean", "nowrap"], bgColor: ["string", "bgcolor"],
});
registerHTMLElement(HTMLTableCellElement, "td", "th");

class HTMLTableCaptionElement extends HTMLElement {}
reflectAttributes(HTMLTableCaptionElement.prototype, { align: "string" });
registerHTMLElement(HTMLTableCaptionElement, "caption");

class HTMLTableColElement extends HTMLElement {}
reflectAttributes(HTMLTableColElement.prototype, { span: ["unsigned", "span", 1], align: "string", width: "string" });
registerHTMLElement(HTMLTableColElement, "col", "colgroup");
