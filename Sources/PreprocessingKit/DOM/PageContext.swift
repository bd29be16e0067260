import Foundation

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
        public var referrer: String = ""
        public var cookie: String = ""
        public var lastModified: String?
        /// iOS 17 Safari on an iPhone.
        public var userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
        public var platform = "iPhone"
        public var language = "en-US"
        public var confirmAnswer = false
        public var promptAnswer: String?
        public var viewportWidth = 390
        public var viewportHeight = 844
        /// Frame documents by URL (webarchive subframes, MHTML parts): html text.
        public var frames: [String: String] = [:]

        public init(url: String) { self.url = url }
    }

    /// Builds the page. Throws `JavaScriptError` if the DOM bundle itself fails (a bug of ours).
    public init(html: String, configuration: Configuration, machine: JavaScriptVirtualMachine) throws {
        javaScript = JavaScriptContext(machine: machine)
        let bundle = try javaScript.evaluate(DOMBundle.source, sourceURL: PageContext.bundleURL)
        let host = javaScript.makeObject()
        let context = javaScript
        try host.setProperty("parseDocument", javaScript.makeFunction(name: "parseDocument") { arguments in
            let html = arguments.first?.stringValue ?? ""
            return context.parseJSON(HTMLTreeParser.flatDocument(html: html))
        })
        try host.setProperty("parseFragment", javaScript.makeFunction(name: "parseFragment") { arguments in
            let html = arguments.first?.stringValue ?? ""
            let contextName = arguments.count > 1 ? arguments[1].stringValue : "body"
            return context.parseJSON(HTMLTreeParser.flatFragment(html: html, contextLocalName: contextName))
        })
        api = try bundle.call([host])
        guard let tree = javaScript.parseJSON(HTMLTreeParser.flatDocument(html: html)) else {
            throw JavaScriptError(name: "InternalError", message: "the parsed tree is not valid JSON", sourceURL: nil,
                                  line: nil, column: nil, stack: nil, timedOut: false)
        }
        let config = try JSONEncoder().encode(ConfigurationJSON(configuration))
        try api.invoke("installPage", [tree, javaScript.parseJSON(Array(config)) ?? javaScript.makeObject()])
    }

    static let bundleURL = "preprocess-sim://dom/bundle.js"

    /// Maps a line of the DOM bundle to the file it came from (for errors inside our DOM).
    static func bundleLocation(line: Int) -> (file: String, line: Int)? {
        for entry in DOMBundle.files where line >= entry.firstLine && line < entry.firstLine + entry.lineCount {
            return (entry.name, line - entry.firstLine + 1)
        }
        return nil
    }

    public func setPhase(_ phase: String) throws {
        try api.invoke("setPhase", [javaScript.string(phase)])
    }

    /// Selects the `occurrence`-th match of `text`; false if the page has no such text.
    public func selectText(_ text: String, occurrence: Int = 1) throws -> Bool {
        try api.invoke("selectText", [javaScript.string(text), javaScript.number(Double(occurrence))]).booleanValue
    }

    public func selectElementContents(selector: String) throws -> Bool {
        try api.invoke("selectElementContents", [javaScript.string(selector)]).booleanValue
    }

    /// The events recorded since the last call (console, dialogs, navigations, unsupported APIs).
    public func takeEvents() throws -> [PageEvent] {
        let json = try api.invoke("takeEvents").stringValue
        return (try? JSONDecoder().decode([PageEvent].self, from: Data(json.utf8))) ?? []
    }

    /// `document.documentElement.outerHTML`.
    public func documentHTML() throws -> String {
        try api.invoke("documentHTML").stringValue
    }

    /// Runs the next due timer task on the virtual clock; false when none is left (or only
    /// timers past `budgetMilliseconds` of virtual time).
    public func runNextTask(budgetMilliseconds: Double) throws -> Bool {
        guard api.hasProperty("runNextTask") else { return false }
        return try api.invoke("runNextTask", [javaScript.number(budgetMilliseconds)]).booleanValue
    }

    private struct ConfigurationJSON: Encodable {
        var url, characterSet, contentType, referrer, cookie, userAgent, platform, language: String
        var lastModified: String?
        var confirmAnswer: Bool
        var promptAnswer: String?
        var viewportWidth, viewportHeight: Int
        var frames: [String: String]

        init(_ c: Configuration) {
            url = c.url; characterSet = c.characterSet; contentType = c.contentType; referrer = c.referrer
            cookie = c.cookie; userAgent = c.userAgent; platform = c.platform; language = c.language
            lastModified = c.lastModified; confirmAnswer = c.confirmAnswer; promptAnswer = c.promptAnswer
            viewportWidth = c.viewportWidth; viewportHeight = c.viewportHeight; frames = c.frames
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
}
