import Foundation
import Testing
import TestSupport
@testable import PreprocessingKit

/// The layout viewport Safari on iOS gives a page (DOM/js/viewport.js): 980 CSS pixels wide
/// without a viewport tag, the tag's width, initial scale and limits otherwise, and on an iPad
/// asking for desktop pages WebKit's desktop-class rule. WebKitGTK has no such viewport, so the
/// expected values are WebKit's ViewportConfiguration worked by hand for each screen (iPhone
/// 390 × 844, iPad 820 × 1180), as the comments show.
@Suite struct LayoutViewportTests {
    /// Everything a page can read of its viewport, one run.
    static let probe = """
        var ExtensionPreprocessingJS = { run: function (args) {
          // visualViewport is hidden before iOS 13 (browser-compat-data api.VisualViewport).
          var root = document.documentElement, box = document.getElementById("box"), vv = window.visualViewport || {};
          var queries = {};
          ["(max-width: 500px)", "(min-width: 900px)", "(orientation: portrait)", "(device-width: 390px)",
           "(device-height: 844px)", "(device-width: 820px)", "(-webkit-device-pixel-ratio: 3)",
           "(-webkit-min-device-pixel-ratio: 2)", "(resolution: 2dppx)", "(min-resolution: 3dppx)"].forEach(function (q) {
            queries[q] = matchMedia(q).matches;
          });
          args.completionFunction({ innerWidth: innerWidth, innerHeight: innerHeight,
            clientWidth: root.clientWidth, clientHeight: root.clientHeight,
            visualWidth: vv.width, visualHeight: vv.height, scale: vv.scale,
            offsetLeft: vv.offsetLeft, offsetTop: vv.offsetTop, pageLeft: vv.pageLeft, pageTop: vv.pageTop,
            screenWidth: screen.width, screenHeight: screen.height, outerWidth: outerWidth,
            boxWidth: box ? box.getBoundingClientRect().width : null, text: document.body.innerText, queries: queries });
        } };
        """

    struct Viewport: Equatable, CustomStringConvertible {
        var innerWidth: Double, innerHeight: Double, clientWidth: Double, clientHeight: Double, scale: Double
        var description: String { "\(innerWidth)×\(innerHeight) client \(clientWidth)×\(clientHeight) scale \(scale)" }
    }

    /// A page whose head holds `head` (viewport tags), with a full-width block and a style sheet
    /// that shows "narrow" or "wide" by the layout width.
    static func page(_ head: String) -> String {
        """
        <!DOCTYPE html><html><head>\(head)<style>@media (max-width: 500px) { .wide { display: none } }
        @media (min-width: 501px) { .narrow { display: none } }</style></head>
        <body><div id=box>x</div><p class=narrow>narrow</p><p class=wide>wide</p></body></html>
        """
    }

