// Console: https://console.spec.whatwg.org/ — every call is recorded as a "console" event whose
// text is the arguments joined by a space (format specifiers applied), shown as text the way
// WebKit's console would.

/** Text for one console argument; `nested` values (inside arrays/objects) quote strings. */
function formatConsoleValue(value, nested, depth = 0) {
  switch (typeof value) {
    case "string": return nested ? JSON.stringify(value) : value;
    case "number": return Object.is(value, -0) ? "-0" : String(value);
    case "bigint": return value + "n";
    case "undefined": return "undefined";
    case "boolean": return String(value);
    case "symbol": return value.toString();
    case "function": return nested ? "function" : Function.prototype.toString.call(value);
  }
  if (value === null) return "null";
  if (value instanceof Error) return value.name + ": " + value.message;
  if (value instanceof Node) {
    if (value.nodeType === ELEMENT_NODE) return nested ? "<" + value[LOCAL_NAME] + ">" : serializeOuter(value);
    if (value.nodeType === TEXT_NODE) return JSON.stringify(value[DATA]);
    if (value.nodeType === DOCUMENT_NODE) return "#document";
    return value.nodeName;
  }
  if (Array.isArray(value)) {
    if (depth > 2) return "Array";
    return "[" + value.map((item) => formatConsoleValue(item, true, depth + 1)).join(", ") + "]";
  }
  if (value instanceof Date) return value.toString();
  if (value instanceof RegExp) return String(value);
  try {
    const json = JSON.stringify(value);
    if (json !== undefined) return json;
  } catch (error) {
    // Cyclic or otherwise unserialisable: fall back to the class tag.
  }
  return Object.prototype.toString.call(value);
}

/** Applies %s %d %i %f %o %O %c to the first argument, then joins the rest. */
function formatConsoleArguments(args) {
  const parts = [];
  let rest = args;
  if (typeof args[0] === "string" && args[0].includes("%")) {
    let index = 1;
    const text = args[0].replace(/%([sdifoOc%])/g, (match, specifier) => {
      if (specifier === "%") return "%";
      if (index >= args.length) return match;
      const value = args[index++];
      switch (specifier) {
        case "s": return typeof value === "string" ? value : formatConsoleValue(value, false);
        case "d": case "i": return typeof value === "symbol" ? "NaN" : String(parseInt(value, 10));
        case "f": return typeof value === "symbol" ? "NaN" : String(parseFloat(value));
        case "c": return "";
        default: return formatConsoleValue(value, false);
      }
    });
    parts.push(text);
    rest = args.slice(index);
  } else if (args.length > 0) {
    parts.push(formatConsoleValue(args[0], false));
    rest = args.slice(1);
  }
  for (const value of rest) parts.push(formatConsoleValue(value, false));
  return parts.join(" ");
}

/** The console object installed on the window. */
function createConsole() {
  const counters = new Map();
  const timers = new Map();
  let groupDepth = 0;
  const emit = (level, args) => recordEvent({ kind: "console", level, text: "  ".repeat(groupDepth) + formatConsoleArguments(args) });
  const console = {
    log(...args) { emit("log", args); },
    info(...args) { emit("info", args); },
    warn(...args) { emit("warn", args); },
    error(...args) { emit("error", args); },
    debug(...args) { emit("debug", args); },
    trace(...args) { emit("log", ["Trace"].concat(args)); },
    dir(value) { emit("log", [value]); },
    dirxml(...args) { emit("log", args); },
    table(data) { emit("log", [data]); },
    assert(condition, ...args) { if (!condition) emit("error", ["Assertion failed:"].concat(args)); },
    count(label = "default") {
      const count = (counters.get(String(label)) || 0) + 1;
      counters.set(String(label), count);
      emit("log", [`${label}: ${count}`]);
    },
    countReset(label = "default") { counters.delete(String(label)); },
    time(label = "default") { timers.set(String(label), Date.now()); },
    timeLog(label = "default", ...args) {
      const start = timers.get(String(label));
      if (start !== undefined) emit("log", [`${label}: ${Date.now() - start}ms`].concat(args));
    },
    timeEnd(label = "default") {
      const start = timers.get(String(label));
      if (start === undefined) return;
      timers.delete(String(label));
      emit("log", [`${label}: ${Date.now() - start}ms`]);
    },
    group(...args) { if (args.length) emit("log", args); groupDepth++; },
    groupCollapsed(...args) { if (args.length) emit("log", args); groupDepth++; },
    groupEnd() { if (groupDepth > 0) groupDepth--; },
    clear() {},
    profile() {},
    profileEnd() {},
    timeStamp() {},
  };
  return console;
}
