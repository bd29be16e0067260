// EventTarget: https://dom.spec.whatwg.org/#interface-eventtarget
// The window (globalThis) uses these methods too, so they only touch `this[LISTENERS]`. Called
// with an undefined or null `this` (a bare `addEventListener(…)` in a script), an operation acts
// on the realm's global object: https://webidl.spec.whatwg.org/#dfn-create-operation-function
// (window-bare-add-event-listener-uses-the-global).

/** The object an EventTarget operation acts on: `thisValue`, or the global object for none. */
function eventTargetThis(thisValue) {
  return thisValue === undefined || thisValue === null ? globalThis : thisValue;
}

class EventTarget {
  constructor() { this[LISTENERS] = null; }

  /**
   * @param {string} type
   * @param {Function|{handleEvent: Function}|null} callback
   * @param {boolean|{capture?: boolean, once?: boolean, passive?: boolean}} [options]
   */
  addEventListener(type, callback, options) {
    if (callback === null || callback === undefined) return;
    const capture = typeof options === "object" && options !== null ? !!options.capture : !!options;
    const once = typeof options === "object" && options !== null && !!options.once;
    const passive = typeof options === "object" && options !== null && !!options.passive;
    const list = listenerList(eventTargetThis(this), String(type), true);
    for (const listener of list) {
      if (listener.callback === callback && listener.capture === capture) return;
    }
    list.push({ callback, capture, once, passive, removed: false, handlerProperty: false });
  }

  removeEventListener(type, callback, options) {
    const capture = typeof options === "object" && options !== null ? !!options.capture : !!options;
    const list = listenerList(eventTargetThis(this), String(type), false);
    if (!list) return;
    for (let i = 0; i < list.length; i++) {
      const listener = list[i];
      if (listener.callback === callback && listener.capture === capture && !listener.handlerProperty) {
        listener.removed = true;
        list.splice(i, 1);
        return;
      }
    }
  }

  /** Dispatches `event` through capture, target and bubble phases; false if it was canceled. */
  dispatchEvent(event) {
    if (!(event instanceof Event)) throw new TypeError("Argument 1 ('event') to EventTarget.dispatchEvent must be an instance of Event");
    const state = event[EVENT_STATE];
    if (state.dispatching || !state.initialized) throwDOMException("InvalidStateError", "The event is already being dispatched.");
    return dispatchEventAlong(eventTargetThis(this), event);
  }
}

/** The listener array for a type on a target, created when `create` is set. */
function listenerList(target, type, create) {
  let map = target[LISTENERS];
  if (!map) {
    if (!create) return null;
    map = target[LISTENERS] = new Map();
  }
  let list = map.get(type);
  if (!list && create) map.set(type, list = []);
  return list;
}

/** The event path: the target, its ancestors, and the window when the root is the page's document. */
function eventPathOf(target) {
  const path = [target];
  if (!(target instanceof Node)) return path;
  let node = target;
  let parent;
  while ((parent = node[PARENT]) !== null) { path.push(parent); node = parent; }
  if (node.nodeType === DOCUMENT_NODE && node[DOC_STATE].defaultView) path.push(node[DOC_STATE].defaultView);
  return path;
}

/** https://dom.spec.whatwg.org/#concept-event-dispatch, without shadow trees. */
function dispatchEventAlong(target, event) {
  const state = event[EVENT_STATE];
  state.dispatching = true;
  state.target = target;
  const path = eventPathOf(target);
  state.path = path;
  for (let i = path.length - 1; i > 0 && !state.stop; i--) {
    invokeListeners(path[i], event, EVENT_CAPTURING_PHASE, true);
  }
  if (!state.stop) invokeListeners(target, event, EVENT_AT_TARGET, true);
  if (!state.stop) invokeListeners(target, event, EVENT_AT_TARGET, false);
  if (state.bubbles) {
    for (let i = 1; i < path.length && !state.stop; i++) {
      invokeListeners(path[i], event, EVENT_BUBBLING_PHASE, false);
    }
  }
  state.dispatching = false;
  state.eventPhase = EVENT_NONE;
  state.currentTarget = null;
  state.stop = false;
  state.stopImmediate = false;
  return !state.canceled;
}

/** Calls the listeners of one target for one phase; capture selects capture or bubble listeners. */
function invokeListeners(currentTarget, event, phase, capture) {
  const list = listenerList(currentTarget, event[EVENT_STATE].type, false);
  if (!list || list.length === 0) return;
  const state = event[EVENT_STATE];
  state.currentTarget = currentTarget;
  state.eventPhase = phase;
  for (const listener of list.slice()) {
    if (listener.removed || listener.capture !== capture) continue;
    if (listener.once) {
      listener.removed = true;
      const index = list.indexOf(listener);
      if (index >= 0) list.splice(index, 1);
    }
    state.inPassiveListener = listener.passive;
    try {
      const callback = listener.callback;
      if (typeof callback === "function") {
        const result = callback.call(currentTarget, event);
        // An event handler property returning false cancels the event (HTML "event handler processing").
        if (listener.handlerProperty && result === false) event.preventDefault();
      } else if (callback && typeof callback.handleEvent === "function") {
        callback.handleEvent(event);
      }
    } catch (error) {
      reportListenerException(error);
    }
    state.inPassiveListener = false;
    if (state.stopImmediate) break;
  }
}

/** Exceptions in listeners do not propagate to dispatchEvent's caller; browsers log them. */
function reportListenerException(error) {
  const text = error && error.name && error.message !== undefined ? error.name + ": " + error.message : String(error);
  recordEvent({ kind: "console", level: "error", text });
}

/** Event handler properties (`onclick` …): https://html.spec.whatwg.org/#event-handler-attributes */
const EVENT_HANDLER_NAMES = [
  "abort", "blur", "change", "click", "contextmenu", "dblclick", "error", "focus", "input",
  "keydown", "keypress", "keyup", "load", "mousedown", "mousemove", "mouseout", "mouseover",
  "mouseup", "reset", "resize", "scroll", "select", "submit", "touchstart", "touchend",
  "touchmove", "touchcancel", "pointerdown", "pointerup", "pointermove", "wheel",
  "animationend", "transitionend", "beforeunload", "unload", "pagehide", "pageshow",
  "hashchange", "popstate", "message", "DOMContentLoaded", "readystatechange", "visibilitychange",
  "selectionchange",
];
/** Defines `on<type>` accessors on a prototype (or the window) for the given event types. */
function defineEventHandlerProperties(target, types) {
  for (const type of types) {
    if (type === "DOMContentLoaded") continue; // no onDOMContentLoaded property exists
    Object.defineProperty(target, "on" + type, {
      get() {
        const list = listenerList(this, type, false);
        if (list) for (const l of list) if (l.handlerProperty) return l.callback;
        return null;
      },
      set(value) {
        const callback = typeof value === "function" || (typeof value === "object" && value !== null) ? value : null;
        const list = listenerList(this, type, callback !== null);
        if (!list) return;
        for (let i = 0; i < list.length; i++) {
          if (list[i].handlerProperty) {
            if (callback === null) { list[i].removed = true; list.splice(i, 1); } else list[i].callback = callback;
            return;
          }
        }
        if (callback !== null) list.push({ callback, capture: false, once: false, passive: false, removed: false, handlerProperty: true });
      },
      enumerable: true, configurable: true,
    });
  }
}