    static func run(_ html: String, device: SimulatedDevice? = nil, ios: String? = nil,
                    sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [String: PropertyListValue] {
        let page = try PageLoader.load(data: Data(html.utf8), path: "page.html", options: PageLoadOptions())
        var request = RunRequest(scriptPath: "probe.js", scriptSource: probe, page: page)
        request.deterministic = true
        request.device = device
        if let ios { request.iOS = try IOSCompatibility.validated(ios) }
        let transcript = SimulatorHarness.run(request)
        guard case .dictionary(let values)? = transcript.results else {
            Issue.record("no results: \(transcript.diagnostics.map(\.message))", sourceLocation: sourceLocation)
            return [:]
        }
        return values
    }

    static func viewport(_ head: String, device: SimulatedDevice? = nil, ios: String? = nil,
                         sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Viewport {
        let values = try run(page(head), device: device, ios: ios, sourceLocation: sourceLocation)
        func number(_ key: String) -> Double {
            if case .real(let value)? = values[key] { return value }
            return .nan
        }
        // Scales compared to four decimals: the rule divides screen sizes by rounded layout sizes.
        return Viewport(innerWidth: number("innerWidth"), innerHeight: number("innerHeight"),
                        clientWidth: number("clientWidth"), clientHeight: number("clientHeight"),
                        scale: (number("scale") * 10_000).rounded() / 10_000)
    }

    static func tag(_ content: String) -> String { "<meta name=\"viewport\" content=\"\(content)\">" }

    /// No tag: webpageParameters, 980 wide; the height keeps the screen's proportion
    /// (844 × 980 / 390 = 2120.8 → 2121), and the initial scale fits the width (390 / 980).
    @Test func withoutATagThePageIs980Wide() throws {
        let values = try Self.run(Self.page(""))
        #expect(values["innerWidth"] == .real(980))
        #expect(values["innerHeight"] == .real(2121))
        #expect(values["clientWidth"] == .real(980))
        #expect(values["clientHeight"] == .real(2121))
        #expect(values["visualWidth"] == .real(980))
        #expect(values["scale"] == .real(390.0 / 980.0))
        #expect(values["offsetLeft"] == .real(0) && values["offsetTop"] == .real(0))
        #expect(values["pageLeft"] == .real(0) && values["pageTop"] == .real(0))
        // The initial containing block: a block fills 980 less the body's 8 px margins.
        #expect(values["boxWidth"] == .real(964))
        // screen and outerWidth stay the device's.
        #expect(values["screenWidth"] == .real(390) && values["screenHeight"] == .real(844))
        #expect(values["outerWidth"] == .real(390))
        // The style sheet's (max-width: 500px) does not match at 980.
        guard case .string(let text)? = values["text"] else { Issue.record("no text"); return }
        #expect(text.hasSuffix("wide") && !text.contains("narrow"))
    }

    @Test func deviceWidthIsTheScreensWidth() throws {
        let values = try Self.run(Self.page(Self.tag("width=device-width, initial-scale=1")))
        #expect(values["innerWidth"] == .real(390))
        #expect(values["innerHeight"] == .real(844))
        #expect(values["clientWidth"] == .real(390))
        #expect(values["scale"] == .real(1))
        #expect(values["boxWidth"] == .real(374))
        guard case .string(let text)? = values["text"] else { Issue.record("no text"); return }
        #expect(text.hasSuffix("narrow") && !text.contains("wide"))
    }

    /// The same media query answers differently with and without the tag, in matchMedia and in
    /// the page's style sheets; device-width, orientation and the pixel ratio are the device's.
    @Test func mediaQueriesFollowTheLayoutViewport() throws {
        guard case .dictionary(let none)? = try Self.run(Self.page(""))["queries"],
              case .dictionary(let fitted)? = try Self.run(Self.page(Self.tag("width=device-width")))["queries"],
              case .dictionary(let pad)? = try Self.run(Self.page(""), device: .iPad)["queries"] else {
            Issue.record("no queries")
            return
        }
        #expect(none["(max-width: 500px)"] == .boolean(false))
        #expect(fitted["(max-width: 500px)"] == .boolean(true))
        #expect(none["(min-width: 900px)"] == .boolean(true))
        #expect(fitted["(min-width: 900px)"] == .boolean(false))
        for queries in [none, fitted] {
            #expect(queries["(orientation: portrait)"] == .boolean(true))
            #expect(queries["(device-width: 390px)"] == .boolean(true))
            #expect(queries["(device-height: 844px)"] == .boolean(true))
            #expect(queries["(-webkit-device-pixel-ratio: 3)"] == .boolean(true))
            #expect(queries["(min-resolution: 3dppx)"] == .boolean(true))
            #expect(queries["(resolution: 2dppx)"] == .boolean(false))
        }
        #expect(pad["(device-width: 820px)"] == .boolean(true))
        #expect(pad["(device-width: 390px)"] == .boolean(false))
        #expect(pad["(resolution: 2dppx)"] == .boolean(true))
        #expect(pad["(-webkit-min-device-pixel-ratio: 2)"] == .boolean(true))
        #expect(pad["(-webkit-device-pixel-ratio: 3)"] == .boolean(false))
    }

    /// ViewportConfiguration's rules on the iPhone's 390 × 844 screen, one tag each.
    @Test(arguments: [
        // width=600: 600 wide, 844 × 600 / 390 = 1298 high; the fitting scale 390/600 = 0.65
        // would leave 1298 × 0.65 = 843.7 of 844 uncovered, so the scale is 844 / 1298.
        ("width=600", Viewport(innerWidth: 600, innerHeight: 1298, clientWidth: 600, clientHeight: 1298, scale: 0.6502)),
        // A unit after the number is dropped (the numeric prefix is read).
        ("width=600px", Viewport(innerWidth: 600, innerHeight: 1298, clientWidth: 600, clientHeight: 1298, scale: 0.6502)),
        ("width=device-width", Viewport(innerWidth: 390, innerHeight: 844, clientWidth: 390, clientHeight: 844, scale: 1)),
        // initial-scale alone: the screen over the scale.
        ("initial-scale=1", Viewport(innerWidth: 390, innerHeight: 844, clientWidth: 390, clientHeight: 844, scale: 1)),
        ("initial-scale=2", Viewport(innerWidth: 195, innerHeight: 422, clientWidth: 195, clientHeight: 422, scale: 2)),
        ("initial-scale=0.5", Viewport(innerWidth: 780, innerHeight: 1688, clientWidth: 780, clientHeight: 1688, scale: 0.5)),
        // initial-scale is clamped to the maximum scale, 5: 390 / 5 = 78.
        ("initial-scale=20", Viewport(innerWidth: 78, innerHeight: 169, clientWidth: 78, clientHeight: 169, scale: 5)),
        // A width with a scale that cannot show it on the screen: the screen over the scale wins.
        ("width=200, initial-scale=1", Viewport(innerWidth: 390, innerHeight: 844, clientWidth: 390, clientHeight: 844, scale: 1)),
        ("width=1200, initial-scale=1", Viewport(innerWidth: 390, innerHeight: 844, clientWidth: 1200, clientHeight: 2597, scale: 1)),
        // Widths are clamped to 10…10000; 10 px zoomed to the maximum scale (5) does not cover
        // the screen, so the width is the screen over 5.
        ("width=5", Viewport(innerWidth: 78, innerHeight: 169, clientWidth: 78, clientHeight: 169, scale: 5)),
        // 20000 is clamped to 10000; the fitting scale (0.039) is clamped to the minimum, 0.25.
        ("width=20000", Viewport(innerWidth: 1560, innerHeight: 3376, clientWidth: 10000, clientHeight: 21641, scale: 0.25)),
        // minimum-scale and maximum-scale clamp the initial scale; the layout stays 980 wide
        // (Safari always lets the user zoom, so maximum-scale never widens the layout).
        ("minimum-scale=0.5", Viewport(innerWidth: 780, innerHeight: 1688, clientWidth: 980, clientHeight: 2121, scale: 0.5)),
        ("maximum-scale=0.3", Viewport(innerWidth: 1300, innerHeight: 2813, clientWidth: 980, clientHeight: 2121, scale: 0.3)),
        // user-scalable changes no size; a tag with no size or scale is the default page.
        ("user-scalable=no", Viewport(innerWidth: 980, innerHeight: 2121, clientWidth: 980, clientHeight: 2121, scale: 0.398)),
        ("shrink-to-fit=no", Viewport(innerWidth: 980, innerHeight: 2121, clientWidth: 980, clientHeight: 2121, scale: 0.398)),
        // Negative and unreadable values are ignored.
        ("width=-5", Viewport(innerWidth: 980, innerHeight: 2121, clientWidth: 980, clientHeight: 2121, scale: 0.398)),
        ("width=wide", Viewport(innerWidth: 980, innerHeight: 2121, clientWidth: 980, clientHeight: 2121, scale: 0.398)),
        // Keys and values are split at spaces, commas and semicolons, around "=", case-insensitively.
        ("WIDTH = 600 ; Initial-Scale=1", Viewport(innerWidth: 390, innerHeight: 844, clientWidth: 600, clientHeight: 1298, scale: 1)),
        ("width=device-width;initial-scale=2", Viewport(innerWidth: 195, innerHeight: 422, clientWidth: 390, clientHeight: 844, scale: 2)),
        // height alone: the screen's proportion gives the width, 390 × 1000 / 844 = 462.
        ("height=1000", Viewport(innerWidth: 462, innerHeight: 1000, clientWidth: 462, clientHeight: 1000, scale: 0.8442)),
    ])
    func theIPhonesRules(content: String, expected: Viewport) throws {
        #expect(try Self.viewport(Self.tag(content)) == expected, "\(content)")
    }

    /// Each viewport tag replaces the arguments of the one before (Document::processViewport),
    /// so the last one with a content attribute wins; one without content, or with another
    /// name, changes nothing; the name is compared ASCII case-insensitively.
    @Test func theLastViewportTagWins() throws {
        let last = try Self.viewport(Self.tag("width=device-width") + Self.tag("width=600"))
        #expect(last.clientWidth == 600)
        let replaced = try Self.viewport(Self.tag("initial-scale=2") + Self.tag("width=600"))
        #expect(replaced.clientWidth == 600 && replaced.scale == 0.6502)
        let noContent = try Self.viewport(Self.tag("width=600") + "<meta name=viewport>")
        #expect(noContent.clientWidth == 600)
        let otherName = try Self.viewport("<meta name=\"viewport-x\" content=\"width=600\">")
        #expect(otherName.clientWidth == 980)
        let upper = try Self.viewport("<meta NAME=\"Viewport\" content=\"width=device-width\">")
        #expect(upper.clientWidth == 390)
        let bodyTag = try Self.run("<body><p>x</p>\(Self.tag("width=device-width"))</body>")
        #expect(bodyTag["clientWidth"] == .real(390))
    }

    /// The viewport is read once, when the tree is built: a tag a script adds later leaves the
    /// sizes the page was laid out at (Safari applies it asynchronously, after the UI process
    /// answers; see viewport.js).
    @Test func aTagAddedByAScriptIsNotAppliedAtOnce() throws {
        let script = """
            var ExtensionPreprocessingJS = { run: function (args) {
              var before = innerWidth;
              var meta = document.createElement("meta");
              meta.name = "viewport"; meta.content = "width=device-width";
              document.head.appendChild(meta);
              args.completionFunction({ before: before, after: innerWidth, client: document.documentElement.clientWidth });
            } };
            """
        let page = try PageLoader.load(data: Data("<title>t</title>".utf8), path: "page.html", options: PageLoadOptions())
        var request = RunRequest(scriptPath: "probe.js", scriptSource: script, page: page)
        request.deterministic = true
        let results = SimulatorHarness.run(request).results
        #expect(results == .dictionary(["before": .real(980), "after": .real(980), "client": .real(980)]))
    }

    /// An iPad asking for desktop pages (iPadOS 13 on): nativeWebpageParameters at the screen's
    /// width, widened to the 980 px minimum effective device width unless the page says it fits
    /// the device (width=device-width or initial-scale=1). Without a tag: 980 × (1180 × 980 / 820
    /// = 1410.2 → 1410), the scale 1180 / 1410 so that the height covers the screen.
    @Test(arguments: [
        ("", Viewport(innerWidth: 980, innerHeight: 1410, clientWidth: 980, clientHeight: 1410, scale: 0.8369)),
        ("width=device-width", Viewport(innerWidth: 820, innerHeight: 1180, clientWidth: 820, clientHeight: 1180, scale: 1)),
        ("width=device-width, initial-scale=1", Viewport(innerWidth: 820, innerHeight: 1180, clientWidth: 820, clientHeight: 1180, scale: 1)),
        ("initial-scale=1", Viewport(innerWidth: 820, innerHeight: 1180, clientWidth: 820, clientHeight: 1180, scale: 1)),
        // 600 wide, 1410.2 × 600 / 980 = 863 high, the scale 1180 / 863.
        ("width=600", Viewport(innerWidth: 600, innerHeight: 863, clientWidth: 600, clientHeight: 863, scale: 1.3673)),
        ("width=1200", Viewport(innerWidth: 1200, innerHeight: 1727, clientWidth: 1200, clientHeight: 1727, scale: 0.6833)),
    ])
    func theIPadsDesktopClassRule(content: String, expected: Viewport) throws {
        let head = content.isEmpty ? "" : Self.tag(content)
        #expect(try Self.viewport(head, device: .iPad) == expected, "\(content)")
    }

    /// Before iPadOS 13 an iPad asked for mobile pages: the iPhone's rule on the iPad's screen.
    @Test func anIPadBeforeIPadOS13HasTheIPhonesRule() throws {
        let none = try Self.viewport("", device: .iPad, ios: "12.4")
        #expect(none.innerWidth == 980 && none.innerHeight == 1410 && none.clientWidth == 980 && none.clientHeight == 1410)
        // width=600 is not widened to 980 here: 600 × (1180 / 820) = 863 high.
        let narrow = try Self.viewport(Self.tag("width=600"), device: .iPad, ios: "12.4")
        #expect(narrow.clientWidth == 600 && narrow.clientHeight == 863)
        let fitted = try Self.viewport(Self.tag("width=device-width"), device: .iPad, ios: "12.4")
        #expect(fitted.clientWidth == 820 && fitted.innerWidth == 820)
    }
}
