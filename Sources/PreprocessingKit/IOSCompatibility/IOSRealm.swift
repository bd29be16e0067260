import Foundation
import JavaScriptEngine

/// A page's realm made to look like Safari's on an older iOS: every JavaScript built-in and Web
/// API the data says that Safari lacks, and that the realm has, is hidden from the page's and the
/// extension's code before the script is injected. The DOM (written in JavaScript, in the same
/// realm) keeps using them: each hidden property becomes an accessor that looks at the caller's
/// stack frame (JavaScriptCore's `function@url:line:column` lines) and answers `undefined` to
/// code outside the simulator, recording where it was reached, so a script that then throws
/// can be told which API it missed. A polyfill that assigns the property replaces the accessor,
/// as it would define the property on the device.
///
/// What stays visible: `in`, `hasOwnProperty` and `Object.getOwnPropertyNames` still see a hidden
/// name (its accessor); `typeof`, reads, calls and `new` see `undefined`, which is how real
/// scripts test for and use these APIs.
///
/// In `record` mode nothing is hidden: every reach of a listed API from the script's code is
/// recorded with its place, which `check --ios-report` turns into the lowest version.
final class IOSRealm {
    enum Mode: String { case hide, record }

    /// One reach of a listed API by the page's or the extension's code.
    struct Access: Decodable, Equatable {
        /// As a script writes it: `Array.prototype.at`, `Object.hasOwn`, `structuredClone`.
        let api: String
        /// The BCD entry.
        let path: String
        /// The iOS version that added it, `-` for none in the data.
        let version: String
        let file: String
        let line: Int
        let column: Int
    }

    private let controller: JavaScriptValue
    /// The data entries found in the realm and hidden (or watched).
    let installedPaths: [String]

    /// The entries to hide on `version` (or, recording, every entry after iOS 8): the realm's
    /// JavaScript built-ins and Web APIs, an interface or global and its members.
    static func entries(for mode: Mode, version: IOSVersion?) -> [[String]] {
        var list: [[String]] = []
        for (path, availability) in IOSCompatibility.entries where path.hasPrefix("api.") || path.hasPrefix("javascript.builtins.") {
            switch (mode, availability) {
            case (.hide, _):
                guard let version, !availability.isAvailable(on: version) else { continue }
            case (.record, .added(let added)):
                guard added > IOSCompatibility.oldest else { continue }
            case (.record, .never):
                break
            }
            if case .added(let added) = availability { list.append([path, added.description]) } else { list.append([path, "-"]) }
        }
        return list.sorted { $0[0] < $1[0] }
    }

    convenience init(page: PageContext, mode: Mode, version: IOSVersion?) throws(JavaScriptError) {
        try self.init(page: page, mode: mode, groupsJSON: Self.cachedGroupsJSON(for: mode, version: version))
    }

    /// - Parameter entries: `[path, version]` pairs, the version as the diagnostics print it.
    convenience init(page: PageContext, mode: Mode, entries: [[String]]) throws(JavaScriptError) {
        try self.init(page: page, mode: mode, groupsJSON: Self.json(Self.groups(entries)))
    }

    /// The grouped entries of a mode and version as JSON, made once per process (a suite's
    /// worker runs case after case).
    private static let cache = Cache()
    private final class Cache: @unchecked Sendable {
        let lock = NSLock()
        var lists: [String: Data] = [:]
    }
    static func cachedGroupsJSON(for mode: Mode, version: IOSVersion?) -> Data {
        let key = "\(mode.rawValue) \(version?.description ?? "")"
        cache.lock.lock()
        defer { cache.lock.unlock() }
        if let json = cache.lists[key] { return json }
        let json = json(groups(entries(for: mode, version: version)))
        cache.lists[key] = json
        return json
    }

    static func json(_ groups: [[Any]]) -> Data {
        (try? JSONSerialization.data(withJSONObject: groups)) ?? Data("[]".utf8)
    }

    private init(page: PageContext, mode: Mode, groupsJSON json: Data) throws(JavaScriptError) {
        let context = page.javaScript
        let install = try context.evaluate(Self.source, sourceURL: Self.sourceURL)
        controller = try install.call([context.parseJSON(Array(json)) ?? context.makeObject(), context.string(mode.rawValue)])
        let names = (try? controller.invoke("installed").stringValue) ?? "[]"
        installedPaths = (try? JSONDecoder().decode([String].self, from: Data(names.utf8))) ?? []
    }

