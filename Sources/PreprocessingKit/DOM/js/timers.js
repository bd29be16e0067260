// Timers on a virtual clock: https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timers
// Time jumps to the next due timer instead of waiting, so a script that waits 20 s completes at
// once; timers fire in (due time, creation order), as browsers fire them. Microtasks run after
// each task because JavaScriptCore drains them when control returns to Swift.

const TIMERS = { list: [], nextId: 1, sequence: 0, now: 0, nestingLevel: 0 };

function addTimer(callback, delay, args, repeat) {
  let ms = Number(delay);
  if (!(ms >= 0)) ms = 0;
  // Nested timers are clamped to 4 ms after five levels, as the HTML spec says.
  if (TIMERS.nestingLevel > 5 && ms < 4) ms = 4;
  const id = TIMERS.nextId++;
  TIMERS.list.push({ id, callback, args, repeat, interval: ms, due: TIMERS.now + ms, sequence: TIMERS.sequence++,
                     nesting: TIMERS.nestingLevel + 1 });
  return id;
}

function clearTimer(id) {
  const list = TIMERS.list;
  for (let i = 0; i < list.length; i++) {
    if (list[i].id === id) { list.splice(i, 1); return; }
  }
}

/** Runs the earliest due timer if it is due within `budget` ms of virtual time. */
function runNextTask(budget) {
  const list = TIMERS.list;
  if (list.length === 0) return false;
  let best = 0;
  for (let i = 1; i < list.length; i++) {
    const t = list[i], b = list[best];
    if (t.due < b.due || (t.due === b.due && t.sequence < b.sequence)) best = i;
  }
  const timer = list[best];
  if (timer.due > budget) return false;
  if (timer.repeat) {
    timer.due = Math.max(timer.due, TIMERS.now) + Math.max(timer.interval, 1);
    timer.sequence = TIMERS.sequence++;
  } else {
    list.splice(best, 1);
  }
  if (timer.due > TIMERS.now && !timer.repeat) TIMERS.now = timer.due;
  else if (timer.repeat) TIMERS.now = Math.max(TIMERS.now, timer.due - Math.max(timer.interval, 1));
  const saved = TIMERS.nestingLevel;
  TIMERS.nestingLevel = timer.nesting;
  try {
    if (typeof timer.callback === "function") timer.callback.apply(globalThis, timer.args);
    else (0, eval)(String(timer.callback));
  } finally {
    TIMERS.nestingLevel = saved;
  }
  return true;
}

function installTimers(global) {
  const define = (name, value) => Object.defineProperty(global, name, { value, writable: true, configurable: true, enumerable: true });
  define("setTimeout", function setTimeout(callback, delay, ...args) { return addTimer(callback, delay, args, false); });
  define("setInterval", function setInterval(callback, delay, ...args) { return addTimer(callback, delay, args, true); });
  define("clearTimeout", function clearTimeout(id) { clearTimer(id); });
  define("clearInterval", function clearInterval(id) { clearTimer(id); });
  define("requestAnimationFrame", function requestAnimationFrame(callback) {
    // The next frame of a 60 Hz display.
    const next = Math.floor(TIMERS.now / 16) * 16 + 16;
    return addTimer(() => callback(next), next - TIMERS.now, [], false);
  });
  define("cancelAnimationFrame", function cancelAnimationFrame(id) { clearTimer(id); });
  define("requestIdleCallback", function requestIdleCallback(callback) {
    return addTimer(() => callback({ didTimeout: false, timeRemaining: () => 50 }), 1, [], false);
  });
  define("cancelIdleCallback", function cancelIdleCallback(id) { clearTimer(id); });
  if (typeof global.queueMicrotask !== "function") {
    define("queueMicrotask", function queueMicrotask(callback) { Promise.resolve().then(callback); });
  }
  const timeOrigin = Date.now();
  const performanceObject = {
    now() { return TIMERS.now; },
    timeOrigin,
    mark() {}, measure() {}, getEntries() { return []; }, getEntriesByType() { return []; }, getEntriesByName() { return []; },
    toJSON() { return { timeOrigin }; },
  };
  define("performance", performanceObject);
}
