import Foundation
import HTMLParser
import XMLParser
import JavaScriptEngine

/// A page loaded into a JavaScript context: the DOM bundle installed, the document built from
/// the parsed tree, the window globals in place. What the preprocessing script runs in.
public final class PageContext {
    public let javaScript: JavaScriptContext
    /// The DOM bundle's api object (`DOM/js/CONTRACT.md`).
    let api: JavaScriptValue

    /// Settings of the simulated browser.
    public struct Configuration: Sendable {
        public var url: String
        public var characterSet: String = "UTF-8"
        public var contentType: String = "text/html"
        /// The document's mode is no-quirks whatever its DOCTYPE (`LoadedPage.parsesWithoutQuirks`).
        public var modeLocked = false
        public var referrer: String = ""
        public var cookie: String = ""
        public var lastModified: String?
        /// Safari on an iPhone with the newest released iOS in the compatibility data.
        public var userAgent = IOSCompatibility.defaultUserAgent
        public var platform = "iPhone"
        public var language = "en-US"
        public var confirmAnswer = false
        public var promptAnswer: String?
        /// The screen, CSS pixels (`SimulatedDevice.iPhone`'s unless `present` says otherwise); the
        /// layout viewport follows from it and the page's viewport tag (DOM/js/viewport.js).
        public var screenWidth = 390
        public var screenHeight = 844
        public var devicePixelRatio = 3
        /// Whether the page gets the viewport of an iPad asking for desktop pages (iPadOS 13 on)
        /// rather than the iPhone's 980-pixel default (`SimulatedDevice.requestsDesktopPages`).
        public var desktopClassViewport = false
        /// A layout viewport that ignores the page's viewport tag, as a desktop WebKit window's
        /// does (the oracle's `--viewport`): what a case recorded in such a window runs in.
        public var fixedLayoutViewport: (width: Int, height: Int)?
        public var maxTouchPoints = 5
        /// Frame documents by URL (webarchive subframes, MHTML parts): html text.
        public var frames: [String: String] = [:]
        /// The document URL of frames named by another URL (an MHTML part's `cid:`).
        public var frameURLs: [String: String] = [:]
        /// A fixed start time (`now`) and seeded randomness (`seed`), so a run gives the same
        /// transcript every time; otherwise the clock starts at the real time.
        public var deterministic = false
        /// Milliseconds since 1970 when the virtual clock starts (deterministic runs).
        public var now: Double = PageContext.defaultNow
        /// The seed of `Math.random` and `crypto.getRandomValues` (deterministic runs).
        public var seed: UInt32 = 0
        /// What the offline network answers, by URL.
        public var fixtures: [NetworkFixture] = []

        public init(url: String) { self.url = url }

        /// Safari on `device` with that iOS version: its user agent, platform, screen and touch points.
        public mutating func present(_ device: SimulatedDevice, iOS version: IOSVersion) {
            userAgent = device.userAgent(for: version)
            platform = device.platform(on: version)
            screenWidth = device.screenWidth
            screenHeight = device.screenHeight
            devicePixelRatio = device.devicePixelRatio
            desktopClassViewport = device.presentsAsMac(on: version)
            maxTouchPoints = device.maxTouchPoints
        }
    }

    /// A realm with the DOM core evaluated and no page in it yet: the part of building a page
    /// that does not depend on the page. A process that runs page after page makes the next one
    /// while it is idle (`Simulator.prepareForNextRun`), so a case starts from here.
    public final class PreparedRealm {
        let javaScript: JavaScriptContext
        /// The DOM bundle's api object.
        let api: JavaScriptValue
        let lazyGroupLog = LazyGroupLog()
        /// How long making the realm took.
        let milliseconds: Double

