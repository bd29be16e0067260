import Foundation

/// `preprocess-sim survey`: one script on every kind of document Safari can hand it (an article,
/// a page without title or body tags, a frameset, an empty page, cross-origin frames, an SVG, an
/// XHTML page, a text file, an image, a video), on each iOS version from the extension's
/// deployment target on, as suite cases run by the suite runner; and what became of each run.
///
/// The documents ship with the tool (`documents`): `writeDocuments` puts them in a folder, so a
/// survey needs nothing but the script.
public enum Survey {
    /// One document the survey runs the script on.
    public struct Document: Sendable {
        /// The case's name: what kind of document it is.
        public var id: String
        public var fileName: String
        /// The MIME type Safari would have it with (nil: HTML, by its name).
        public var mime: String?
        public var bytes: [UInt8]

        public var url: String { "https://example.com/survey/\(fileName)" }
    }

    static let articleHTML = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>How to keep a sourdough starter</title>
        <meta property="og:title" content="How to keep a sourdough starter">
        <meta name="description" content="Feed it, keep it warm, use it often.">
        <link rel="canonical" href="https://example.com/survey/article.html"></head>
        <body><header><nav><a href="/">Home</a> <a href="/baking">Baking</a></nav></header>
        <main><article><h1>How to keep a sourdough starter</h1>
        <p class="byline">By A. Baker</p>
        <p>A starter is flour and water that wild yeast and bacteria have made their home.</p>
        <p>Feed it <strong>every day</strong> at room temperature, or once a week from the fridge.</p>
        <img src="/img/starter.jpg" alt="A jar of bubbling starter" width="600" height="400">
        </article></main><footer><p>© Example Bakery</p></footer></body></html>

        """

    /// A 40×30 red PNG: the image document's picture.
    static let pictureBase64 = "iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAYAAABe3VzdAAAABHNCSVQICAgIfAhkiAAAADxJREFUWIXtzjEBgDAQALEH/54fCQw3tEOiIM/O7FzsPR34I1gJVoKVYCVYCVaClWAlWAlWgpVgJVgJVh/cdAI6Yu4o3gAAAABJRU5ErkJggg=="

    /// The documents, in the order the report lists them.
    public static let documents: [Document] = [
        Document(id: "article", fileName: "article.html", mime: nil, bytes: Array(articleHTML.utf8)),
        Document(id: "no-title-or-body", fileName: "fragment.html", mime: nil,
                 bytes: Array("<p>A page that is only a paragraph: no <code>&lt;title&gt;</code>, no <code>&lt;body&gt;</code> tag.\n".utf8)),
        Document(id: "frameset", fileName: "frameset.html", mime: nil, bytes: Array("""
            <!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Frameset//EN"><html><head><title>Docs</title></head>
            <frameset cols="25%,75%"><frame src="https://example.com/survey/toc.html" name="toc"><frame src="https://example.com/survey/intro.html" name="main"></frameset></html>

            """.utf8)),
        Document(id: "empty", fileName: "empty.html", mime: nil, bytes: []),
        Document(id: "cross-origin-frames", fileName: "embeds.html", mime: nil, bytes: Array("""
            <!DOCTYPE html><html><head><title>A video and a map</title></head><body><p>The talk, then where it was.</p>
            <iframe src="https://video.other.example/embed/42" width="560" height="315"></iframe>
            <iframe src="https://maps.other.example/?q=hall" width="560" height="315"></iframe></body></html>