    /// The entries by where they live, so the installer looks each interface up once (most of
    /// the data's interfaces, WebGL's or Web Audio's, are not in this realm):
    /// `["global", "", [name, version, path, …]]` for globals (`api.X`, `api.Window.X`,
    /// `javascript.builtins.X`), `["member", "X", [member, version, path, …]]` for members.
    static func groups(_ entries: [[String]]) -> [[Any]] {
        var order: [String] = []
        var members: [String: [String]] = [:]
        func add(_ group: String, _ triple: [String]) {
            if members[group] == nil { order.append(group); members[group] = [] }
            members[group]! += triple
        }
        for entry in entries where entry.count == 2 {
            let parts = entry[0].split(separator: ".").map(String.init)
            let isAPI = parts.first == "api"
            let depth = isAPI ? parts.count - 1 : parts.count - 2
            guard isAPI || (parts.count >= 3 && parts[1] == "builtins") else { continue }
            let interface = parts[parts.count - depth]
            if depth == 1 {
                add("", [interface, entry[1], entry[0]])
            } else if depth == 2 {
                if isAPI && interface == "Window" { add("", [parts[parts.count - 1], entry[1], entry[0]]) } else { add(interface, [parts[parts.count - 1], entry[1], entry[0]]) }
            }
        }
        return order.map { [$0.isEmpty ? "global" : "member", $0, members[$0] ?? []] }
    }

    /// The reaches recorded since the last call, in order, each place once per API.
    func takeAccesses() -> [Access] {
        guard let json = try? controller.invoke("take").stringValue else { return [] }
        return (try? JSONDecoder().decode([Access].self, from: Data(json.utf8))) ?? []
    }

    static let sourceURL = "preprocess-sim://ios/realm.js"

