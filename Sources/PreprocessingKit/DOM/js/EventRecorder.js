// The event recorder: what the page did that the transcript reports (console, dialogs,
// navigations, unsupported APIs). See CONTRACT.md "Events". Not a web interface.

/** Recorded events since the last `takeEvents()`, in order. */
let recordedEvents = [];
/** The phase later events are tagged with: "load", "run", "handler" or "finalize". */
let currentPhase = "load";

/**
 * Records one event, tagged with the current phase.
 * @param {object} event plain object with a `kind` and its fields
 */
function recordEvent(event) {
  event.phase = currentPhase;
  recordedEvents.push(event);
}

/** Records that a page used an API the simulator does not implement. */
function recordUnsupported(api) {
  recordEvent({ kind: "unsupported", api: String(api) });
}

/** Returns the recorded events as a JSON string and clears them. */
function takeRecordedEvents() {
  const events = recordedEvents;
  recordedEvents = [];
  return JSON.stringify(events);
}
