import Foundation
import JavaScriptEngine

/// One case of a suite, resolved: paths relative to the suite's folder (its working directory
/// while it runs, so transcripts and snapshots hold the same paths on every machine).
public struct SuiteCase: Codable, Equatable, Sendable {
    /// Unique in the suite; also the snapshot's file name.
    public var id: String
    /// The manifest's path, as given on the command line.
    public var suitePath: String
    /// The manifest's folder (absolute): the case's working directory.
    public var suiteDirectory: String
    /// Position in the suite, for a deterministic report order.
    public var index: Int
    public var script: String
    public var page: String
    public var settings: CaseSettings
    /// The suite allows paths outside its folder (`"allowOutside": true`): the files its
    /// fixture folders name may leave it too.
    public var allowOutside = false
    /// Why the case cannot run (its script or page does not exist): it is reported as the
    /// case's error without starting it, and the suite's other cases run.
    public var problem: String?

    /// Wall-clock seconds before the case's process (its worker) is killed.
    public var wallClockLimit: Double {
        settings.caseTimeout ?? (2 * (settings.timeout ?? 5) + (settings.handlerTimeout ?? 10) + 10)
    }

    /// The deepest folder holding the suite, the script and the page: the part of absolute
    /// paths that differs between machines.
    public var commonRoot: String {
        func absolute(_ path: String) -> [String] {
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: suiteDirectory).appendingPathComponent(path)
            return url.standardizedFileURL.deletingLastPathComponent().pathComponents
        }
        var common = URL(fileURLWithPath: suiteDirectory).standardizedFileURL.pathComponents
        for other in [absolute(script), absolute(page)] {
            var length = 0
            while length < common.count, length < other.count, common[length] == other[length] { length += 1 }
            common = Array(common.prefix(length))
        }
        return NSString.path(withComponents: common.isEmpty ? ["/"] : common)
    }

    /// `<suite-dir>/__snapshots__/<case-id>.json`.
    public var snapshotPath: String {
        URL(fileURLWithPath: suiteDirectory).appendingPathComponent("__snapshots__").appendingPathComponent(id + ".json").path
    }
}

/// An element to look up in the page after finalize.
public struct ElementProbe: Codable, Equatable, Hashable, Sendable {
    public var selector: String
    public var attribute: String?
}

/// What a probe found.
public struct ElementProbeResult: Codable, Equatable, Sendable {
    public var probe: ElementProbe
    public var exists: Bool
    public var text: String?
    public var attributeValue: String?
    /// The selector is invalid, or finalize did not run.
    public var error: String?
}

/// What the parent sends a case's process on its standard input (one per line to a worker).
public struct CaseInvocation: Codable, Sendable {
    public var suiteCase: SuiteCase
    /// Also serialise the page before the script runs (for the HTML report's before/after diff).
    public var captureInitialHTML: Bool
    /// Keep the page after finalize in the transcript (`RunRequest.recordsFinalizedHTML`): the
    /// case's expectations or snapshot read it, or a report shows it.
    public var recordFinalizedHTML = true
}

/// What a case's process prints: the transcript, plus what the expectations need from the page.
public struct CaseOutput: Codable, Equatable, Sendable {
    public var transcript: Transcript
    public var probes: [ElementProbeResult]
    /// The page's HTML as loaded, before the script ran (when asked for).
    public var initialHTML: String?

    public init(transcript: Transcript, probes: [ElementProbeResult] = [], initialHTML: String? = nil) {
        self.transcript = transcript
        self.probes = probes
        self.initialHTML = initialHTML
    }
}

/// Why a case could not run at all (a page that cannot be read, an unknown handler).
public struct CaseSetupError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Runs one case in the current process (the `__run-case` child and the `__run-cases` worker do this).
public enum CaseExecution {
    /// Test hooks, so the isolation of crashing and hanging cases can be tested without a
    /// real engine crash: when the variable names this case's id, the process aborts or hangs.
    static let abortHook = "PREPROCESS_SIM_TEST_ABORT"
    static let hangHook = "PREPROCESS_SIM_TEST_HANG"

