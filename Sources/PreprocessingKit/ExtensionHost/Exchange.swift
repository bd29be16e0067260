import Foundation
import JavaScriptEngine

/// Why an exchange ended before its last stage. The stage that throws it has already recorded
/// the diagnostic that says why; on a device the exchange ends at the same place (the extension
/// receives nothing, or finalize is not called).
struct ExchangeEnded: Error {}

/// One run going through its stages, each a method with a typed result:
///
///     build the page → select → prepare → inject → run → hand-off → handler → finalize → effects
///
/// A stage that ends the exchange records its diagnostic and throws `ExchangeEnded`; the
/// transcript is what every stage reached recorded.
struct Exchange {
    let request: RunRequest
    var transcript: Transcript
    var stageStart = DispatchTime.now()
    /// The `--trace` timeline (records nothing unless the request asks for it).
    let tracer: TraceRecorder
    /// What exceptions are mapped back to (the script's text, strings finalize may eval).
    var sources = ScriptSources()

    /// The script's entry point, as `inject` found it in the page.
    struct EntryPoint {
        let global: JavaScriptValue
        let run: JavaScriptValue
    }

    /// What `run` gave: the first value completionFunction received.
    struct Completion {
        let value: JavaScriptValue
        /// The trace event of that first call, to which the conversion's details are added.
        let traceEventIndex: Int?
    }

    init(request: RunRequest) {
        self.request = request
        tracer = TraceRecorder(enabled: request.trace, deterministic: request.deterministic)
        let page = request.page
        transcript = Transcript(
            page: .init(path: page.path, url: page.url, urlSource: page.urlSource, encoding: page.encoding,
                        encodingSource: page.encodingSource, format: page.format.rawValue, byteCount: page.byteCount,
                        title: nil, device: request.device.map { "\($0.model), iOS \(request.iOS ?? IOSCompatibility.newest)" }),
            script: .init(path: request.scriptPath),
            diagnostics: page.notes,
            handler: .init(name: request.handlerName),
            finalize: .init())
    }

    var scriptFile: String { request.scriptPath }

    /// Runs every stage the exchange reaches.
    mutating func runStages(machine: JavaScriptVirtualMachine, prepared: PageContext.PreparedRealm? = nil, parsing: BackgroundParse? = nil) {
        // A deterministic transcript leaves out the timings of every run that got as far as run.
        defer { if request.deterministic, transcript.clock != nil { transcript.timings = [:] } }
        let page: PageContext
        do { page = try buildPage(machine: machine, prepared: prepared, parsing: parsing) } catch { return }
        tracer.attach(page)
        // Early endings leave page events unflushed; take them while the page is alive.
        defer { tracer.flush() }
        tracer.record(.pageLoaded, "page built: \(request.page.url) (\(request.page.byteCount) bytes, \(request.page.encoding)), title \(DOMMutation.quote(transcript.page.title))",
                      location: SourceLocation(file: request.page.path))
        for (step, milliseconds) in page.buildTimings { transcript.timings["build." + step] = milliseconds }
        do {
            select(page)
            let iOSRealm = installIOSRealm(page)
            defer { if let iOSRealm { reportIOSAccesses(iOSRealm) } }
            try prepare(page)
            let entry = try inject(page)
            let completion = try run(page, entry)
            let results = handOff(page, completion)
            let finalizeArguments = runHandler(results: results)
            lap("handler")
            guard let finalizeArguments else { return }
            try finalize(page, entry, arguments: finalizeArguments)
            recordEffects(page)
        } catch {
            // ExchangeEnded: the stage that ended it said why.
        }
    }

    // MARK: Stages

    /// Peak memory of building a page, as a multiple of its UTF-8 size (measured on the 50 MB
    /// scaling page of `make bench`: 14.7×; small pages add the realm's fixed ~90 MB).
    static let buildMemoryFactor = 15

    /// Whether building `request`'s page fits in its memory limit: building a page takes about
    /// 14 times its size at most (the 50 MB page: 703 MB), and what cannot fit is refused
    /// rather than killed for running out of memory.
    static func pageFitsMemoryLimit(_ request: RunRequest) -> Bool {
        request.memoryLimitMegabytes <= 0
            || request.page.html.utf8.count * buildMemoryFactor <= request.memoryLimitMegabytes * 1_048_576
    }

