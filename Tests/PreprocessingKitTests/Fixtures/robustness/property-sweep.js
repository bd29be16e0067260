// The property sweep (PropertySweepTests): reads every property and calls every side-effect-free
// zero-argument getter-like method of the page's objects — a sample of elements per interface,
// the document, the window, a text node, a comment, attributes, collections, style declarations,
// the selection, a range, location, navigator: on the tree as the page left it (read before
// anything of it is made), after everything was touched, after mutations, and with the root not
// rendered; and it calls the window's operations bare. Layout and rendered text are getters, so
// they are asked at every point.
//
// An exception whose first frame outside native code is in the simulator's DOM bundle is an
// internal failure unless the member is one WebKit throws for too (`webKitThrows`, each with its
// reason and a recorded case). The result lists them with the bundle's line, which the test maps
// to the DOM file.
var ExtensionPreprocessingJS = { run: function (args) {
  var BUNDLE = "preprocess-sim://dom/bundle.js";
  var PER_INTERFACE = 2; // elements swept per interface per phase
  var PER_VALUE_INTERFACE = 3; // other objects (collections, declarations, rects…) per interface per phase
  // Members WebKit throws for as well, by "Interface.member" with the dom-cases case that
  // records it: the exception is the answer there. None so far: every member this sweep reads
  // answers in WebKit (the readers that need an argument are in SKIP, not called).
  var webKitThrows = {
  };
  // Methods with no arguments that only read: called on every object that has them.
  var READERS = /^(get[A-Z]\w*|has[A-Z]\w*|is[A-Z]\w*|toString|toJSON|valueOf|checkValidity|cloneRange|entries|keys|values)$/;
  // Readers that want an argument in WebKit (calling them bare throws there too) or that act.
  var SKIP = { getAttribute: 1, getAttributeNS: 1, getAttributeNode: 1, getAttributeNodeNS: 1, getElementById: 1,
    getElementsByClassName: 1, getElementsByTagName: 1, getElementsByTagNameNS: 1, getElementsByName: 1,
    getPropertyValue: 1, getPropertyPriority: 1, getRangeAt: 1, hasAttribute: 1, hasAttributeNS: 1,
    hasPointerCapture: 1, getModifierState: 1, getNamedItem: 1, getNamedItemNS: 1, isEqualNode: 1, isSameNode: 1,
    isDefaultNamespace: 1, isPointInRange: 1, getItem: 1, getAll: 1, has: 1, get: 1, getAnimations: 1,
    getComputedStyle: 1, getContext: 1, isPrototypeOf: 1, hasOwnProperty: 1, getData: 1, getParameter: 1,
    getStartDate: 1 };
  var members = 0, objects = 0, failures = [], seen = new Set(), swept = {};

  function topFrame(error) {
    var stack = error && typeof error.stack === "string" ? error.stack.split("\n") : [];
    for (var i = 0; i < stack.length; i++) {
      if (stack[i].indexOf("[native code]") >= 0 || stack[i] === "") continue;
      return stack[i];
    }
    return "";
  }
  function interfaceName(object) {
    var tag = Object.prototype.toString.call(object).slice(8, -1);
    return tag || "Object";
  }
  function classify(phase, object, name, error) {
    var frame = topFrame(error);
    var inDOM = frame.indexOf(BUNDLE) >= 0;
    if (!inDOM) return;
    var key = interfaceName(object) + "." + name;
    if (webKitThrows[key]) return;
    var at = frame.slice(frame.indexOf(BUNDLE) + BUNDLE.length + 1);
    failures.push({ phase: phase, member: key, error: String(error && error.name) + ": " + String(error && error.message),
                    bundleLine: Number(at.split(":")[0]) || 0 });
  }

  // Reads every property along `object`'s prototype chain; values that are objects of their own
  // kind (collections, declarations, rects, token lists) are swept too, to `depth`.
  function sweep(phase, object, depth) {
    if (object === null || (typeof object !== "object" && typeof object !== "function")) return;
    if (seen.has(object)) return;
    seen.add(object);
    if (depth === 0 && !(object instanceof Node)) {
      var kind = interfaceName(object);
      swept[kind] = (swept[kind] || 0) + 1;
      if (swept[kind] > PER_VALUE_INTERFACE) return;
    }
    objects++;
    var names = {};
    for (var proto = object; proto !== null && proto !== Object.prototype && proto !== Function.prototype; proto = Object.getPrototypeOf(proto)) {
      var own = Object.getOwnPropertyNames(proto);
      for (var i = 0; i < own.length; i++) {
        var name = own[i];
        if (names[name] || name === "constructor" || name === "caller" || name === "arguments") continue;
        names[name] = true;
        var descriptor = Object.getOwnPropertyDescriptor(proto, name);
        var value;
        try {
          if (descriptor.get) { members++; value = descriptor.get.call(object); }
          else if (typeof descriptor.value === "function") {
            if (!READERS.test(name) || SKIP[name] || descriptor.value.length !== 0 || proto === object && typeof object === "function") continue;
            members++;
            value = descriptor.value.call(object);
          } else { members++; value = descriptor.value; }
        } catch (error) {
          classify(phase, object, name, error);
          continue;
        }
        if (depth > 0 && value !== null && typeof value === "object" && !(value instanceof Node) && value !== window) {
          sweep(phase, value, depth - 1);
        }
      }
    }
  }

  // One sample of elements per interface: the first and last of each in tree order.
  function elementsByInterface() {
    var all = document.getElementsByTagName("*"), groups = {};
    for (var i = 0; i < all.length; i++) {
      var name = interfaceName(all[i]);
      (groups[name] || (groups[name] = [])).push(all[i]);
    }
    var sample = [];
    for (var key in groups) {
      var group = groups[key];
      sample.push(group[0]);
      if (PER_INTERFACE > 1 && group.length > 1) sample.push(group[group.length - 1]);
    }
    return sample;
  }

  function sweepPage(phase) {
    seen = new Set();
    swept = {};
    // The root and body first: on the first pass nothing below them is made yet.
    sweep(phase, document.documentElement, 1);
    sweep(phase, document.body, 1);
    sweep(phase, document, 1);
    sweep(phase, window, 0);
    sweep(phase, location, 0);
    sweep(phase, navigator, 0);
    var sample = elementsByInterface();
    for (var i = 0; i < sample.length; i++) {
      var element = sample[i];
      sweep(phase, element, 1);
      if (element.attributes && element.attributes.length) sweep(phase, element.attributes[0], 0);
      sweep(phase, getComputedStyle(element), 0);
    }
    var walker = document.createTreeWalker(document, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_COMMENT | NodeFilter.SHOW_DOCUMENT_TYPE);
    var kinds = {};
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if (kinds[node.nodeType]) continue;
      kinds[node.nodeType] = true;
      sweep(phase, node, 1);
    }
    var range = document.createRange();
    if (document.body) range.selectNodeContents(document.body);
    sweep(phase, range, 1);
    var selection = getSelection();
    if (document.body) selection.selectAllChildren(document.body);
    sweep(phase, selection, 1);
  }

  function mutate() {
    var body = document.body || document.documentElement;
    if (!body) return;
    var div = document.createElement("div");
    div.innerHTML = "<p style='width:50%;padding:3px'>x <b>y</b></p><table><tr><td>z</td></tr></table><img src='data:,'>";
    body.appendChild(div);
    var victims = document.querySelectorAll("p, li, span");
    for (var i = 0; i < victims.length; i += 7) victims[i].remove();
    var first = body.firstElementChild;
    if (first) { first.style.display = "flex"; first.style.width = "120px"; first.innerHTML = "<span>rewritten</span>"; }
    document.documentElement.style.fontSize = "20px";
    var last = body.lastElementChild;
    if (last) last.insertAdjacentHTML("beforebegin", "<section><h2>t</h2><ul><li>a</li></ul></section>");
  }

  // The root and the body, whose sizes stand for the viewport's, with the root not rendered.
  function sweepHiddenRoot(phase) {
    var root = document.documentElement;
    if (!root) return;
    root.style.display = "none";
    seen = new Set();
    swept = {};
    sweep(phase, root, 0);
    sweep(phase, document.body, 0);
    root.style.display = "";
  }

  // The window's operations called bare, as a script's `addEventListener(…)` calls them: `this`
  // is undefined and WebKit acts on the global object.
  function callWindowOperationsBare(phase) {
    var listener = function () {};
    var calls = {
      addEventListener: ["sweep", listener], removeEventListener: ["sweep", listener],
      dispatchEvent: [new Event("sweep")], getComputedStyle: [document.documentElement], getSelection: [],
      matchMedia: ["(min-width: 1px)"], setTimeout: [listener, 1], clearTimeout: [0], setInterval: [listener, 1000],
      clearInterval: [0], requestAnimationFrame: [listener], cancelAnimationFrame: [0], queueMicrotask: [listener],
      atob: ["eA=="], btoa: ["x"], scroll: [0, 0], scrollTo: [0, 0], scrollBy: [0, 0], focus: [], blur: [], stop: [],
    };
    for (var name in calls) {
      if (typeof window[name] !== "function") continue;
      members++;
      try { window[name].apply(undefined, calls[name]); } catch (error) { classify(phase, window, name, error); }
    }
  }

  callWindowOperationsBare("bare window operations");
  sweepPage("untouched");
  sweepPage("touched");
  // Each of these lays out and renders the page again; the test asks for them on a share of
  // the pages (SWEEP_MUTATIONS, set before this file) to stay within its time.
  if (typeof SWEEP_MUTATIONS === "undefined" || SWEEP_MUTATIONS) {
    mutate();
    sweepPage("mutated");
    sweepHiddenRoot("hidden root");
  }
  args.completionFunction({ members: members, objects: objects, failures: JSON.stringify(failures.slice(0, 200)),
                            failureCount: failures.length });
} };