        public init(machine: JavaScriptVirtualMachine) throws {
            let started = DispatchTime.now().uptimeNanoseconds
            javaScript = JavaScriptContext(machine: machine)
            let host = javaScript.makeObject()
            let context = javaScript
            // unowned: the functions live in this context's heap; a strong capture would be a cycle
            // (context → global → function → closure → context) that never frees the page.
            try host.setProperty("parseDocument", javaScript.makeFunction(name: "parseDocument") { [unowned context] arguments in
                try ParsedTree.value(of: ParsedTree.parseDocument(arguments.first ?? context.string("")), in: context)
            })
            try host.setProperty("parseFragment", javaScript.makeFunction(name: "parseFragment") { [unowned context] arguments in
                try ParsedTree.value(of: ParsedTree.parseFragment(arguments), in: context)
            })
            try host.setProperty("parseXML", javaScript.makeFunction(name: "parseXML") { [unowned context] arguments in
                try ParsedTree.value(of: ParsedTree.parseXMLDocument(arguments.first ?? context.string("")), in: context)
            })
            // A lazy group of the DOM (layout, rendered text, …), the first time a page's code needs it:
            // its program's value is a function of the core names it imports (DOMBundleAssembly).
            try host.setProperty("evaluateLazyGroup", javaScript.makeFunction(name: "evaluateLazyGroup") { [unowned context, lazyGroupLog] arguments in
                let name = arguments.first?.stringValue ?? ""
                guard let source = PageContext.lazyGroupSources.source(named: name) else { throw LazyGroupSources.Unknown(name: name) }
                lazyGroupLog.names.append(name)
                return try context.evaluate(source)
            })
            // `document.all`: an object `typeof` calls "undefined" (see UndetectableObject).
            try host.setProperty("makeUndetectable", javaScript.makeFunction(name: "makeUndetectable") { [unowned context] _ in
                UndetectableObject.make(in: context)
            })
            // The bundle takes the host from this global property and deletes it (CONTRACT.md);
            // its completion value is the api.
            try javaScript.globalObject.setProperty(DOMBundle.hostProperty, host)
            api = try javaScript.evaluate(PageContext.bundle)
            milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        }
    }

    /// Builds the page, in `prepared` when given (a realm no page has used), else in a new one;
    /// from `parsing` when the page's parse was started earlier (`BackgroundParse`, of `html`).
    /// Throws `JavaScriptError` if the DOM bundle itself fails (a bug of ours).
    public init(html: String, configuration: Configuration, machine: JavaScriptVirtualMachine, prepared: PreparedRealm? = nil,
                parsing startedParse: BackgroundParse? = nil) throws {
        var clock = DispatchTime.now().uptimeNanoseconds
        var timings: [String: Double] = [:]
        func lap(_ step: String) {
            let now = DispatchTime.now().uptimeNanoseconds
            timings[step] = Double(now - clock) / 1e6
            clock = now
        }
        // The page is parsed on another thread while this one builds the realm: the two share nothing
        // until the tree is handed over, and on a median page each costs about as much as the
        // other, so a page is ready in the time of the longer one instead of their sum.
        let parsing = startedParse ?? BackgroundParse(html: html, asXML: XMLDocumentKind.isXML(configuration.contentType),
                                                      modeLocked: configuration.modeLocked)
        let realm = try prepared ?? PreparedRealm(machine: machine)
        javaScript = realm.javaScript
        api = realm.api
        lazyGroupLog = realm.lazyGroupLog
        lap("bundle")
        // A realm made while the process was idle: what it cost, off this page's clock.
        if prepared != nil { timings["bundle.prepared"] = realm.milliseconds }
        // The document and the window while the parser may still be running (in a prepared
        // realm there is nothing else to overlap it with).
        try api.invoke("preparePage", [javaScript.parseJSON(Self.configurationJSON(configuration)) ?? javaScript.makeObject()])
        try javaScript.onUnhandledRejection { [weak self] error in self?.unhandledRejections.append(error) }
        lap("window")
        let (flatTree, elementOrder, parseMilliseconds) = parsing.wait()
        lap("parse.wait")
        timings["parse"] = parseMilliseconds
        let tree = try ParsedTree.value(of: flatTree, elementOrder: elementOrder, in: javaScript)
        lap("tree")
        try api.invoke("installPage", [tree])
        lap("install")
        buildTimings = timings
    }

    /// Milliseconds each step of building the page took: `bundle` (the DOM code evaluated;
    /// near zero in a prepared realm, whose own cost is then `bundle.prepared`),
    /// `parse` (the HTML parser writing the flat tree, on its own thread while the bundle is
    /// evaluated), `window` (the empty document, the window's globals and the event loop, made
    /// while the parser still runs), `parse.wait` (how long this thread then waited for the
    /// parser), `tree` (the tree's records and text handed to JavaScript), `install` (the nodes
    /// built in JavaScript, and `window[i]` for the page's frames). The benchmark splits parsing from
    /// building with them.
    public private(set) var buildTimings: [String: Double] = [:]
    /// The DOM's lazy groups this page has loaded, in order (`DOMBundleAssembly`): what its
    /// scripts needed beyond the core.
    public var loadedLazyGroups: [String] { lazyGroupLog.names }
    final class LazyGroupLog { var names: [String] = [] }
    private let lazyGroupLog: LazyGroupLog

