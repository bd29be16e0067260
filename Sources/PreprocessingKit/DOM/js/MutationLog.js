// The mutation log: what finalize did to the page's DOM, for `--trace` and `--diff`. Not a web
// interface. Node.js, Element.js and CharacterData.js call the `log…Mutation` hooks beside
// their MutationObserver queueing; only mutations of nodes in the page's document made while
// finalize runs are kept, each with a CSS path to its node and the script location that made it.
// The trace's api members (startTrace, takeTrace, takeMutations…) call the functions below.

/** `enabled` while a trace is recorded; `records` since the last take; `unsettled` awaits its new value. */
const MUTATION_LOG = { enabled: false, records: [], unsettled: null };

/** Longest description of an inserted or removed node, in characters. */
const MUTATION_DESCRIPTION_LIMIT = 160;

/** True when `node` is in the page's document (not detached, not in a fragment or another document). */
function isInPageDocument(node) {
  let root = node;
  while (root[PARENT] !== null && root[PARENT] !== undefined) root = root[PARENT];
  return root === pageDocument && pageDocument !== null;
}

function mutationLogWants(node) {
  return MUTATION_LOG.enabled && currentPhase === "finalize" && isInPageDocument(node);
}

/**
 * A CSS selector path from the document to `node` (`html > body > div#main > p:nth-of-type(2)`);
 * an element with an id starts the path. Text and comment nodes are named after their parent.
 */
function cssPathOf(node) {
  const parts = [];
  let element = node;
  if (node.nodeType !== ELEMENT_NODE) {
    parts.push(node.nodeType === TEXT_NODE ? "#text" : node.nodeName.toLowerCase());
    element = node[PARENT];
  }
  while (element !== null && element !== undefined && element.nodeType === ELEMENT_NODE) {
    const name = element[LOCAL_NAME];
    const id = element.getAttribute("id");
    if (id) { parts.push(name + "#" + (/^[A-Za-z_][\w-]*$/.test(id) ? id : JSON.stringify(id))); break; }
    let index = 0, sameName = 0;
    const parent = element[PARENT];
    if (parent !== null) {
      for (let sibling = parent[FIRST]; sibling !== null; sibling = sibling[NEXT]) {
        if (sibling.nodeType !== ELEMENT_NODE || sibling[LOCAL_NAME] !== name) continue;
        sameName++;
        if (sibling === element) index = sameName;
      }
    }
    parts.push(sameName > 1 ? name + ":nth-of-type(" + index + ")" : name);
    element = parent;
  }
  return parts.reverse().join(" > ");
}

/** Short text for an inserted or removed node: its markup or its text, cut to a line. */
function describeLoggedNode(node) {
  let text;
  if (node.nodeType === ELEMENT_NODE) text = serializeOuter(node);
  else if (node.nodeType === TEXT_NODE) text = JSON.stringify(node[DATA]);
  else if (node.nodeType === COMMENT_NODE) text = "<!--" + node[DATA] + "-->";
  else text = node.nodeName;
  text = text.replace(/\s*\n\s*/g, " ");
  return text.length > MUTATION_DESCRIPTION_LIMIT ? text.slice(0, MUTATION_DESCRIPTION_LIMIT - 1) + "…" : text;
}

/**
 * Fills in what the last record's node holds now. Hooks run before the change, so a record's
 * new value is read when the next mutation starts or the log is taken: by then it is done.
 */
function settleMutationRecord() {
  const pending = MUTATION_LOG.unsettled;
  if (pending === null) return;
  MUTATION_LOG.unsettled = null;
  const record = pending.record;
  if (record.type === "childList") record.added = pending.nodes.map(describeLoggedNode);
  else if (record.type === "characterData") record.newValue = pending.node[DATA];
  else record.newValue = pending.node.getAttribute(record.attribute);
}

function appendMutationRecord(record, node, nodes) {
  settleMutationRecord();
  record.kind = "mutation";
  recordTraceEvent(record);
  MUTATION_LOG.records.push(record);
  MUTATION_LOG.unsettled = { record, node, nodes };
}

