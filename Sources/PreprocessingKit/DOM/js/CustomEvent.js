// CustomEvent: https://dom.spec.whatwg.org/#interface-customevent

class CustomEvent extends Event {
  /** @param {string} type @param {{detail?: any}} [init] */
  constructor(type, init) {
    super(type, init);
    this[EVENT_STATE].detail = init && init.detail !== undefined ? init.detail : null;
  }
  get detail() { return this[EVENT_STATE].detail; }
  initCustomEvent(type, bubbles, cancelable, detail) {
    this.initEvent(type, bubbles, cancelable);
    this[EVENT_STATE].detail = detail === undefined ? null : detail;
  }
}
