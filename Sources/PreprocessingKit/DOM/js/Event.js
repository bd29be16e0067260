// Event: https://dom.spec.whatwg.org/#interface-event

const EVENT_NONE = 0, EVENT_CAPTURING_PHASE = 1, EVENT_AT_TARGET = 2, EVENT_BUBBLING_PHASE = 3;
/** Time origin for `timeStamp` (milliseconds since page install). */
const EVENT_TIME_ORIGIN = Date.now();

class Event {
  /**
   * @param {string} type
   * @param {{bubbles?: boolean, cancelable?: boolean, composed?: boolean}} [init]
   */
  constructor(type, init) {
    if (arguments.length === 0) throw new TypeError("Not enough arguments");
    this[EVENT_STATE] = {
      type: String(type),
      bubbles: !!(init && init.bubbles),
      cancelable: !!(init && init.cancelable),
      composed: !!(init && init.composed),
      target: null, currentTarget: null, eventPhase: EVENT_NONE, path: [],
      stop: false, stopImmediate: false, canceled: false, inPassiveListener: false,
      dispatching: false, initialized: true, isTrusted: false,
      timeStamp: Date.now() - EVENT_TIME_ORIGIN,
    };
  }
  get type() { return this[EVENT_STATE].type; }
  get target() { return this[EVENT_STATE].target; }
  get srcElement() { return this[EVENT_STATE].target; }
  get currentTarget() { return this[EVENT_STATE].currentTarget; }
  get eventPhase() { return this[EVENT_STATE].eventPhase; }
  get bubbles() { return this[EVENT_STATE].bubbles; }
  get cancelable() { return this[EVENT_STATE].cancelable; }
  get composed() { return this[EVENT_STATE].composed; }
  get isTrusted() { return this[EVENT_STATE].isTrusted; }
  get timeStamp() { return this[EVENT_STATE].timeStamp; }
  get defaultPrevented() { return this[EVENT_STATE].canceled; }
  get returnValue() { return !this[EVENT_STATE].canceled; }
  set returnValue(value) { if (!value) this.preventDefault(); }
  get cancelBubble() { return this[EVENT_STATE].stop; }
  set cancelBubble(value) { if (value) this[EVENT_STATE].stop = true; }
  /** The dispatch path while dispatching, else an empty array. */
  composedPath() { const s = this[EVENT_STATE]; return s.dispatching ? s.path.slice() : []; }
  stopPropagation() { this[EVENT_STATE].stop = true; }
  stopImmediatePropagation() { const s = this[EVENT_STATE]; s.stop = true; s.stopImmediate = true; }
  preventDefault() {
    const s = this[EVENT_STATE];
    if (s.cancelable && !s.inPassiveListener) s.canceled = true;
  }
  /** Legacy initialiser: https://dom.spec.whatwg.org/#dom-event-initevent */
  initEvent(type, bubbles = false, cancelable = false) {
    const s = this[EVENT_STATE];
    if (s.dispatching) return;
    s.type = String(type); s.bubbles = !!bubbles; s.cancelable = !!cancelable;
    s.initialized = true; s.stop = false; s.stopImmediate = false; s.canceled = false; s.target = null;
  }
}
for (const [name, value] of [["NONE", 0], ["CAPTURING_PHASE", 1], ["AT_TARGET", 2], ["BUBBLING_PHASE", 3]]) {
  Object.defineProperty(Event, name, { value, enumerable: true });
  Object.defineProperty(Event.prototype, name, { value, enumerable: true });
}
