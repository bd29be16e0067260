// The event recorder: what the page did that the transcript reports (console, dialogs,
// navigations, unsupported APIs). See CONTRACT.md "Events". Not a web interface.

/** Recorded events since the last `takeEvents()`, in order. */
let recordedEvents = [];
/** The phase later events are tagged with: "load", "run", "handler" or "finalize". */
let currentPhase = "load";

/**
 * The engine's own wall clock, kept before clock.js replaces `Date` with the virtual one: trace
 * events carry real time beside virtual time.
 */
const realClockNow = Date.now;
/** The sourceURL the DOM bundle is evaluated with (PageContext.bundleURL); its frames are ours. */
const BUNDLE_SOURCE_URL = "preprocess-sim://dom/bundle.js";

/**
 * `--trace` state (MutationLog.js starts it): when on, every event also gets a virtual time, a
 * real time and the script location that caused it, and goes into `events` for the timeline.
 */
const TRACE = { enabled: false, realStart: 0, events: [] };

/**
 * Records one event, tagged with the current phase.
 * @param {object} event plain object with a `kind` and its fields
 */
function recordEvent(event) {
  event.phase = currentPhase;
  recordedEvents.push(event);
  if (TRACE.enabled) recordTraceEvent(event);
}

/** Adds an event to the trace only (timers, requests, mutations), stamped with time and place. */
function recordTraceEvent(event) {
  if (event.phase === undefined) event.phase = currentPhase;
  if (event.virtualTime === undefined) event.virtualTime = typeof EVENT_LOOP === "object" ? EVENT_LOOP.now : 0;
  event.realTime = realClockNow() - TRACE.realStart;
  if (event.location === undefined) {
    const location = scriptLocation();
    if (location !== null) event.location = location;
  }
  TRACE.events.push(event);
}

/**
 * The innermost frame of the page's or the extension's code on the current stack, from
 * JavaScriptCore's `function@url:line:column` lines. Frames of the DOM bundle and native code
 * are skipped. JavaScriptCore gives code run by `eval` no URL and no line (`eval code@`), so an
 * eval frame is reported through the frame that called `eval`, with `viaEval` set.
 * @returns {{file: string, line: number, column: number, function: string, viaEval?: boolean} | null}
 */
function scriptLocation() {
  let stack;
  try { stack = new Error().stack; } catch (error) { return null; }
  if (typeof stack !== "string") return null;
  let viaEval = false;
  for (const frame of stack.split("\n")) {
    const at = frame.lastIndexOf("@");
    const where = frame.slice(at + 1);
    if (where.startsWith(BUNDLE_SOURCE_URL) || where === "[native code]") continue;
    if (where === "") { viaEval = true; continue; }
    const match = /^(.*):(\d+):(\d+)$/.exec(where);
    if (match === null) continue;
    const location = { file: match[1], line: Number(match[2]), column: Number(match[3]), function: frame.slice(0, at) };
    if (viaEval) location.viaEval = true;
    return location;
  }
  return null;
}

/**
 * Records that a script used an API the simulator does not model, with where the script
 * called it (`file:line:column`, the first stack frame outside the DOM bundle), so the
 * transcript can point at the line instead of leaving an opaque TypeError.
 */
function recordUnsupported(api) {
  const location = scriptLocation();
  const where = location === null ? "" : " (at " + location.file + ":" + location.line + ":" + location.column + ")";
  const event = { kind: "unsupported", api: String(api) + where };
  if (location !== null) event.location = location;
  recordEvent(event);
}

/** The models that failed on this page, by API, each reported once. */
const failedModels = new Set();

/**
 * A model's answer (layout, rendered text) for `element`. The models approximate WebKit's; when
 * one fails on what the page gives it, the script gets `fallback` (a value, or a function of
 * the element) — what WebKit answers where it has nothing to lay out or render — instead of the
 * simulator's own exception, and the transcript says the answer was not modelled
 * (`unsupported-api`, as recordUnsupported). A terminated script's exception cannot be caught,
 * so the watchdog still stops a model that runs too long.
 */
function modelAnswer(api, fallback, model, element, argument) {
  try {
    return model(element, argument);
  } catch (error) {
    if (!failedModels.has(api)) {
      failedModels.add(api);
      recordUnsupported(api + " (the simulator's model could not answer: " + String(error && error.name) + ": " +
        String(error && error.message) + "; the script got WebKit's answer for an element it does not render)");
    }
    return typeof fallback === "function" ? fallback(element) : fallback;
  }
}

/** Returns the recorded events as a JSON string and clears them. */
function takeRecordedEvents() {
  const events = recordedEvents;
  recordedEvents = [];
  return JSON.stringify(events);
}
