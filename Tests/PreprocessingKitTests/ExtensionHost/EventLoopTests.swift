import Foundation
import Testing
@testable import PreprocessingKit

/// The event loop on a virtual clock, determinism, the offline network, page scripts.
@Suite struct EventLoopTests {
    /// A page at https://example.com/edge/page.html whose own script dispatches `page-ready`
    /// 100 ms after it runs.
    static let pageHTML = """
    <html><head><title>Event loop</title>
    <script>window.pageValue = 42; setTimeout(function () { document.dispatchEvent(new CustomEvent("page-ready", {detail: "ready"})); }, 100);</script>
    </head><body><p>Hello</p></body></html>
    """

    static func page() throws -> LoadedPage {
        var options = PageLoadOptions()
        options.url = "https://example.com/edge/page.html"
        return try PageLoader.load(data: Data(pageHTML.utf8), path: "page.html", options: options)
    }

    static func run(_ script: String, configure: (inout RunRequest) -> Void = { _ in }) throws -> Transcript {
        var request = RunRequest(scriptPath: "script.js", scriptSource: script, page: try page())
        configure(&request)
        return Simulator().run(request)
    }

    static func fixture(_ url: String, _ text: String, headers: [String: String] = [:]) -> NetworkFixture {
        NetworkFixture(url: url, headers: headers, body: Data(text.utf8))
    }

    func codes(_ transcript: Transcript) -> [String] { transcript.diagnostics.map(\.code) }

    @Test func aTwentySecondTimeoutCompletesAtOnceOnTheVirtualClock() throws {
        let started = Date()
        let transcript = try Self.run("""
            var ExtensionPreprocessingJS = { run: function (a) {
              var t0 = Date.now();
              setTimeout(function () { a.completionFunction({ waited: Date.now() - t0, perf: performance.now() >= 20000 }); }, 20000);
            } };
            """)
        // Not a speed check: a real 20 s wait would take 20 s; the bound leaves room for a busy machine.
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(transcript.results == .dictionary(["waited": .real(20000), "perf": .boolean(true)]))
        #expect(codes(transcript).isEmpty)
    }