    /// Peak memory of parsing a script, as a multiple of its UTF-8 size: JavaScriptCore parses
    /// and compiles a program's top level whole, where the watchdog cannot look (20 MB of
    /// top-level statements: 665 MB at the peak, from a 60 MB process).
    static let parseMemoryFactor = 32

    /// The largest script that can be parsed within the memory limit (nil: no limit).
    var scriptByteLimit: Int? {
        request.memoryLimitMegabytes > 0 ? request.memoryLimitMegabytes * 1_048_576 / Self.parseMemoryFactor : nil
    }

    /// Whether a script of `bytes` can be parsed within the memory limit; says why not.
    mutating func scriptFitsMemoryLimit(bytes: Int) -> Bool {
        guard let limit = scriptByteLimit, bytes > limit else { return true }
        diagnose(.memoryLimit,
                 "the script is \(bytes / 1_048_576) MB; parsing it takes up to \(bytes / 1_048_576 * Self.parseMemoryFactor) MB, over the \(request.memoryLimitMegabytes) MB limit, and cannot be stopped part way (raise it with --memory-limit)")
        return false
    }

    /// The page as Safari loaded it: its document, window and saved frames (`parsing`: its
    /// parse, when it was started before the run).
    mutating func buildPage(machine: JavaScriptVirtualMachine, prepared: PageContext.PreparedRealm? = nil,
                            parsing: BackgroundParse? = nil) throws(ExchangeEnded) -> PageContext {
        let configuration = pageConfiguration()
        lap("load")
        let memoryLimit = request.memoryLimitMegabytes * 1_048_576
        machine.memoryLimit = memoryLimit
        let needed = request.page.html.utf8.count * Self.buildMemoryFactor
        if !Self.pageFitsMemoryLimit(request) {
            throw ending(.pageTooLarge,
                         "the page is \(request.page.html.utf8.count / 1_048_576) MB of text; building it takes about \(needed / 1_048_576) MB, over the \(request.memoryLimitMegabytes) MB limit (raise it with --memory-limit)",
                         file: request.page.path)
        }
        let page: PageContext
        do {
            page = try PageContext(html: request.page.html, configuration: configuration, machine: machine, prepared: prepared,
                                   parsing: parsing)
        } catch let error as JavaScriptError {
            throw ending(.internalError, "the simulator could not build this page", error)
        } catch {
            // The bundle's completion value was not its api object.
            throw ending(.internalError, "the simulator could not build this page: \(error)")
        }
        page.javaScript.executionTimeLimit = request.timeout
        transcript.page.title = try? page.javaScript.evaluate("document.title").stringValue
        lap("build")
        return page
    }

    /// The simulated browser's settings for this request's page.
    func pageConfiguration() -> PageContext.Configuration {
        var configuration = PageContext.Configuration(url: request.page.url)
        configuration.characterSet = request.page.encoding
        configuration.contentType = request.page.mimeType
        configuration.modeLocked = request.page.parsesWithoutQuirks
        configuration.cookie = request.cookie
        configuration.confirmAnswer = request.confirmAnswer
        configuration.promptAnswer = request.promptAnswer
        // Every saved frame, nested ones too, by the URLs a page can name it with.
        var pendingFrames = request.page.frames
        while let frame = pendingFrames.popLast() {
            configuration.frames[frame.url] = frame.html
            if let contentID = frame.contentID {
                configuration.frames["cid:\(contentID)"] = frame.html
                configuration.frameURLs["cid:\(contentID)"] = frame.url
            }
            pendingFrames += frame.frames
        }
        configuration.deterministic = request.deterministic
        configuration.now = request.now
        configuration.seed = request.seed
        configuration.fixtures = request.fixtures
        // Without either the configuration's defaults are already the newest iOS's iPhone.
        if request.iOS != nil || request.device != nil {
            configuration.present(request.device ?? .iPhone, iOS: request.iOS ?? IOSCompatibility.newest)
        }
        configuration.fixedLayoutViewport = request.fixedLayoutViewport
        return configuration
    }