            """.utf8)),
        Document(id: "svg", fileName: "logo.svg", mime: "image/svg+xml", bytes: Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 40 30"><title>Logo</title><rect width="40" height="30" fill="red"/></svg>

            """.utf8)),
        Document(id: "xhtml", fileName: "chapter.xhtml", mime: "application/xhtml+xml", bytes: Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><title>Chapter 1</title></head>
            <body><h1>Chapter 1</h1><p>It was a dark night.<br/>The end.</p></body></html>

            """.utf8)),
        Document(id: "text", fileName: "notes.txt", mime: "text/plain",
                 bytes: Array("Shopping list\n- flour\n- <b>rye</b> & water\n".utf8)),
        Document(id: "image", fileName: "photo.png", mime: "image/png", bytes: [UInt8](Data(base64Encoded: pictureBase64) ?? Data())),
        // The media document does not read the file: a container's first box is enough.
        Document(id: "video", fileName: "clip.mp4", mime: "video/mp4",
                 bytes: [0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [0, 0, 0, 0] + Array("mp42isom".utf8)),
    ]

    /// Writes the documents into `folder` (made if missing).
    public static func writeDocuments(to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for document in documents {
            try Data(document.bytes).write(to: folder.appendingPathComponent(document.fileName))
        }
    }

    /// The iOS versions a survey runs on: the first release of each major version in the
    /// compatibility data from `target`'s on (none: current Safari only).
    public static func versions(from target: IOSVersion?) -> [IOSVersion] {
        guard let target else { return [] }
        var majors: Set<Int> = []
        return IOSCompatibility.releases.filter { $0.major >= target.major && majors.insert($0.major).inserted }
    }

    /// The suite cases of a survey of `script` (absolute) over the documents in `folder`: one
    /// per document and iOS version, each expected to complete.
    public static func cases(script: String, folder: String, versions: [IOSVersion], timeout: Double? = nil) throws -> [SuiteCase] {
        var expect = CaseExpectations()
        expect.completed = true
        let entries = documents.map { document in
            var settings = CaseSettings()
            settings.url = document.url
            settings.mime = document.mime
            settings.timeout = timeout
            settings.expect = expect
            if !versions.isEmpty { settings.ios = IOSVersionList(versions.map(\.description)) }
            return SuiteManifest.CaseEntry(id: document.id, script: script, page: document.fileName, settings: settings)
        }
        let manifest = SuiteManifest(version: SuiteLoader.supportedVersion, scripts: nil, pages: nil, matrix: false, allowOutside: true,
                                     defaults: nil, cases: entries)
        return try SuiteLoader.cases(of: manifest, path: "survey", directory: folder)
    }

    /// What became of the script on one document.
    public struct Outcome: Equatable, Sendable {
        public enum Verdict: String, Sendable {
            case completes
            /// Completed, but some values did not survive the conversion to a property list.
            case losesValues = "loses values"
            case `throws`
            case neverCompletes = "never calls completionFunction"
            case fails
            /// The document could not be loaded, or the case's process crashed or hung.
            case error
        }

        public var verdict: Verdict
        /// The exception with its place, the lost values' key paths, or the failure.
        public var detail: String
        /// What the extension receives, as JSON (cut at 100 characters).
        public var receives: String
    }

    /// The outcome of one survey case.
    public static func outcome(of result: CaseResult) -> Outcome {
        guard let transcript = result.output?.transcript else {
            return Outcome(verdict: .error, detail: result.failures.map(\.message).joined(separator: "; "), receives: "")
        }
        let receives = transcript.completed ? String(json(transcript.results).prefix(100)) : ""
        let errors = transcript.diagnostics.filter { $0.severity == .error }
        let thrown: Set<String> = [DiagnosticCode.runThrew.rawValue, DiagnosticCode.scriptThrew.rawValue, DiagnosticCode.syntaxError.rawValue,
                                   DiagnosticCode.uncaughtException.rawValue, DiagnosticCode.missingGlobal.rawValue, DiagnosticCode.missingRun.rawValue]
        if let exception = errors.first(where: { thrown.contains($0.code) }) {
            return Outcome(verdict: .throws, detail: place(exception), receives: receives)
        }
        if !transcript.completed {
            let why = errors.first.map { "\($0.code): \($0.message)" } ?? "completionFunction was never called"
            return Outcome(verdict: .neverCompletes, detail: why, receives: "")
        }
        if let error = errors.first {
            return Outcome(verdict: .fails, detail: "\(error.code): \(error.message)", receives: receives)
        }
        let lost = transcript.diagnostics.filter { $0.code == DiagnosticCode.notPlistValue.rawValue }
        if !lost.isEmpty {
            return Outcome(verdict: .losesValues, detail: lost.map(\.message).joined(separator: "; "), receives: receives)
        }
        return Outcome(verdict: .completes, detail: "", receives: receives)
    }

    /// What the extension receives, as compact JSON with sorted keys.
    static func json(_ value: PropertyListValue?) -> String {
        guard let value else { return "null" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// `message (file:line:column)`.
    static func place(_ diagnostic: Diagnostic) -> String {
        guard let file = diagnostic.file else { return diagnostic.message }
        let name = (file as NSString).lastPathComponent
        let position = [diagnostic.line, diagnostic.column].compactMap { $0 }.map(String.init).joined(separator: ":")
        return "\(diagnostic.message) (\(name)\(position.isEmpty ? "" : ":" + position))"
    }
}