    /// `ExtensionPreprocessingJS` in any shape real scripts use (var, let/const, class instance,
    /// window property, object literal), or undefined; a getter on the global may throw.
    public func extensionObject() throws(JavaScriptError) -> JavaScriptValue {
        try javaScript.evaluate("typeof ExtensionPreprocessingJS === 'undefined' ? undefined : ExtensionPreprocessingJS",
                                sourceURL: "preprocess-sim://lookup")
    }

    static let bundleURL = "preprocess-sim://dom/bundle.js"
    /// The DOM code this process evaluates in every page: the bundle embedded at build time, or,
    /// when `PREPROCESS_SIM_DOM_SOURCES` names a folder with an `order.txt` (a developer working
    /// on the DOM: `Sources/PreprocessingKit/DOM/js`), those files as they are now, so a change to
    /// the JavaScript is tried without rebuilding. Read once per process.
    static let activeBundle: DOMBundleSources = {
        if let folder = ProcessInfo.processInfo.environment["PREPROCESS_SIM_DOM_SOURCES"], !folder.isEmpty {
            if let sources = DOMSourceFolder.bundle(folder: folder) { return sources }
            LibraryLog.write("preprocess-sim: warning: PREPROCESS_SIM_DOM_SOURCES=\(folder) has no readable order.txt; using the built-in DOM")
        }
        return DOMBundleSources(source: DOMBundle.source, files: DOMBundle.files, lazyGroups: DOMBundle.lazyGroups)
    }()
    /// The core converted for JavaScriptCore once per process (the embedded one has no NUL:
    /// embed-js escapes every non-ASCII character).
    static let bundle = JavaScriptSource(activeBundle.source, sourceURL: bundleURL)
    /// Starts converting the core on another thread. A one-page process needs the converted
    /// core (2–3 ms for 427 KB) only after it has started the engine and made a context
    /// (3–4 ms), so made meanwhile it costs the page nothing; `bundle` is made once, and a
    /// thread that reads it while it is being made waits for it.
    static func convertBundleInBackground() {
        DispatchQueue.global(qos: .userInitiated).async { _ = bundle }
    }
    /// Each lazy group's program, converted the first time a page of this process loads it. The
    /// programs carry the bundle's URL and start at their own line of the combined numbering, so
    /// `bundleLocation` names the file of an error inside a group as inside the core.
    static let lazyGroupSources = LazyGroupSources(activeBundle.lazyGroups, sourceURL: bundleURL)

    /// 2024-01-01T00:00:00Z: where a deterministic run's clock starts unless `--now` says otherwise.
    public static let defaultNow: Double = 1_704_067_200_000

    /// Promises rejected with no handler, in the order JavaScriptCore reported them; the run
    /// takes them as diagnostics.
    public var unhandledRejections: [JavaScriptError] = []

    /// The DOM file a line of the bundle's numbering is in, and its line there (profiles).
    public static func domSourcePlace(line: Int) -> (file: String, line: Int)? { bundleLocation(line: line) }

    /// Maps a line of the DOM bundle to the file it came from (for errors inside our DOM).
    static func bundleLocation(line: Int) -> (file: String, line: Int)? {
        for entry in activeBundle.files where line >= entry.firstLine && line < entry.firstLine + entry.lineCount {
            return (entry.name, line - entry.firstLine + 1)
        }
        return nil
    }