    /// The selection the user made before sharing.
    mutating func select(_ page: PageContext) {
        guard let selection = request.selection else { return }
        let found: Bool
        let described: String
        switch selection {
        case .text(let text, let occurrence):
            found = (try? page.selectText(text, occurrence: occurrence)) ?? false
            described = occurrence == 1 ? text : "\(text) (occurrence \(occurrence))"
        case .elementContents(let selector):
            found = (try? page.selectElementContents(selector: selector)) ?? false
            described = "contents of \(selector)"
        case .range(let startSelector, let startOffset, let endSelector, let endOffset):
            found = (try? page.selectRange(startSelector: startSelector, startOffset: startOffset,
                                           endSelector: endSelector, endOffset: endOffset)) ?? false
            described = "\(startSelector)@\(startOffset)..\(endSelector)@\(endOffset)"
        }
        transcript.selection = .init(requested: described, found: found)
        if !found {
            diagnose(.selectionNotFound, "the page has no text matching the selection '\(described)'; nothing is selected",
                     file: request.page.path)
        }
    }

    /// What runs before the script: the page's own scripts (`--page-scripts`), the pre-script.
    mutating func prepare(_ page: PageContext) throws(ExchangeEnded) {
        if request.pageScripts { runPageScripts(page) }
        guard let preScript = request.preScript else { return }
        do {
            try page.javaScript.evaluate(preScript, sourceURL: "preprocess-sim://pre-script")
        } catch {
            throw ending(.internalError, "the pre-script threw", error)
        }
    }

    /// Injects the script into the loaded page, as Safari does, and finds its entry point.
    mutating func inject(_ page: PageContext) throws(ExchangeEnded) -> EntryPoint {
        try? page.setPhase("run")
        tracer.phase = "run"
        var source: String
        if let given = request.scriptSource {
            source = given
        } else {
            do {
                source = String(decoding: try FileBytes.read(path: request.scriptPath, limit: scriptByteLimit), as: UTF8.self)
            } catch .tooLarge(let size) {
                // Refused by its size, before a byte is read.
                _ = scriptFitsMemoryLimit(bytes: size)
                throw ExchangeEnded()
            } catch {
                throw ending(.scriptUnreadable, "cannot read the preprocessing script")
            }
        }
        guard scriptFitsMemoryLimit(bytes: source.utf8.count) else { throw ExchangeEnded() }
        do {
            try page.javaScript.checkSyntax(source, sourceURL: scriptFile)
        } catch {
            throw ending(.syntaxError, "\(error.message) (Safari skips the script and the extension receives nothing)",
                         line: error.line, column: error.column ?? page.javaScript.syntaxErrorColumn(source: source, error: error), events: page)
        }
        do {
            try checkIOSSyntax(source)
        } catch {
            collectEvents(page, finalize: false)
            throw error
        }
        sources.files[scriptFile] = source
        if let pause = request.debuggerPause {
            let rewritten = DebuggerStatements.rewrite(source)
            if rewritten.count > 0 {
                DebuggerStatements.install(in: page, pause: pause)
                source = rewritten.source
            }
        }
        do {
            try page.javaScript.evaluate(source, sourceURL: scriptFile)
            tracer.record(.scriptEvaluated, "evaluated \((scriptFile as NSString).lastPathComponent) (\(source.utf8.count) bytes)",
                          location: SourceLocation(file: scriptFile, line: 1, column: 1))
        } catch {
            throw ending(.scriptThrew, "the script threw while it was being injected", error, events: page)
        }
        return try findEntryPoint(page)
    }

    /// `ExtensionPreprocessingJS` and its `run`.
    mutating func findEntryPoint(_ page: PageContext) throws(ExchangeEnded) -> EntryPoint {
        let global: JavaScriptValue
        do {
            global = try page.extensionObject()
        } catch {
            // A getter on the global that throws: Safari's call of run fails the same way.
            throw ending(.runThrew, "looking up ExtensionPreprocessingJS threw, so run was never called", error, events: page)
        }
        guard global.isObject else {
            throw ending(.missingGlobal,
                         global.isUndefined
                            ? "the script does not define ExtensionPreprocessingJS; Safari finds nothing to run and the extension receives nothing"
                            : "ExtensionPreprocessingJS is \(global.typeDescription), not an object with a run function", events: page)
        }
        let run: JavaScriptValue
        do {
            run = try global.property("run")
        } catch {
            throw ending(.runThrew, "reading ExtensionPreprocessingJS.run threw, so run was never called", error, events: page)
        }
        guard run.isFunction else {
            throw ending(.missingRun, "ExtensionPreprocessingJS has no run function (it is \(run.typeDescription)); the extension receives nothing", events: page)
        }
        return EntryPoint(global: global, run: run)
    }
}