    /// Runs the case with paths relative to the current directory (the suite's folder).
    /// A worker passes its one `simulator` to every case, so the DOM is compiled once.
    public static func run(_ invocation: CaseInvocation, simulator: Simulator = Simulator()) throws -> CaseOutput {
        let suiteCase = invocation.suiteCase
        let environment = ProcessInfo.processInfo.environment
        if environment[abortHook] == suiteCase.id { abort() }
        if environment[hangHook] == suiteCase.id { while true { sleep(60) } }

        let settings = suiteCase.settings
        let page: LoadedPage
        do {
            page = try PageLoader.load(path: suiteCase.page, options: PageLoadOptions(url: settings.url, encoding: settings.encoding, contentType: settings.contentType,
                                                                              mime: settings.mime))
        } catch let error as PageLoadError {
            throw CaseSetupError(message: "\(error.path): \(error.message) [\(error.code)]")
        }
        let handlerName = settings.finalizeArguments != nil ? "finalize-args" : (settings.handler ?? "none")
        guard let handler = BuiltInHandlers.make(handlerName, finalizeArguments: settings.finalizeArguments) else {
            throw CaseSetupError(message: "unknown handler '\(handlerName)' (built in: \(BuiltInHandlers.names.joined(separator: ", ")))")
        }
        guard FileManager.default.isReadableFile(atPath: suiteCase.script) else {
            throw CaseSetupError(message: "\(suiteCase.script): cannot read the preprocessing script [\(DiagnosticCode.scriptUnreadable)]")
        }
        var request = RunRequest(scriptPath: suiteCase.script, page: page, handler: handler, handlerName: handlerName)
        request.selection = settings.select?.requestSelection
        request.timeout = settings.timeout ?? 5
        request.handlerTimeout = settings.handlerTimeout ?? 10
        request.confirmAnswer = settings.confirm ?? false
        request.promptAnswer = settings.prompt
        request.cookie = cookieHeader(settings)
        request.deterministic = settings.deterministic ?? true
        request.recordsFinalizedHTML = invocation.recordFinalizedHTML || invocation.captureInitialHTML || (settings.expect?.readFinalizedHTML ?? false)
        if let seed = settings.seed { request.seed = seed }
        if let now = settings.now { request.now = now }
        if let version = settings.ios?.versions.first { request.iOS = try? IOSCompatibility.validated(version) }
        if let device = settings.device?.names.first { request.device = SimulatedDevice.named(device) }
        if let folder = settings.fixtures {
            do {
                request.fixtures = try NetworkFixture.folder(folder, confinement: PathConfinement(folder: suiteCase.suiteDirectory,
                                                                                                   allowsOutside: suiteCase.allowOutside))
            } catch let refusal as PathOutsideFolder {
                throw CaseSetupError(message: "\(folder.escapingControlCharacters)/fixtures.json: \(refusal)")
            } catch {
                throw CaseSetupError(message: "\(folder): cannot read the network fixtures: \(error)")
            }
        }

        var output = CaseOutput(transcript: simulator.run(request))
        if invocation.captureInitialHTML {
            output.initialHTML = try? PageContext(html: page.html, configuration: .init(url: page.url), machine: simulator.machine).documentHTML()
        }
        let probes = Array(Set((settings.expect?.finalize?.elements ?? []).map(\.probe))).sorted { ($0.selector, $0.attribute ?? "") < ($1.selector, $1.attribute ?? "") }
        if !probes.isEmpty {
            output.probes = lookUp(probes, html: output.transcript.finalize.html, url: page.url, machine: simulator.machine)
        }
        return output
    }

    static func cookieHeader(_ settings: CaseSettings) -> String {
        var parts: [String] = []
        if let cookie = settings.cookie, !cookie.isEmpty { parts.append(cookie) }
        for (name, value) in (settings.cookies ?? [:]).sorted(by: { $0.key < $1.key }) { parts.append("\(name)=\(value)") }
        return parts.joined(separator: "; ")
    }

    /// Parses the HTML after finalize again and looks each probe up in it.
    static func lookUp(_ probes: [ElementProbe], html: String?, url: String, machine: JavaScriptVirtualMachine) -> [ElementProbeResult] {
        guard let html else {
            return probes.map { ElementProbeResult(probe: $0, exists: false, error: "finalize did not run, so there is no page after finalize") }
        }
        let context: PageContext
        do {
            context = try PageContext(html: html, configuration: .init(url: url), machine: machine)
        } catch {
            return probes.map { ElementProbeResult(probe: $0, exists: false, error: "the page after finalize could not be built: \(error)") }
        }
        return probes.map { probe in
            let encoder = JSONEncoder()
            let arguments = (try? encoder.encode([probe.selector, probe.attribute ?? ""])).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
            let source = """
            (function(a) { var e = document.querySelector(a[0]); if (!e) return JSON.stringify({exists: false});
              return JSON.stringify({exists: true, text: e.textContent, value: a[1] ? e.getAttribute(a[1]) : null}); })(\(arguments))
            """
            do {
                let json = try context.javaScript.evaluate(source, sourceURL: "preprocess-sim://probe").stringValue
                let found = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] ?? [:]
                return ElementProbeResult(probe: probe, exists: found["exists"] as? Bool ?? false,
                                          text: found["text"] as? String, attributeValue: found["value"] as? String)
            } catch {
                return ElementProbeResult(probe: probe, exists: false, error: "\(error)")
            }
        }
    }
}