    /// The configuration as the JSON `preparePage` reads, written directly: JSONEncoder's first
    /// use in a process (its type metadata and protocol lookups) took 0.8 ms of a one-page run.
    static func configurationJSON(_ c: Configuration) -> [UInt8] {
        var json = JSONText()
        json.open("{")
        for (key, value) in [("url", c.url), ("characterSet", c.characterSet), ("contentType", c.contentType),
                             ("referrer", c.referrer), ("cookie", c.cookie), ("userAgent", c.userAgent),
                             ("platform", c.platform), ("language", c.language)] {
            json.key(key); json.string(value)
        }
        if let lastModified = c.lastModified { json.key("lastModified"); json.string(lastModified) }
        json.key("confirmAnswer"); json.raw(c.confirmAnswer ? "true" : "false")
        if let promptAnswer = c.promptAnswer { json.key("promptAnswer"); json.string(promptAnswer) }
        json.key("screenWidth"); json.number(Double(c.screenWidth))
        json.key("screenHeight"); json.number(Double(c.screenHeight))
        json.key("devicePixelRatio"); json.number(Double(c.devicePixelRatio))
        json.key("desktopClassViewport"); json.raw(c.desktopClassViewport ? "true" : "false")
        if let fixed = c.fixedLayoutViewport {
            json.key("fixedViewportWidth"); json.number(Double(fixed.width))
            json.key("fixedViewportHeight"); json.number(Double(fixed.height))
        }
        json.key("maxTouchPoints"); json.number(Double(c.maxTouchPoints))
        json.key("frames"); json.stringMap(c.frames)
        json.key("frameURLs"); json.stringMap(c.frameURLs)
        json.key("eventLoop"); json.open("{")
        json.key("deterministic"); json.raw(c.deterministic ? "true" : "false")
        json.key("now"); json.number(c.now)
        json.key("seed"); json.number(Double(c.seed))
        json.key("fixtures"); json.open("[")
        for fixture in c.fixtures {
            json.element(); json.open("{")
            json.key("url"); json.string(fixture.url)
            json.key("status"); json.number(Double(fixture.status))
            if let statusText = fixture.statusText { json.key("statusText"); json.string(statusText) }
            json.key("headers"); json.stringMap(fixture.headers)
            if let text = fixture.text { json.key("text"); json.string(text) }
            if let base64 = fixture.base64 { json.key("base64"); json.string(base64) }
            if let delay = fixture.delay { json.key("delay"); json.number(delay) }
            json.close("}")
        }
        json.close("]")
        json.close("}")
        json.close("}")
        return json.bytes
    }

    /// A JSON writer for the few shapes the configuration has.
    struct JSONText {
        private(set) var bytes: [UInt8] = []
        private var first = true
        private static let hexDigits = Array("0123456789abcdef".utf8)

        mutating func open(_ bracket: String) { bytes.append(contentsOf: bracket.utf8); first = true }
        mutating func close(_ bracket: String) { bytes.append(contentsOf: bracket.utf8); first = false }
        mutating func element() { if !first { bytes.append(UInt8(ascii: ",")) }; first = false }
        mutating func key(_ name: String) { element(); string(name); bytes.append(UInt8(ascii: ":")) }
        mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }
        /// A finite number as Swift writes it (JSON's syntax); JSON has no NaN or infinity.
        mutating func number(_ value: Double) {
            raw(value.isFinite ? (value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)) : "null")
        }
        mutating func stringMap(_ map: [String: String]) {
            open("{")
            for (key, value) in map.sorted(by: { $0.key < $1.key }) { self.key(key); string(value) }
            close("}")
        }
        mutating func string(_ text: String) {
            bytes.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case 0..<0x20:
                    bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                              Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 15)]])
                default: bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }
}

/// Something the page did that the transcript shows: a console message, a dialog, a navigation,
/// a use of an API the simulator does not model.
public struct PageEvent: Codable, Equatable, Sendable {
    public var kind: String
    public var phase: String?
    public var level: String?
    public var text: String?
    public var message: String?
    public var answer: PropertyListValue?
    public var defaultValue: String?
    public var method: String?
    public var url: String?
    public var api: String?
    /// Where the page's or the extension's code caused the event, when known.
    public var location: SourceLocation?
}

/// A canned answer of the offline network: what a request to `url` receives.
public struct NetworkFixture: Codable, Equatable, Sendable {
    public var url: String
    public var status: Int = 200
    public var statusText: String?
    /// Response headers, e.g. `Content-Type`, `Access-Control-Allow-Origin`, `Set-Cookie`.
    public var headers: [String: String] = [:]
    /// The body, when it is UTF-8 text.
    public var text: String?
    /// The body, when it is not UTF-8 text.
    public var base64: String?
    /// Virtual milliseconds before the answer arrives.
    public var delay: Double?

    public init(url: String, status: Int = 200, headers: [String: String] = [:], body: Data, delay: Double? = nil) {
        self.url = url
        self.status = status
        self.headers = headers
        self.delay = delay
        if let text = String(data: body, encoding: .utf8) { self.text = text } else { base64 = body.base64EncodedString() }
    }

    /// A fixture answering `url` with the bytes of `path`, its Content-Type guessed from the
    /// file name.
    public static func file(url: String, path: String) throws -> NetworkFixture {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return NetworkFixture(url: url, headers: ["Content-Type": contentType(forPath: path)], body: data)
    }

