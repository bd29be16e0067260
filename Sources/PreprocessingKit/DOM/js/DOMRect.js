// DOMRectReadOnly / DOMRect: https://drafts.fxtf.org/geometry/#domrect
// Nothing is laid out: geometry APIs return zero rectangles (documented in the report).

class DOMRectReadOnly {
  constructor(x = 0, y = 0, width = 0, height = 0) {
    this[SOURCE] = { x: +x, y: +y, width: +width, height: +height };
  }
  get x() { return this[SOURCE].x; }
  get y() { return this[SOURCE].y; }
  get width() { return this[SOURCE].width; }
  get height() { return this[SOURCE].height; }
  get top() { const r = this[SOURCE]; return Math.min(r.y, r.y + r.height); }
  get bottom() { const r = this[SOURCE]; return Math.max(r.y, r.y + r.height); }
  get left() { const r = this[SOURCE]; return Math.min(r.x, r.x + r.width); }
  get right() { const r = this[SOURCE]; return Math.max(r.x, r.x + r.width); }
  toJSON() {
    return { x: this.x, y: this.y, width: this.width, height: this.height, top: this.top, right: this.right, bottom: this.bottom, left: this.left };
  }
}

class DOMRect extends DOMRectReadOnly {
  get x() { return this[SOURCE].x; }
  set x(value) { this[SOURCE].x = +value; }
  get y() { return this[SOURCE].y; }
  set y(value) { this[SOURCE].y = +value; }
  get width() { return this[SOURCE].width; }
  set width(value) { this[SOURCE].width = +value; }
  get height() { return this[SOURCE].height; }
  set height(value) { this[SOURCE].height = +value; }
}
