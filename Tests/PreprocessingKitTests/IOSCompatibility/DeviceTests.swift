import Foundation
import Testing
import TestSupport
@testable import PreprocessingKit

/// `--device iphone|ipad`: Safari on each device as the page sees it (SimulatedDevice), and
/// `window.orientation` / `orientationchange`, which Safari on iOS and iPadOS has.
@Suite struct DeviceTests {
    /// What a page can read of the device it runs on.
    static let probe = """
        var ExtensionPreprocessingJS = { run: function (args) {
          var heard = 0;
          window.onorientationchange = function () { heard++; };
          window.addEventListener("orientationchange", function () { heard++; });
          window.dispatchEvent(new Event("orientationchange"));
          args.completionFunction({ ua: navigator.userAgent, platform: navigator.platform,
            touch: navigator.maxTouchPoints, width: screen.width, height: screen.height,
            availWidth: screen.availWidth, availHeight: screen.availHeight, ratio: devicePixelRatio,
            innerWidth: innerWidth, innerHeight: innerHeight, orientation: window.orientation,
            screenOrientation: screen.orientation.type, heard: heard,
            handlerProperty: "onorientationchange" in window });
        } };
        """

    static func probe(device: SimulatedDevice?, ios: String? = nil) throws -> [String: PropertyListValue] {
        let page = try PageLoader.load(data: Data("<title>device</title>".utf8), path: "page.html", options: PageLoadOptions())
        var request = RunRequest(scriptPath: "probe.js", scriptSource: probe, page: page)
        request.deterministic = true
        request.device = device
        if let ios { request.iOS = try IOSCompatibility.validated(ios) }
        let transcript = Simulator().run(request)
        guard case .dictionary(let values) = transcript.results else {
            Issue.record("no results: \(transcript.diagnostics.map(\.message))")
            return [:]
        }
        return values
    }

    @Test func theIPadIsDesktopSafariOnAnIPadsScreen() throws {
        let values = try Self.probe(device: .iPad)
        #expect(values["ua"] == .string("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.6 Safari/605.1.15"))
        #expect(values["platform"] == .string("MacIntel"))
        #expect(values["touch"] == .real(5))
        #expect(values["width"] == .real(820))
        #expect(values["height"] == .real(1180))
        #expect(values["availWidth"] == .real(820))
        #expect(values["availHeight"] == .real(1180))
        #expect(values["ratio"] == .real(2))
        // The page has no viewport tag: the iPad lays it out 980 wide (LayoutViewportTests).
        #expect(values["innerWidth"] == .real(980))
        #expect(values["innerHeight"] == .real(1410))
    }

    /// Without --device the page is today's iPhone, and `--device iphone` is the same page.
    @Test func theIPhoneIsTheDefaultAndUnchanged() throws {
        let userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.6 Mobile/15E148 Safari/604.1"
        let implicit = try Self.probe(device: nil)
        #expect(implicit["ua"] == .string(userAgent))
        #expect(implicit["platform"] == .string("iPhone"))
        #expect(implicit["touch"] == .real(5))
        #expect(implicit["width"] == .real(390))
        #expect(implicit["height"] == .real(844))
        #expect(implicit["ratio"] == .real(3))
        #expect(implicit["innerWidth"] == .real(980)) // no viewport tag: the 980 px layout viewport
        #expect(try Self.probe(device: .iPhone) == implicit)
    }

    /// Both are held upright: window.orientation 0, screen.orientation portrait-primary, and an
    /// orientationchange reaches both the handler property and a listener.
    @Test func orientationIsPortraitOnBoth() throws {
        for device in SimulatedDevice.all {
            let values = try Self.probe(device: device)
            #expect(values["orientation"] == .real(0), "\(device.name)")
            #expect(values["screenOrientation"] == .string("portrait-primary"), "\(device.name)")
            #expect(values["heard"] == .real(2), "\(device.name)")
            #expect(values["handlerProperty"] == .boolean(true), "\(device.name)")
        }
    }

    /// --ios picks the Version/ of the iPad's desktop user agent; before iPadOS 13 an iPad said so.
    @Test func theIPadsUserAgentFollowsTheIOSVersion() throws {
        #expect(SimulatedDevice.iPad.userAgent(for: IOSVersion(18, 6)) == "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Safari/605.1.15")
        #expect(SimulatedDevice.iPad.userAgent(for: IOSVersion(12, 4)) == "Mozilla/5.0 (iPad; CPU OS 12_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.4 Mobile/15E148 Safari/604.1")
        #expect(SimulatedDevice.iPad.platform(on: IOSVersion(12, 4)) == "iPad")
        #expect(SimulatedDevice.iPad.platform(on: IOSVersion(13)) == "MacIntel")
        let old = try Self.probe(device: .iPad, ios: "18.6")
        #expect(old["ua"] == .string("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Safari/605.1.15"))
        #expect(old["width"] == .real(820))
    }

    @Test func devicesAreNamedByTheirWord() {
        #expect(SimulatedDevice.named("iPad") == .iPad)
        #expect(SimulatedDevice.named("iphone") == .iPhone)
        #expect(SimulatedDevice.named("watch") == nil)
        #expect(SimulatedDevice.names == "iphone, ipad")
    }
}