    /// The fixtures of a folder: `fixtures.json` maps URLs to answers —
    /// `{"https://example.com/api": {"file": "api.json", "status": 200, "headers": {…}, "delay": 20}}`
    /// (`file` relative to the folder; `text` may give the body inline).
    ///
    /// `fixtures.json` and every `file` must stay inside `confinement` (by default the fixture
    /// folder itself), links followed: a fixture folder from elsewhere cannot hand the script
    /// a file of the machine's (`PathOutsideFolder` otherwise).
    public static func folder(_ path: String, confinement: PathConfinement? = nil) throws -> [NetworkFixture] {
        let folder = URL(fileURLWithPath: path)
        let confinement = confinement ?? PathConfinement(folder: folder.standardizedFileURL.path)
        let manifestPath = folder.appendingPathComponent("fixtures.json").path
        try confinement.check(manifestPath)
        let manifest = try Self.manifest(at: manifestPath)
        var fixtures: [NetworkFixture] = []
        for url in manifest.keys.sorted() {
            let entry = manifest[url]!
            var fixture: NetworkFixture
            if let file = entry["file"] as? String {
                fixture = try .file(url: url, path: confinement.check(Self.path(of: file, in: folder.path)))
            } else {
                fixture = NetworkFixture(url: url, body: Data(((entry["text"] as? String) ?? "").utf8))
            }
            if let status = entry["status"] as? Int { fixture.status = status }
            if let statusText = entry["statusText"] as? String { fixture.statusText = statusText }
            if let headers = entry["headers"] as? [String: Any] {
                for (name, value) in headers { fixture.headers[name] = "\(value)" }
            }
            if let delay = entry["delay"] as? Double { fixture.delay = delay }
            fixtures.append(fixture)
        }
        return fixtures
    }

    /// The files a folder's `fixtures.json` names, as written (relative to the folder).
    public static func files(inFolder folder: String) throws -> [String] {
        try manifest(at: (folder as NSString).appendingPathComponent("fixtures.json")).values.compactMap { $0["file"] as? String }.sorted()
    }

    static func path(of file: String, in folder: String) -> String {
        file.hasPrefix("/") ? file : (folder as NSString).appendingPathComponent(file)
    }

    static func manifest(at path: String) throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let manifest = try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "fixtures.json must map URLs to objects"])
        }
        return manifest
    }

    static func contentType(forPath path: String) -> String {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "json": return "application/json"
        case "html", "htm": return "text/html; charset=utf-8"
        case "js": return "text/javascript"
        case "css": return "text/css"
        case "xml": return "application/xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "svg": return "image/svg+xml"
        default: return "text/plain; charset=utf-8"
        }
    }
}

/// A document parsed (the HTML parser writing its flat tree, then its elements' order) on a
/// thread of its own; `wait()` gives both and how long they took. The parser touches no JavaScript, so nothing is shared but the result.
public final class BackgroundParse: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once by the parsing thread before `done` is signalled, read after waiting on it.
    private var tree: FlatTree?
    private var order: FlatTree.ElementOrder?
    private var milliseconds: Double = 0

    /// Below this many UTF-8 bytes a page parses in well under a millisecond, less than handing
    /// the work to another thread can win back, so it is parsed where it is asked for.
    static let threadThreshold = 16 * 1024

    /// Starts parsing `html` (at once, on this thread, when it is small, or when `onThisThread`:
    /// a thread that would only wait for the parse, as a one-page run waits for its realm, does
    /// it itself rather than start another that competes for the cores).
    /// `asXML`: the page is an XML document (`XMLDocumentKind`), parsed by the XML parser and
    /// built at once (no element order); an HTML page never reaches libxml2. `modeLocked`: the
    /// document's mode is no-quirks whatever its DOCTYPE (`LoadedPage.parsesWithoutQuirks`).
    public init(html: String, onThisThread: Bool = false, asXML: Bool = false, modeLocked: Bool = false) {
        if onThisThread || html.utf8.count < Self.threadThreshold {
            parse(html, asXML: asXML, modeLocked: modeLocked)
        } else {
            DispatchQueue.global(qos: .userInitiated).async { [self] in parse(html, asXML: asXML, modeLocked: modeLocked) }
        }
    }

    private func parse(_ html: String, asXML: Bool, modeLocked: Bool) {
        let start = DispatchTime.now().uptimeNanoseconds
        let parsed = asXML ? XMLParser.parse(html, asPage: true).tree : HTMLParser.parseDocument(html, modeLocked: modeLocked)
        tree = parsed
        order = parsed.elementOrder()
        milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        done.signal()
    }

    func wait() -> (tree: FlatTree, order: FlatTree.ElementOrder, milliseconds: Double) {
        done.wait()
        return (tree!, order!, milliseconds)
    }
}
