// ProgressEvent: https://xhr.spec.whatwg.org/#interface-progressevent

class ProgressEvent extends Event {
  constructor(type, init = undefined) {
    super(type, init);
    const bag = init || {};
    this[EVENT_STATE].progress = {
      lengthComputable: !!bag.lengthComputable,
      loaded: bag.loaded === undefined ? 0 : Number(bag.loaded),
      total: bag.total === undefined ? 0 : Number(bag.total),
    };
  }
  get lengthComputable() { return this[EVENT_STATE].progress.lengthComputable; }
  get loaded() { return this[EVENT_STATE].progress.loaded; }
  get total() { return this[EVENT_STATE].progress.total; }
}