    /// The installer. Everything it calls while a script runs is taken before anything is hidden
    /// (it must not reach its own accessors), and its frames, the DOM bundle's and the
    /// simulator's own evaluations count as the simulator's.
    static let source = #"""
    (function (groups, mode) {
      "use strict";
      const call = Function.prototype.call.bind(Function.prototype.call);
      const own = Object.prototype.hasOwnProperty, getOwn = Object.getOwnPropertyDescriptor, define = Object.defineProperty;
      const split = String.prototype.split, lastIndexOf = String.prototype.lastIndexOf, slice = String.prototype.slice,
            startsWith = String.prototype.startsWith, exec = RegExp.prototype.exec, push = Array.prototype.push,
            setHas = Set.prototype.has, setAdd = Set.prototype.add, stringify = JSON.stringify, NativeError = Error,
            getPrototypeOf = Object.getPrototypeOf;
      const place = /^(.*):(\d+):(\d+)$/;
      const simulator = "preprocess-sim://";
      const recording = mode === "record";
      let accesses = [];
      const seen = new Set();
      const installed = [];

      // Who made the access: the frame just above the accessor. The engine's own code
      // ("[native code]": a built-in reading flags, JSON reading toJSON) and the simulator's
      // (the DOM bundle, Swift's evaluations) count as the simulator's: null. Only that one
      // frame is looked at, because strict code's tail calls leave no frame of the caller: a
      // DOM getter that returns str.replace(re) shows its native callee right above the script.
      // Code run by eval has no URL; the place is then its caller's.
      function caller() {
        let stack;
        try { stack = new NativeError().stack; } catch (error) { return null; }
        if (typeof stack !== "string") return null;
        const frames = call(split, stack, "\n");
        let viaEval = false;
        for (let index = 0; index < frames.length; index += 1) {
          const frame = frames[index];
          const where = call(slice, frame, call(lastIndexOf, frame, "@") + 1);
          if (call(startsWith, where, "preprocess-sim://ios/")) continue;
          if (where === "") { viaEval = true; continue; }
          if (where === "[native code]") { if (viaEval) continue; return null; }
          if (call(startsWith, where, simulator)) return null;
          const match = call(exec, place, where);
          if (match === null) return null;
          return { file: match[1], line: Number(match[2]), column: Number(match[3]) };
        }
        return null;
      }

      function record(entry, where) {
        const key = entry.api + "@" + where.file + ":" + where.line + ":" + where.column;
        if (call(setHas, seen, key) || accesses.length >= 1000) return;
        call(setAdd, seen, key);
        call(push, accesses, { api: entry.api, path: entry.path, version: entry.version, file: where.file, line: where.line, column: where.column });
      }

      // The window's own names, read once: a name looked up on the window goes through more
      // than an object's own properties, thousands of times over.
      const global = globalThis;
      const globalNames = new Set(Object.getOwnPropertyNames(global));
      const hasGlobal = (name) => call(setHas, globalNames, name);

      // Where a member of interface `name` lives in this realm: a list of [holder, name, display].
      function locate(holder, instance, name, member) {
        if (member === name || member === "prototype") return [];
        const found = memberOf(holder, name, member);
        if (found.length > 0) return found;
        // An interface this DOM has only as one object (crypto, navigator, location, console).
        if (instance !== null && typeof instance === "object" && member in instance) {
          let owner = instance;
          while (owner !== null && !own.call(owner, member)) owner = getPrototypeOf(owner);
          if (owner !== null && owner !== Object.prototype) return [[owner, member, singular(name) + "." + member]];
        }
        return [];
      }

      function singular(name) { return call(slice, name, 0, 1).toLowerCase() + call(slice, name, 1); }

      // The prototypes of the realm's global constructors, read once (recording only).
      let prototypes = null;
      function interfacePrototypes() {
        if (prototypes !== null) return prototypes;
        prototypes = [];
        const names = Object.getOwnPropertyNames(global);
        for (let index = 0; index < names.length; index += 1) {
          const descriptor = getOwn(global, names[index]);
          const value = descriptor && descriptor.value;
          if (typeof value === "function" && value.prototype && typeof value.prototype === "object") prototypes.push(value.prototype);
        }
        return prototypes;
      }

      // A member on the interface's prototype or the constructor; else, recording, where this
      // DOM defines it once per subclass (each node kind's nodeType), on each subclass's prototype.
      function memberOf(holder, name, member) {
        if (holder === undefined || holder === null || (typeof holder !== "object" && typeof holder !== "function")) return [];
        const prototype = typeof holder === "function" ? holder.prototype : undefined;
        if (prototype && typeof prototype === "object") {
          if (own.call(prototype, member)) return [[prototype, member, name + ".prototype." + member]];
          // Recording, a member the DOM defines higher up (HTMLElement's style on Element's
          // prototype) counts too; hiding it there would hide it from other interfaces as well.
          if (recording && member in prototype) {
            let ancestor = getPrototypeOf(prototype);
            while (ancestor !== null && !own.call(ancestor, member)) ancestor = getPrototypeOf(ancestor);
            if (ancestor !== null && ancestor !== Object.prototype) return [[ancestor, member, name + ".prototype." + member]];
          }
        }
        if (own.call(holder, member)) return [[holder, member, name + "." + member]];
        // Only recording: hiding a subclass's member for its base's entry would hide what the
        // subclass's own entry says is there (an obsolete Node.hasAttributes, Element's current).
        if (!recording || !prototype || typeof prototype !== "object") return [];
        const found = [];
        for (const candidate of interfacePrototypes()) {
          if (candidate !== prototype && prototype.isPrototypeOf(candidate) && own.call(candidate, member)) {
            found.push([candidate, member, name + ".prototype." + member]);
          }
        }
        return found;
      }

      function hide(entry, holder, name) {
        const original = getOwn(holder, name);
        if (!original || !original.configurable) return false;
        const isData = own.call(original, "value");
        let value = original.value;
        const descriptor = {
          configurable: true,
          enumerable: original.enumerable,
          get() {
            const where = caller();
            if (where !== null) record(entry, where);
            if (where === null || recording) return isData ? value : (original.get ? call(original.get, this) : undefined);
            return undefined;
          },
          set(newValue) {
            const where = caller();
            if (where !== null && !recording) {
              // The script defines what its Safari lacks: a polyfill on the holder replaces the
              // hidden API for everyone, an assignment to an instance makes an own property.
              define(this, name, { value: newValue, writable: true, enumerable: this === holder ? original.enumerable : true, configurable: true });
              return;
            }
            if (isData) { if (original.writable) value = newValue; } else if (original.set) { call(original.set, this, newValue); }
          },
        };
        define(holder, name, descriptor);
        return true;
      }

      // Located first, hidden after: hiding one entry must not change where another is found.
      const located = [];
      for (let g = 0; g < groups.length; g += 1) {
        const kind = groups[g][0], name = groups[g][1], members = groups[g][2];
        if (kind === "global") {
          for (let i = 0; i < members.length; i += 3) {
            if (hasGlobal(members[i])) located.push([{ path: members[i + 2], version: members[i + 1], api: members[i] }, global, members[i]]);
          }
          continue;
        }
        let holder, instance;
        try {
          holder = name === "TypedArray" ? getPrototypeOf(Int8Array) : (hasGlobal(name) ? global[name] : undefined);
          instance = hasGlobal(singular(name)) ? global[singular(name)] : undefined;
        } catch (error) { continue; }
        const hasHolder = holder !== null && (typeof holder === "object" || typeof holder === "function");
        if (!hasHolder && (instance === null || typeof instance !== "object")) continue;
        for (let i = 0; i < members.length; i += 3) {
          let places = [];
          try { places = locate(hasHolder ? holder : undefined, instance, name, members[i]); } catch (error) { places = []; }
          for (let p = 0; p < places.length; p += 1) {
            located.push([{ path: members[i + 2], version: members[i + 1], api: places[p][2] }, places[p][0], places[p][1]]);
          }
        }
      }
      // One accessor per property: api.Window.structuredClone and api.structuredClone are one.
      const done = new Map();
      for (let index = 0; index < located.length; index += 1) {
        const [entry, holder, name] = located[index];
        let names = done.get(holder);
        if (names === undefined) { names = new Set(); done.set(holder, names); }
        if (names.has(name)) continue;
        names.add(name);
        if (hide(entry, holder, name) && installed[installed.length - 1] !== entry.path) installed.push(entry.path);
      }
      return {
        installed() { return stringify(installed); },
        take() { const taken = accesses; accesses = []; return stringify(taken); },
      };
    })
    """#
}