/** Hook: an attribute of `element` is about to change (`oldValue` null: being added). */
function logAttributeMutation(element, localName, oldValue) {
  if (!mutationLogWants(element)) return;
  appendMutationRecord({ type: localName === "style" ? "style" : "attributes", target: cssPathOf(element),
                         attribute: localName, oldValue }, element, null);
}

/** Hook: `added` were just inserted into `parent`, or `removed` are about to leave it. */
function logTreeMutation(parent, added, removed) {
  if ((added.length === 0 && removed.length === 0) || !mutationLogWants(parent)) return;
  appendMutationRecord({ type: "childList", target: cssPathOf(parent), added: [], removed: removed.map(describeLoggedNode) },
                       parent, added);
}

/** Hook: the data of a text or comment node is about to change. */
function logCharacterDataMutation(node, oldValue) {
  if (!mutationLogWants(node)) return;
  appendMutationRecord({ type: "characterData", target: cssPathOf(node), oldValue }, node, null);
}

/**
 * A value as JavaScript holds it, for the trace's "as JavaScript gave it" line: unlike
 * JSON.stringify it shows functions, undefined, NaN, symbols, Dates and cycles.
 */
function describeValueForTrace(value, depth = 0, seen = new Set()) {
  switch (typeof value) {
    case "string": return JSON.stringify(value);
    case "number": return Object.is(value, -0) ? "-0" : String(value);
    case "bigint": return value + "n";
    case "undefined": return "undefined";
    case "boolean": return String(value);
    case "symbol": return value.toString();
    case "function": return "function " + (value.name || "(anonymous)");
  }
  if (value === null) return "null";
  if (value instanceof Date) return "Date(" + (isNaN(value.getTime()) ? "Invalid Date" : value.toISOString()) + ")";
  if (seen.has(value)) return "[cycle]";
  if (depth > 5) return Array.isArray(value) ? "[…]" : "{…}";
  seen.add(value);
  let text;
  if (Array.isArray(value)) {
    text = "[" + value.map((item) => describeValueForTrace(item, depth + 1, seen)).join(", ") + "]";
  } else if (typeof Node === "function" && value instanceof Node) {
    text = value.nodeType === ELEMENT_NODE ? "<" + value[LOCAL_NAME] + "> element" : value.nodeName;
  } else {
    const keys = Object.keys(value);
    text = "{" + keys.map((key) => JSON.stringify(key) + ": " + describeValueForTrace(value[key], depth + 1, seen)).join(", ") + "}";
  }
  seen.delete(value);
  return text;
}

/** Starts recording the trace and finalize's mutations; `realStart` is the run's wall-clock start (ms). */
function startTrace(realStart) {
  TRACE.enabled = true;
  TRACE.realStart = Number(realStart) || realClockNow();
  MUTATION_LOG.enabled = true;
}

/** The trace events since the last call, as JSON, and clears them. */
function takeTrace() {
  settleMutationRecord();
  const events = TRACE.events;
  TRACE.events = [];
  return JSON.stringify(events);
}

/** The mutations recorded since the last call, as JSON, and clears them. */
function takeMutations() {
  settleMutationRecord();
  const records = MUTATION_LOG.records;
  MUTATION_LOG.records = [];
  return JSON.stringify(records);
}

/**
 * runNextTask with a trace event for the timer it is about to run. timers.js knows nothing of
 * tracing, so the api's runNextTask calls this rather than threading a flag through timers.js.
 */
function runNextTaskTraced(deadline) {
  if (TRACE.enabled) {
    const index = earliestTaskIndex();
    const task = index < 0 ? null : EVENT_LOOP.tasks[index];
    if (task !== null && task.due <= deadline && task.kind !== "network") {
      recordTraceEvent({ kind: "timer", taskKind: task.kind, taskId: task.id,
                         virtualTime: Math.max(task.due, EVENT_LOOP.now), location: null });
    }
  }
  return runNextTask(deadline);
}

// Request events for the trace: network.js knows nothing of tracing, so its recorder is
// wrapped here.
const recordRequestUntraced = recordRequest;
recordRequest = function recordRequestTraced(api, method, url, extra) {
  const entry = recordRequestUntraced(api, method, url, extra);
  // The entry itself: network.js fills in its outcome after this returns, before the trace is taken.
  if (TRACE.enabled) recordTraceEvent({ kind: "request", request: entry });
  return entry;
};
