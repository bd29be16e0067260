// The page's event loop on a virtual clock.
// Timers: https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timers
// Event loop: https://html.spec.whatwg.org/multipage/webappapis.html#event-loop-processing-model
//
// Time jumps to the next due task instead of waiting, so a script that waits 20 s completes at
// once. Tasks (timers, animation frames, idle callbacks, network responses) run in (due time,
// creation order), as browsers run them. Swift runs one task per call of `runNextTask`, so
// JavaScriptCore drains the microtask queue (Promise jobs, queueMicrotask) after every task when
// control returns to Swift, which is the microtask checkpoint of the HTML event loop.

/** The loop's state: queued tasks and the virtual clock (milliseconds since the page started). */
const EVENT_LOOP = {
  tasks: [],
  nextId: 1,
  sequence: 0,
  now: 0,
  nestingLevel: 0,
  tasksRun: 0,
};

/**
 * The virtual time (ms) for a script reading the clock. Each read moves time on by a
 * microsecond, so a busy wait such as `while (Date.now() < start + 50) {}` ends, and ends
 * the same way every run.
 */
function virtualNow() {
  EVENT_LOOP.now += 0.001;
  return EVENT_LOOP.now;
}

/**
 * Queues a task `delay` ms from now. `kind` is "timeout", "interval", "frame", "idle" or
 * "network" (network tasks are what `pendingWork` reports as pending requests).
 */
function scheduleTask(kind, callback, delay, args, interval) {
  let ms = Number(delay);
  if (!(ms >= 0)) ms = 0;
  // Nested timers are clamped to 4 ms after five levels, as the HTML spec says.
  if ((kind === "timeout" || kind === "interval") && EVENT_LOOP.nestingLevel > 5 && ms < 4) ms = 4;
  const id = EVENT_LOOP.nextId++;
  EVENT_LOOP.tasks.push({
    id, kind, callback, args: args || [], interval: kind === "interval" ? Math.max(ms, 1) : 0,
    due: EVENT_LOOP.now + ms, sequence: EVENT_LOOP.sequence++, nesting: EVENT_LOOP.nestingLevel + 1,
  });
  return id;
}

/** Removes a task by id; ids of other kinds are ignored, as browsers share one id space. */
function cancelTask(id, kinds) {
  const tasks = EVENT_LOOP.tasks;
  const wanted = Number(id);
  for (let i = 0; i < tasks.length; i++) {
    if (tasks[i].id === wanted && kinds.indexOf(tasks[i].kind) >= 0) { tasks.splice(i, 1); return; }
  }
}

function earliestTaskIndex() {
  const tasks = EVENT_LOOP.tasks;
  if (tasks.length === 0) return -1;
  let best = 0;
  for (let i = 1; i < tasks.length; i++) {
    const t = tasks[i], b = tasks[best];
    if (t.due < b.due || (t.due === b.due && t.sequence < b.sequence)) best = i;
  }
  return best;
}

/**
 * Runs the earliest task if it is due at or before `deadline` (virtual ms). Returns false when
 * no task is left or the next one is later than the deadline. An exception from the task's
 * callback propagates to Swift (after the task is dequeued), which reports it.
 */
function runNextTask(deadline) {
  const index = earliestTaskIndex();
  if (index < 0) return false;
  const task = EVENT_LOOP.tasks[index];
  if (task.due > deadline) return false;
  if (task.due > EVENT_LOOP.now) EVENT_LOOP.now = task.due;
  if (task.kind === "interval") {
    task.due = EVENT_LOOP.now + task.interval;
    task.sequence = EVENT_LOOP.sequence++;
  } else {
    EVENT_LOOP.tasks.splice(index, 1);
  }
  EVENT_LOOP.tasksRun++;
  const saved = EVENT_LOOP.nestingLevel;
  EVENT_LOOP.nestingLevel = task.nesting;
  try {
    if (typeof task.callback === "function") task.callback.apply(globalThis, task.args);
    else (0, eval)(String(task.callback));
  } finally {
    EVENT_LOOP.nestingLevel = saved;
  }
  return true;
}

/**
 * What is still queued: "none", "only-intervals" (nothing but setInterval timers), or "tasks"
 * (a timeout, frame, idle callback or network response that may still call back).
 */
function pendingWork() {
  const tasks = EVENT_LOOP.tasks;
  if (tasks.length === 0) return "none";
  for (let i = 0; i < tasks.length; i++) if (tasks[i].kind !== "interval") return "tasks";
  return "only-intervals";
}

function installTimers(global) {
  const define = (name, value) => Object.defineProperty(global, name, { value, writable: true, configurable: true, enumerable: true });
  define("setTimeout", function setTimeout(callback, delay, ...args) { return scheduleTask("timeout", callback, delay, args); });
  define("setInterval", function setInterval(callback, delay, ...args) { return scheduleTask("interval", callback, delay, args); });
  define("clearTimeout", function clearTimeout(id) { cancelTask(id, ["timeout", "interval"]); });
  define("clearInterval", function clearInterval(id) { cancelTask(id, ["timeout", "interval"]); });
  define("requestAnimationFrame", function requestAnimationFrame(callback) {
    // The next frame of a 60 Hz display; the callback gets the frame's time stamp.
    const frame = (Math.floor(EVENT_LOOP.now / 16) + 1) * 16;
    return scheduleTask("frame", () => callback(frame), frame - EVENT_LOOP.now);
  });
  define("cancelAnimationFrame", function cancelAnimationFrame(id) { cancelTask(id, ["frame"]); });
  define("requestIdleCallback", function requestIdleCallback(callback, options) {
    return scheduleTask("idle", () => callback({ didTimeout: false, timeRemaining: () => 50 }), 1);
  });
  define("cancelIdleCallback", function cancelIdleCallback(id) { cancelTask(id, ["idle"]); });
  if (typeof global.queueMicrotask !== "function") {
    define("queueMicrotask", function queueMicrotask(callback) {
      if (typeof callback !== "function") throw new TypeError("Argument 1 ('callback') to queueMicrotask must be a function");
      Promise.resolve().then(callback);
    });
  }
}

/**
 * Installs the whole event loop (timers, clock, network) on the window when the realm is made,
 * after the window's other properties (network hooks wrap HTMLImageElement and friends).
 */
function installEventLoop(global) {
  installClock(global);
  installTimers(global);
  installNetwork(global);
}

/** Starts the event loop for the page `config` describes (its clock and its network). */
function configureEventLoop(config) {
  configureClock(config);
  configureNetwork(config);
}
