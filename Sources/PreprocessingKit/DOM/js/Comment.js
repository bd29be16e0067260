// Comment: https://dom.spec.whatwg.org/#interface-comment

class Comment extends CharacterData {
  /** @param {string} [data] */
  constructor(data = "") {
    super(INTERNAL);
    this[DATA] = String(data);
    this[OWNER] = pageDocument;
  }
  get nodeType() { return COMMENT_NODE; }
  get nodeName() { return "#comment"; }
}

/** A new Comment owned by `doc`. */
function createComment(doc, data) {
  return allocateCharacterData(nodeAllocator(Comment), doc, data === undefined ? "" : String(data));
}
