// UIEvent and its simple subclasses (MouseEvent, KeyboardEvent, InputEvent, FocusEvent):
// https://w3c.github.io/uievents/#interface-uievent
// Nothing is laid out or typed, so these only carry the init dictionary's fields.

/** Copies init members onto the event state, defaulting those absent. */
function copyEventInit(event, init, defaults) {
  const state = event[EVENT_STATE];
  for (const key in defaults) state[key] = init && init[key] !== undefined ? init[key] : defaults[key];
}
/** Defines read-only getters for state fields on an event class's prototype. */
function defineEventFields(EventClass, defaults) {
  for (const key in defaults) {
    Object.defineProperty(EventClass.prototype, key, {
      get() { return this[EVENT_STATE][key]; }, enumerable: true, configurable: true,
    });
  }
}

const UI_EVENT_DEFAULTS = { view: null, detail: 0, which: 0 };
class UIEvent extends Event {
  constructor(type, init) { super(type, init); copyEventInit(this, init, UI_EVENT_DEFAULTS); }
}
defineEventFields(UIEvent, UI_EVENT_DEFAULTS);

const MODIFIER_DEFAULTS = { ctrlKey: false, shiftKey: false, altKey: false, metaKey: false };
const MOUSE_EVENT_DEFAULTS = Object.assign({
  screenX: 0, screenY: 0, clientX: 0, clientY: 0, button: 0, buttons: 0, relatedTarget: null,
}, MODIFIER_DEFAULTS);
class MouseEvent extends UIEvent {
  constructor(type, init) { super(type, init); copyEventInit(this, init, MOUSE_EVENT_DEFAULTS); }
  get pageX() { return this.clientX; }
  get pageY() { return this.clientY; }
  get x() { return this.clientX; }
  get y() { return this.clientY; }
  get offsetX() { return 0; }
  get offsetY() { return 0; }
  getModifierState(key) { return !!this[EVENT_STATE][String(key).toLowerCase() + "Key"]; }
}
defineEventFields(MouseEvent, MOUSE_EVENT_DEFAULTS);

const KEYBOARD_EVENT_DEFAULTS = Object.assign({
  key: "", code: "", location: 0, repeat: false, isComposing: false, charCode: 0, keyCode: 0,
}, MODIFIER_DEFAULTS);
class KeyboardEvent extends UIEvent {
  constructor(type, init) { super(type, init); copyEventInit(this, init, KEYBOARD_EVENT_DEFAULTS); }
  getModifierState(key) { return !!this[EVENT_STATE][String(key).toLowerCase() + "Key"]; }
}
defineEventFields(KeyboardEvent, KEYBOARD_EVENT_DEFAULTS);

const INPUT_EVENT_DEFAULTS = { data: null, inputType: "", isComposing: false };
class InputEvent extends UIEvent {
  constructor(type, init) { super(type, init); copyEventInit(this, init, INPUT_EVENT_DEFAULTS); }
}
defineEventFields(InputEvent, INPUT_EVENT_DEFAULTS);

const FOCUS_EVENT_DEFAULTS = { relatedTarget: null };
class FocusEvent extends UIEvent {
  constructor(type, init) { super(type, init); copyEventInit(this, init, FOCUS_EVENT_DEFAULTS); }
}
defineEventFields(FocusEvent, FOCUS_EVENT_DEFAULTS);
