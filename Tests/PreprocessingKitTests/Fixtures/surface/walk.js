// The platform's surface as a page's script sees it: every global of the window, each interface's
// prototype chain, statics and prototype members, and the objects a page reaches that are not
// interfaces. Evaluated as one expression, in WebKit by Tests/record-webkit-surface.py and in the
// simulator by SurfaceTests, so both are read the same way. Its value is a JSON string.
//
// A member is [name, kind, flags, type, length, value]: kind "data", "get", "set" or "get/set";
// flags "w", "e", "c" for writable, enumerable, configurable; type the data value's typeof (""
// for an accessor); length a function's length (else null); value a primitive data value that
// is a constant (a number, or the string of Symbol.toStringTag), else null. Names are in the
// engine's order; symbols are "@@name".
(function () {
  var own = Object.prototype.hasOwnProperty;
  function keyName(key) {
    if (typeof key !== "symbol") return key;
    var text = String(key);
    var match = /^Symbol\(Symbol\.(.*)\)$/.exec(text);
    return match ? "@@" + match[1] : text;
  }
  function member(holder, key) {
    var d = Object.getOwnPropertyDescriptor(holder, key);
    var flags = (d.writable ? "w" : "") + (d.enumerable ? "e" : "") + (d.configurable ? "c" : "");
    if (!own.call(d, "value")) {
      return [keyName(key), d.get && d.set ? "get/set" : d.get ? "get" : "set", flags, "", null, null];
    }
    var value = d.value, type = typeof value;
    var length = null, constant = null;
    if (type === "function") { try { length = value.length; } catch (e) {} }
    if (type === "number" && !d.writable) constant = value;
    if (type === "string" && key === Symbol.toStringTag) constant = value;
    return [keyName(key), "data", flags, type, length, constant];
  }
  function members(holder, skip) {
    var keys = Reflect.ownKeys(holder), out = [];
    for (var i = 0; i < keys.length; i++) {
      if (skip && skip.indexOf(keys[i]) >= 0) continue;
      out.push(member(holder, keys[i]));
    }
    return out;
  }
  function chainOf(prototype) {
    var names = [];
    for (var p = prototype; p !== null; p = Object.getPrototypeOf(p)) {
      var tag = "";
      try { tag = own.call(p, "constructor") && typeof p.constructor === "function" ? p.constructor.name : Object.prototype.toString.call(p).slice(8, -1); } catch (e) { tag = "?"; }
      names.push(tag);
    }
    return names;
  }
  var names = Object.getOwnPropertyNames(window);
  var globals = [], interfaces = [];
  for (var i = 0; i < names.length; i++) {
    var name = names[i], value;
    // Read first: an interface the simulator makes on first use is then what a script sees.
    try { value = window[name]; } catch (e) { value = undefined; }
    var entry = member(window, name);
    if (entry[1] !== "data") { try { entry[3] = typeof value; } catch (e) {} }
    globals.push(entry);
    if (typeof value === "function" && /^[A-Z]/.test(name) && value.prototype && typeof value.prototype === "object") {
      var parent = Object.getPrototypeOf(value);
      interfaces.push({
        name: name, length: value.length, parent: parent === Function.prototype ? null : (parent && parent.name) || null,
        chain: chainOf(value.prototype).slice(1),
        statics: members(value, ["length", "name", "prototype"]),
        prototype: members(value.prototype, ["constructor"]),
      });
    }
  }
  // Objects a page reaches that are not interfaces: every name on their chain (below
  // Object.prototype) with what a script reading it gets.
  function reached(label, make) {
    var object;
    try { object = make(); } catch (e) { return { name: label, missing: String(e) }; }
    if (object === null || object === undefined) return { name: label, missing: String(object) };
    var seen = {}, list = [];
    for (var p = object; p !== null && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
      var keys = Object.getOwnPropertyNames(p);
      for (var k = 0; k < keys.length; k++) {
        var key = keys[k];
        if (own.call(seen, key) || key === "constructor") continue;
        seen[key] = true;
        var type;
        try { type = typeof object[key]; } catch (e) { type = "throws"; }
        list.push([key, type, p === object ? "own" : "inherited"]);
      }
    }
    return { name: label, tag: Object.prototype.toString.call(object).slice(8, -1), chain: chainOf(object).slice(1), members: list };
  }
  var objects = [
    reached("document", function () { return document; }),
    reached("navigator", function () { return navigator; }),
    reached("location", function () { return location; }),
    reached("history", function () { return history; }),
    reached("screen", function () { return screen; }),
    reached("visualViewport", function () { return visualViewport; }),
    reached("performance", function () { return performance; }),
    reached("crypto", function () { return crypto; }),
    reached("crypto.subtle", function () { return crypto.subtle; }),
    reached("CSS", function () { return CSS; }),
    reached("document.body.style", function () { return document.body.style; }),
    reached("localStorage", function () { return localStorage; }),
    reached("console", function () { return console; }),
  ];
  return JSON.stringify({ globals: globals, interfaces: interfaces, objects: objects });
})()