    @Test func promiseAllOverTwoFixtureFetchesCompletes() throws {
        let transcript = try Self.run("""
            var ExtensionPreprocessingJS = { run: function (a) {
              Promise.all([fetch("/api/one.json").then(function (r) { return r.json(); }),
                           fetch("https://api.other.org/two.txt").then(function (r) { return r.text(); })])
                .then(function (v) { a.completionFunction({ one: v[0].one, two: v[1] }); },
                      function (e) { a.completionFunction({ error: String(e) }); });
            } };
            """) { request in
            request.fixtures = [Self.fixture("https://example.com/api/one.json", #"{"one": 1}"#),
                                Self.fixture("https://api.other.org/two.txt", "two", headers: ["Access-Control-Allow-Origin": "*"])]
        }
        #expect(transcript.results == .dictionary(["one": .real(1), "two": .string("two")]))
        #expect(transcript.requests.map(\.outcome) == ["fixture", "fixture"])
        #expect(transcript.requests.map(\.crossOrigin) == [false, true])
    }

    @Test func crossOriginFetchWithoutAllowOriginFailsAsWebKitDoes() throws {
        let transcript = try Self.run("""
            var ExtensionPreprocessingJS = { run: function (a) {
              fetch("https://api.other.org/two.txt").then(function () { a.completionFunction({ ok: true }); },
                function (e) { a.completionFunction({ error: e.name + ": " + e.message }); });
            } };
            """) { $0.fixtures = [Self.fixture("https://api.other.org/two.txt", "two")] }
        #expect(transcript.results == .dictionary(["error": .string("TypeError: Load failed")]))
        #expect(transcript.requests.first?.outcome == "cors-blocked")
        #expect(transcript.console.last?.text == "Fetch API cannot load https://api.other.org/two.txt due to access control checks.")
    }

    @Test func sameOriginFetchCarriesTheCookie() throws {
        let transcript = try Self.run("""
            var ExtensionPreprocessingJS = { run: function (a) {
              fetch("/api/one.json").then(function () { a.completionFunction({}); });
            } };
            """) { request in
            request.cookie = "session=abc"
            request.fixtures = [Self.fixture("https://example.com/api/one.json", "{}")]
        }
        #expect(transcript.requests.first?.cookie == "session=abc")
    }

    @Test func completesAfterAnEventDispatchedByAPageScript() throws {
        let transcript = try Self.run("""
            var ExtensionPreprocessingJS = { run: function (a) {
              document.addEventListener("page-ready", function (e) { a.completionFunction({ detail: e.detail, value: window.pageValue }); });
            } };
            """) { $0.pageScripts = true }
        #expect(transcript.results == .dictionary(["detail": .string("ready"), "value": .real(42)]))
        #expect(codes(transcript).isEmpty)
    }

    @Test func pageScriptsDoNotRunByDefault() throws {
        let transcript = try Self.run("""
            var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ value: String(window.pageValue) }); } };
            """)
        #expect(transcript.results == .dictionary(["value": .string("undefined")]))
    }

    @Test func neverCalledWithNothingPendingSaysSo() throws {
        let transcript = try Self.run("var ExtensionPreprocessingJS = { run: function (a) {} };")
        let diagnostic = try #require(transcript.diagnostics.first { $0.code == "completion-not-called" })
        #expect(diagnostic.message.contains("nothing is left"))
        #expect(!transcript.completed)
    }

    @Test func anIntervalThatNeverStopsEndsAtTheVirtualBudget() throws {
        let started = Date()
        let transcript = try Self.run("""
            var ticks = 0;
            var ExtensionPreprocessingJS = { run: function (a) { setInterval(function () { ticks++; }, 1000); } };
            """)
        // 60 virtual seconds of a 1 s interval must not take real minutes.
        #expect(Date().timeIntervalSince(started) < 20)
        let diagnostic = try #require(transcript.diagnostics.first { $0.code == "completion-not-called" })
        #expect(diagnostic.message.contains("only setInterval timers"))
        #expect(transcript.clock?.runEnded == 60_000)
    }

    @Test func aTimerBeyondTheVirtualBudgetSaysSo() throws {
        let transcript = try Self.run("""
            var ExtensionPreprocessingJS = { run: function (a) { setTimeout(function () { a.completionFunction({}); }, 120000); } };
            """) { $0.virtualTimeBudget = 1000 }
        let diagnostic = try #require(transcript.diagnostics.first { $0.code == "completion-not-called" })
        #expect(diagnostic.message.contains("within 1 s of virtual time"))
    }

    @Test func aSecondCallIsAWarningAndTheFirstWinsAsInWebKit() throws {
        // The oracle (Fixtures/oracle/edge, called-twice) shows WebKit keeps the first value too.
        let transcript = try Self.run("""
            var ExtensionPreprocessingJS = { run: function (a) {
              a.completionFunction({ call: 1 });
              setTimeout(function () { a.completionFunction({ call: 2 }); }, 0);
            } };
            """)
        #expect(transcript.results == .dictionary(["call": .real(1)]))
        #expect(transcript.completionCalls == 2)
        #expect(codes(transcript) == ["completion-called-twice"])
    }

    @Test func anUnhandledRejectionIsADiagnostic() throws {
        let transcript = try Self.run("""
            var ExtensionPreprocessingJS = { run: function (a) {
              Promise.reject(new RangeError("nobody listens"));
              setTimeout(function () { a.completionFunction({}); }, 10);
            } };
            """)
        let diagnostic = try #require(transcript.diagnostics.first { $0.code == "unhandled-rejection" })
        #expect(diagnostic.message.hasSuffix("RangeError: nobody listens"))
        #expect(transcript.completed)
    }

    @Test func syncXHRWithAndWithoutAFixture() throws {
        let transcript = try Self.run("""
            var ExtensionPreprocessingJS = { run: function (a) {
              var out = {};
              var x = new XMLHttpRequest(); x.open("GET", "/api/one.json", false); x.send();
              out.status = x.status; out.text = x.responseText;
              var y = new XMLHttpRequest(); y.open("GET", "/missing", false);
              try { y.send(); } catch (e) { out.error = e.name + ": " + e.message; }
              a.completionFunction(out);
            } };
            """) { $0.fixtures = [Self.fixture("https://example.com/api/one.json", "one")] }
        #expect(transcript.results == .dictionary(["status": .real(200), "text": .string("one"),
                                                   "error": .string("NetworkError: A network error occurred.")]))
        #expect(transcript.requests.map(\.api) == ["xhr-sync", "xhr-sync"])
        #expect(transcript.requests.map(\.outcome) == ["fixture", "offline"])
    }

    /// https://xhr.spec.whatwg.org/#document-response: an XML response is an XMLDocument, one that
    /// is not well-formed gives null, an HTML one a document only for responseType "document".
    @Test func responseXMLParsesXMLResponsesAsXML() throws {
        let transcript = try Self.run("""
            var ExtensionPreprocessingJS = { run: function (a) {
              function get(url, type) { var x = new XMLHttpRequest(); x.open("GET", url, false); if (type) x.responseType = type; x.send(); return x; }
              var feed = get("/feed.rss"), broken = get("/broken.xml"), html = get("/page.html"), doc = get("/page.html", "document");
              var xml = feed.responseXML;
              a.completionFunction({ kind: Object.prototype.toString.call(xml), type: xml.contentType, title: xml.querySelector("title").textContent,
                same: feed.responseXML === xml, broken: broken.responseXML, html: html.responseXML, htmlDocument: doc.responseXML.title });
            } };
            """) {
            $0.fixtures = [Self.fixture("https://example.com/feed.rss", "<rss><channel><title>News</title></channel></rss>", headers: ["Content-Type": "application/rss+xml"]),
                           Self.fixture("https://example.com/broken.xml", "<a><b></a>", headers: ["Content-Type": "text/xml"]),
                           Self.fixture("https://example.com/page.html", "<title>Page</title>", headers: ["Content-Type": "text/html"])]
        }
        #expect(transcript.results == .dictionary(["kind": .string("[object XMLDocument]"), "type": .string("application/rss+xml"),
                                                   "title": .string("News"), "same": .boolean(true), "broken": .null, "html": .null,
                                                   "htmlDocument": .string("Page")]))
    }

    @Test func asyncXHRWithoutAFixtureFiresError() throws {
        let transcript = try Self.run("""
            var ExtensionPreprocessingJS = { run: function (a) {
              var x = new XMLHttpRequest(); x.open("GET", "https://example.com/data");
              x.onerror = function () { a.completionFunction({ readyState: x.readyState, status: x.status }); };
              x.send();
            } };
            """)
        #expect(transcript.results == .dictionary(["readyState": .real(4), "status": .real(0)]))
    }

    /// The window's properties and the event loop are installed with the realm, before its page
    /// is known (a worker prepares the next realm while idle): each page still gets its own values.
    @Test func aPreparedRealmTakesEachPagesOwnWindowAndClock() throws {
        let script = """
            var ExtensionPreprocessingJS = { run: function (a) {
              a.completionFunction({ href: location.href, origin: origin, start: performance.timing.navigationStart,
                now: Date.now(), confirmed: confirm("go?"), secure: isSecureContext, width: innerWidth, beacon: typeof navigator.sendBeacon });
            } };
            """
        let simulator = Simulator()
        var results: [[String: PropertyListValue]] = []
        for (url, now, confirm) in [("https://example.com/a", 1_000_000.0, true), ("http://other.example/b", 2_000_000.0, false)] {
            var options = PageLoadOptions()
            options.url = url
            var request = RunRequest(scriptPath: "script.js", scriptSource: script,
                                     page: try PageLoader.load(data: Data(Self.pageHTML.utf8), path: "page.html", options: options))
            request.deterministic = true
            request.now = now
            request.confirmAnswer = confirm
            results.append(try #require(simulator.run(request).results?.dictionaryValue))
            simulator.prepareForNextRun()
        }
        #expect(results[0]["href"] == .string("https://example.com/a"))
        #expect(results[0]["origin"] == .string("https://example.com"))
        #expect(results[0]["start"] == .real(1_000_000) && results[0]["now"] == .real(1_000_000))
        #expect(results[0]["confirmed"] == .boolean(true) && results[0]["secure"] == .boolean(true))
        #expect(results[1]["href"] == .string("http://other.example/b"))
        #expect(results[1]["origin"] == .string("http://other.example"))
        #expect(results[1]["start"] == .real(2_000_000) && results[1]["now"] == .real(2_000_000))
        #expect(results[1]["confirmed"] == .boolean(false) && results[1]["secure"] == .boolean(false))
        for result in results {
            #expect(result["width"] == .real(980)) // the page has no viewport tag
            #expect(result["beacon"] == .string("function"))
        }
    }

    /// A one-page process makes its simulator and realm on another thread while it reads its
    /// inputs, and parses the page while waiting for them (`Simulator.Preparing`): the run is
    /// the one `Simulator().run` gives, from a realm made before the page; a page over the
    /// memory limit is refused as before, never parsed.
    @Test func aSimulatorMadeWhileTheInputsAreReadRunsAsAnyOther() throws {
        let script = """
            var ExtensionPreprocessingJS = { run: function (a) {
              setTimeout(function () { a.completionFunction({ title: document.title, text: document.body.textContent, value: window.pageValue, url: document.URL }); }, 5);
            } };
            """
        var request = RunRequest(scriptPath: "script.js", scriptSource: script, page: try Self.page())
        request.deterministic = true
        let expected = Simulator().run(request)
        let transcript = Simulator.Preparing().run(request)
        #expect(transcript.completed && transcript.results == expected.results)
        #expect(transcript.results?.dictionaryValue?["text"] == .string("Hello"))
        #expect(transcript.diagnostics.map(\.code) == expected.diagnostics.map(\.code))
        request.deterministic = false
        let timed = Simulator.Preparing().run(request)
        #expect(timed.timings["build.bundle.prepared"] != nil)
        request.memoryLimitMegabytes = 1
        request.page = try PageLoader.load(data: Data(String(repeating: "<p>x</p>", count: 20_000).utf8), path: "big.html", options: PageLoadOptions())
        let refused = Simulator.Preparing().run(request)
        #expect(!refused.completed && refused.diagnostics.contains { $0.code == DiagnosticCode.pageTooLarge.rawValue })
    }

    @Test func deterministicRunsGiveIdenticalJSON() throws {
        let script = """
            var ExtensionPreprocessingJS = { run: function (a) {
              var bytes = crypto.getRandomValues(new Uint8Array(4));
              setTimeout(function () { a.completionFunction({ now: Date.now(), random: Math.random(), bytes: Array.from(bytes).join(","), uuid: crypto.randomUUID() }); }, 5);
            } };
            """
        let first = try Self.run(script) { $0.deterministic = true; $0.seed = 7 }
        let second = try Self.run(script) { $0.deterministic = true; $0.seed = 7 }
        #expect(JSONReport.render(first) == JSONReport.render(second))
        let results = try #require(first.results?.dictionaryValue)
        #expect(results["now"] == .real(PageContext.defaultNow + 5))
        let other = try Self.run(script) { $0.deterministic = true; $0.seed = 8 }
        #expect(other.results?.dictionaryValue?["random"] != results["random"])
    }

    @Test func aFixturelessFetchOpensNoSocket() throws {
        // A listener on a local port would see a connection if fetch reached the network.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        try #require(bound && listen(listener, 4) == 0)
        let port = Int(UInt16(bigEndian: address.sin_port))
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
        let transcript = try Self.run("""
            var ExtensionPreprocessingJS = { run: function (a) {
              fetch("http://127.0.0.1:\(port)/probe").then(function () { a.completionFunction({ ok: true }); },
                function (e) { a.completionFunction({ error: String(e) }); });
            } };
            """)
        #expect(transcript.results == .dictionary(["error": .string("TypeError: Load failed")]))
        #expect(transcript.requests.first?.outcome == "offline")
        usleep(100_000)
        #expect(accept(listener, nil, nil) < 0, "fetch opened a connection to the local listener")
    }
}
