// CharacterData: https://dom.spec.whatwg.org/#interface-characterdata

class CharacterData extends Node {
  get data() { return this[DATA]; }
  set data(value) { replaceData(this, 0, this[DATA].length, value === null ? "" : String(value)); }
  get nodeValue() { return this[DATA]; }
  set nodeValue(value) { this.data = value; }
  get textContent() { return this[DATA]; }
  set textContent(value) { this.data = value; }
  get length() { return this[DATA].length; }
  substringData(offset, count) {
    offset >>>= 0; count >>>= 0;
    if (offset > this[DATA].length) throwDOMException("IndexSizeError", "The index is not in the allowed range.");
    return this[DATA].substring(offset, offset + count);
  }
  appendData(data) { replaceData(this, this[DATA].length, 0, String(data)); }
  insertData(offset, data) { replaceData(this, offset >>> 0, 0, String(data)); }
  deleteData(offset, count) { replaceData(this, offset >>> 0, count >>> 0, ""); }
  replaceData(offset, count, data) { replaceData(this, offset >>> 0, count >>> 0, String(data)); }
}
mixInto(CharacterData.prototype, ChildNodeMixin);
mixInto(CharacterData.prototype, NonDocumentTypeChildNodeMixin);

/** https://dom.spec.whatwg.org/#concept-cd-replace */
function replaceData(node, offset, count, data) {
  const old = node[DATA];
  if (offset > old.length) throwDOMException("IndexSizeError", "The index is not in the allowed range.");
  if (offset + count > old.length) count = old.length - offset;
  queueCharacterDataMutation(node, old);
  logCharacterDataMutation(node, old); // --trace (MutationLog.js)
  dataWillBeReplaced(node, offset, count, data.length); // live ranges (Range.js)
  node[DATA] = old.substring(0, offset) + data + old.substring(offset + count);
  bumpVersion(node);
}
