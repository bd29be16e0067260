// MutationObserver and MutationRecord: https://dom.spec.whatwg.org/#mutation-observers
// Registrations sit on the observed node (this[OBSERVERS] of the node); the document counts
// them so a page without observers pays one comparison per mutation (mutationQueue.js, in the
// core: this file is the interface group [observers]). Records are delivered in a microtask,
// as browsers do.

class MutationRecord {
  constructor(token, fields) {
    if (token !== INTERNAL) throw new TypeError("Illegal constructor");
    this[SOURCE] = fields;
  }
  get type() { return this[SOURCE].type; }
  get target() { return this[SOURCE].target; }
  get addedNodes() { return createStaticNodeList(this[SOURCE].addedNodes); }
  get removedNodes() { return createStaticNodeList(this[SOURCE].removedNodes); }
  get previousSibling() { return this[SOURCE].previousSibling; }
  get nextSibling() { return this[SOURCE].nextSibling; }
  get attributeName() { return this[SOURCE].attributeName; }
  get attributeNamespace() { return this[SOURCE].attributeNamespace; }
  get oldValue() { return this[SOURCE].oldValue; }
}

/** Observers with records waiting for the next delivery microtask. */
const pendingMutationObservers = new Set();
let mutationDeliveryScheduled = false;

class MutationObserver {
  /** @param {(records: MutationRecord[], observer: MutationObserver) => void} callback */
  constructor(callback) {
    if (typeof callback !== "function") throw new TypeError("Argument 1 ('callback') to the MutationObserver constructor must be a function");
    this[OBSERVERS] = { callback, records: [], nodes: [] };
  }
  /** https://dom.spec.whatwg.org/#dom-mutationobserver-observe */
  observe(target, options = {}) {
    checkNode(target, "observe");
    const o = Object.assign({}, options);
    if ((o.attributeOldValue !== undefined || o.attributeFilter !== undefined) && o.attributes === undefined) o.attributes = true;
    if (o.characterDataOldValue !== undefined && o.characterData === undefined) o.characterData = true;
    if (!o.childList && !o.attributes && !o.characterData) {
      throw new TypeError("The options object must set at least one of 'attributes', 'characterData', or 'childList' to true.");
    }
    if (o.attributeOldValue && !o.attributes) throw new TypeError("The options object may only set 'attributeOldValue' to true when 'attributes' is true or not present.");
    if (o.attributeFilter !== undefined && !o.attributes) throw new TypeError("The options object may only set 'attributeFilter' when 'attributes' is true or not present.");
    if (o.characterDataOldValue && !o.characterData) throw new TypeError("The options object may only set 'characterDataOldValue' to true when 'characterData' is true or not present.");
    const registration = {
      observer: this, childList: !!o.childList, attributes: !!o.attributes, characterData: !!o.characterData,
      subtree: !!o.subtree, attributeOldValue: !!o.attributeOldValue, characterDataOldValue: !!o.characterDataOldValue,
      attributeFilter: o.attributeFilter === undefined ? null : Array.from(o.attributeFilter, String),
    };
    const list = target[OBSERVERS] || (target[OBSERVERS] = []);
    const existing = list.findIndex((r) => r.observer === this);
    if (existing >= 0) { list[existing] = registration; return; }
    list.push(registration);
    this[OBSERVERS].nodes.push(target);
    documentOf(target)[DOC_STATE].observerCount++;
  }
  disconnect() {
    const state = this[OBSERVERS];
    for (const node of state.nodes) {
      const list = node[OBSERVERS];
      const index = list.findIndex((r) => r.observer === this);
      if (index >= 0) { list.splice(index, 1); documentOf(node)[DOC_STATE].observerCount--; }
    }
    state.nodes = [];
    state.records = [];
  }
  takeRecords() {
    const state = this[OBSERVERS];
    const records = state.records;
    state.records = [];
    return records;
  }
}

/** https://dom.spec.whatwg.org/#queueing-a-mutation-record */
function queueMutationRecord(type, target, fields) {
  const doc = documentOf(target);
  if (doc === null || doc[DOC_STATE].observerCount === 0) return;
  const interested = new Map(); // observer → oldValue to record
  for (let node = target; node !== null; node = node[PARENT]) {
    const list = node[OBSERVERS];
    if (!list) continue;
    for (const r of list) {
      if (node !== target && !r.subtree) continue;
      if (type === "attributes") {
        if (!r.attributes) continue;
        if (r.attributeFilter !== null && (fields.attributeNamespace !== null || !r.attributeFilter.includes(fields.attributeName))) continue;
      } else if (type === "characterData") {
        if (!r.characterData) continue;
      } else if (!r.childList) continue;
      const wantsOld = (type === "attributes" && r.attributeOldValue) || (type === "characterData" && r.characterDataOldValue);
      if (!interested.has(r.observer) || wantsOld) interested.set(r.observer, wantsOld ? fields.oldValue : null);
    }
  }
  if (interested.size === 0) return;
  for (const [observer, oldValue] of interested) {
    observer[OBSERVERS].records.push(new MutationRecord(INTERNAL, {
      type, target, addedNodes: fields.addedNodes || [], removedNodes: fields.removedNodes || [],
      previousSibling: fields.previousSibling || null, nextSibling: fields.nextSibling || null,
      attributeName: fields.attributeName === undefined ? null : fields.attributeName,
      attributeNamespace: fields.attributeNamespace === undefined ? null : fields.attributeNamespace, oldValue,
    }));
    pendingMutationObservers.add(observer);
  }
  if (!mutationDeliveryScheduled) {
    mutationDeliveryScheduled = true;
    Promise.resolve().then(deliverMutationRecords);
  }
}

/** https://dom.spec.whatwg.org/#notify-mutation-observers */
function deliverMutationRecords() {
  mutationDeliveryScheduled = false;
  const observers = Array.from(pendingMutationObservers);
  pendingMutationObservers.clear();
  for (const observer of observers) {
    const records = observer.takeRecords();
    if (records.length === 0) continue;
    try { observer[OBSERVERS].callback.call(observer, records, observer); } catch (error) { reportListenerException(error); }
  }
}
