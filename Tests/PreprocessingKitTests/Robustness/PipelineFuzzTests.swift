import Foundation
import Testing
import TestSupport
@testable import PreprocessingKit

/// Seeded fuzzing of the whole pipeline: saved-page bytes (mutations of the html5lib inputs and
/// of real pages: truncations, random bytes, NULs, invalid UTF-8, encodings declared wrongly,
/// out-of-range character references; and hostile shapes) are loaded, parsed, built into the
/// DOM, and a script walks, serialises and reads the text of the whole tree. Every input must
/// end with a transcript in which the script completed and nothing is an error.
///
/// `make test` runs `defaultRounds`; `make fuzz` sets `PREPROCESS_SIM_FUZZ_ROUNDS` (12,000).
@Suite(.serialized) struct PipelineFuzzTests {
    static let defaultRounds = 1_200

    static let script = """
    var ExtensionPreprocessingJS = { run: function (args) {
      var all = document.querySelectorAll('*');
      var html = document.documentElement ? document.documentElement.outerHTML : '';
      var text = document.body ? document.body.innerText : '';
      var walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL), nodes = 0;
      while (walker.nextNode()) nodes++;
      var xml = new XMLSerializer().serializeToString(document);
      var clone = document.documentElement ? document.documentElement.cloneNode(true) : null;
      if (document.body) document.body.insertAdjacentHTML('beforeend', html.slice(0, 2000));
      args.completionFunction({ elements: all.length, html: html.length, text: text.length, nodes: nodes,
                                xml: xml.length, cloned: clone !== null, title: document.title });
    } };
    """

    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func seeds() -> [[UInt8]] {
        var seeds: [[UInt8]] = []
        let suite = Paths.shared.appendingPathComponent("html5lib-tests/tree-construction")
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: suite.path)) ?? []).sorted() where name.hasSuffix(".dat") {
            let text = (try? String(contentsOf: suite.appendingPathComponent(name), encoding: .utf8)) ?? ""
            for block in text.components(separatedBy: "#data\n").dropFirst() {
                if let end = block.range(of: "\n#errors") { seeds.append(Array(block[..<end.lowerBound].utf8)) }
            }
        }
        for name in ["002", "wikipedia-2", "hukumusume", "qq", "folha", "msn"] {
            guard let data = FileManager.default.contents(atPath: Paths.shared.appendingPathComponent("corpus/pages/\(name)/source.html").path) else { continue }
            var start = 0
            while start < data.count {
                seeds.append(Array(data[start..<min(data.count, start + 16_000)]))
                start += 60_000
            }
        }
        return seeds
    }

    static let splices: [String] = [
        "<meta charset=shift_jis>", "<meta charset=euc-jp>", "<meta charset=utf-16>", "<meta charset=gb18030>",
        "<meta http-equiv=content-type content='text/html; charset=windows-1251'>", "&#11111111111;", "&#x110000;",
        "&#0;", "<table><tr><td>", "<svg><foreignObject>", "<math><mi>", "<template>", "<select><option>",
        "<frameset>", "<noscript><p>", "<plaintext>", "<![CDATA[", "<!--", "<iframe srcdoc='<p>x'>", "<base href=//x/>",
        "<form><input>", "</form>", "<title>", "<script>", "<style>", "<textarea>", "\u{0}", "\u{FEFF}",
    ]

    static func mutate(_ seed: [UInt8], _ random: inout Generator) -> [UInt8] {
        var bytes = seed
        for _ in 0..<Int.random(in: 1...5, using: &random) {
            let at = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: bytes.removeSubrange(at...)
            case 1: bytes.insert(contentsOf: (0..<Int.random(in: 1...12, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }, at: at)
            case 2: bytes.insert(contentsOf: Array(splices.randomElement(using: &random)!.utf8), at: at)
            case 3: bytes.insert(contentsOf: [0, 0, 0xC3, 0x28, 0xED, 0xA0, 0x80, 0xF4, 0x90, 0x80, 0x80], at: at) // NULs, invalid UTF-8, a surrogate, past U+10FFFF
            case 4:
                let end = min(bytes.count, at + Int.random(in: 1...200, using: &random))
                if at < end { bytes.removeSubrange(at..<end) }
            default:
                let end = min(bytes.count, at + Int.random(in: 1...40, using: &random))
                if at < end { bytes.insert(contentsOf: Array(bytes[at..<end]), at: end) }
            }
        }
        return bytes
    }

    /// Runs the script on the bytes; nil when all is well, else what went wrong.
    static func problem(with bytes: [UInt8], name: String) -> String? {
        let page: LoadedPage
        do {
            page = try PageLoader.load(data: Data(bytes), path: name, options: PageLoadOptions(url: "https://example.com/fuzz.html"))
        } catch let error as PageLoadError {
            // Refusing a non-page (a PDF's bytes, say) is a diagnostic, not a failure.
            return error.code == .pageNotHTML ? nil : "\(error.code): \(error.message)"
        } catch {
            return "\(error)"
        }
        var request = RunRequest(scriptPath: "fuzz.js", scriptSource: script, page: page, handler: NoFinalizeHandler())
        request.deterministic = true
        let transcript = SimulatorHarness.run(request)
        let errors = transcript.diagnostics.filter { $0.severity == .error }
        if !transcript.completed || !errors.isEmpty {
            return "completed \(transcript.completed): \(errors.map { "\($0.code): \($0.message)" }.joined(separator: "; "))"
        }
        return nil
    }

    @Test func mutatedPagesAlwaysEndWithACompletedTranscript() throws {
        let rounds = ProcessInfo.processInfo.environment["PREPROCESS_SIM_FUZZ_ROUNDS"].flatMap(Int.init) ?? Self.defaultRounds
        var random = Generator(state: 15)
        let seeds = Self.seeds()
        try #require(seeds.count > 1_000)
        var failures: [String] = []
        for round in 0..<rounds {
            let bytes = Self.mutate(seeds.randomElement(using: &random)!, &random)
            if let problem = Self.problem(with: bytes, name: "fuzz-\(round).html") {
                failures.append("round \(round): \(problem)\n  input: \(String(decoding: bytes.prefix(300), as: UTF8.self).debugDescription)")
            }
        }
        print("pipeline fuzz: \(rounds) inputs, \(failures.count) failures")
        #expect(failures.isEmpty, "\(failures.count) of \(rounds) inputs:\n\(failures.prefix(10).joined(separator: "\n"))")
    }

    static let hostilePages: [String: () -> String] = [
        "100,000 nested divs": { String(repeating: "<div>", count: 100_000) + "x" },
        "50,000 unclosed span, b, i": { String(repeating: "<span><b><i>", count: 50_000) + "x" },
        "100,000 attributes": { "<div " + (0..<100_000).map { "a\($0)=\($0)" }.joined(separator: " ") + ">x</div>" },
        "5,000 nested tables and a frameset": { String(repeating: "<table><tr><td>", count: 5_000) + "<frameset>x" },
        "a 30 MB text node": { "<!DOCTYPE html><title>t</title><p>" + String(repeating: "word ", count: 6_000_000) },
        "one bad character reference": { "<title>A&#11111111111;B</title><p>FOO&#11111111111;bar</p>" },
    ]

    @Test(arguments: hostilePages.keys.sorted())
    func hostilePagesEndWithACompletedTranscript(name: String) {
        #expect(Self.problem(with: Array(Self.hostilePages[name]!().utf8), name: "hostile.html") == nil, "\(name)")
    }
}
