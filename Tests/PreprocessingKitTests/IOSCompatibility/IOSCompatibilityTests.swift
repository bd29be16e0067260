import Foundation
import Testing
@testable import PreprocessingKit

/// The compatibility data: its release, its iOS releases, mirrored entries resolved through the
/// release tables, and the versions `--ios` accepts.
@Suite struct IOSCompatibilityTests {
    @Test func theDataSaysWhichReleaseItIsAndItsNewestIOS() {
        #expect(IOSCompatibility.dataRelease == "8.0.10")
        #expect(IOSCompatibility.newest == IOSVersion(26, 6))
        #expect(IOSCompatibility.dataDescription.contains("newest iOS release is 26.6"))
        #expect(IOSCompatibility.releases.first == IOSVersion(1))
        #expect(IOSCompatibility.releases.contains(IOSVersion(17, 0)) && IOSCompatibility.releases.contains(IOSVersion(18, 6)))
        #expect(!IOSCompatibility.releases.contains(IOSVersion(27)))
    }

    @Test func versionsAreCheckedAgainstTheData() throws {
        #expect(try IOSCompatibility.validated("15") == IOSVersion(15, 0))
        #expect(try IOSCompatibility.validated("16.1.2") == IOSVersion(16, 1, 2))
        #expect(try IOSCompatibility.validated("17.0") == IOSVersion(17, 0))
        #expect(try IOSCompatibility.validated("26.6.1") == IOSVersion(26, 6, 1))
        #expect(throws: IOSVersionError.self) { try IOSCompatibility.validated("26.7") }
        #expect(throws: IOSVersionError.self) { try IOSCompatibility.validated("7.1") }
        #expect(throws: IOSVersionError.self) { try IOSCompatibility.validated("fifteen") }
        do {
            _ = try IOSCompatibility.validated("28.0")
            Issue.record("28.0 was accepted")
        } catch {
            #expect(error.description.contains("newer than the compatibility data knows"))
            #expect(error.description.contains("8.0.10"))
        }
    }

    /// Every release the data calls retired or current is accepted, 8.0 to 26.6 (16.2 to 18.6
    /// and 26.x are past Debian's 5.2.20).
    @Test func everyReleasedVersionFromIOS8IsAccepted() throws {
        let accepted = IOSCompatibility.releases.filter { $0 >= IOSCompatibility.oldest }
        #expect(accepted.first == IOSVersion(8) && accepted.last == IOSVersion(26, 6))
        for version in accepted { #expect(try IOSCompatibility.validated(version.description) == version) }
    }

    /// The data lists iOS 27 with status "beta": refused with that word, not as unknown.
    @Test func aBetaIsRefusedWithTheDataStatus() {
        for text in ["27", "27.0"] {
            do {
                _ = try IOSCompatibility.validated(text)
                Issue.record("\(text) was accepted")
            } catch {
                #expect(error.description == "iOS 27.0 is a beta in browser-compat-data 8.0.10 (2026-08-06), not a released Safari: the simulator runs released versions only, up to 26.6")
            }
        }
    }

    /// These entries say `"safari_ios": "mirror"` in the data's files: Safari 15.4, 13.1, 16 and
    /// 16.4 map to iOS 15.4, 13.4, 16 and 16.4 through the release tables' WebKit versions. (Class
    /// fields: 8.x records Safari 14.1 to 15.x as partial and removed, WebKit bug 236843.)
    @Test func mirroredEntriesFollowSafariThroughTheReleaseTables() {
        #expect(IOSCompatibility.version(of: "javascript.builtins.Array.at") == .added(IOSVersion(15, 4)))
        #expect(IOSCompatibility.version(of: "javascript.builtins.String.replaceAll") == .added(IOSVersion(13, 4)))
        #expect(IOSCompatibility.version(of: "javascript.classes.public_class_fields") == .added(IOSVersion(16)))
        #expect(IOSCompatibility.version(of: "api.structuredClone") == .added(IOSVersion(15, 4)))
        #expect(IOSCompatibility.version(of: "javascript.classes.static.initialization_blocks") == .added(IOSVersion(16, 4)))
        #expect(IOSCompatibility.version(of: "javascript.builtins.Promise.withResolvers") == .added(IOSVersion(17, 4)))
    }

    @Test func theUserAgentIsThatVersionsSafari() {
        #expect(IOSCompatibility.userAgent(for: IOSVersion(15, 0))
                == "Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.0 Mobile/15E148 Safari/604.1")
        #expect(IOSCompatibility.userAgent(for: IOSVersion(10, 3)).contains("AppleWebKit/603.2.1"))
        #expect(IOSCompatibility.userAgent(for: IOSVersion(17, 5, 1))
                == "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")
    }

    /// WebKit's Safari 26 announcement: Safari 18.6 and Safari 26.0 on iOS both say `iPhone OS
    /// 18_6`; only `Version/` differs. Devices from 26.0.1 on send `18_7` (recorded user agents).
    @Test func fromIOS26TheOSTokenIsFrozen() {
        #expect(IOSCompatibility.userAgent(for: IOSVersion(18, 6))
                == "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1")
        #expect(IOSCompatibility.userAgent(for: IOSVersion(26, 0))
                == "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Mobile/15E148 Safari/604.1")
        #expect(IOSCompatibility.defaultUserAgent
                == "Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.6 Mobile/15E148 Safari/604.1")
        #expect(IOSCompatibility.userAgent(for: IOSVersion(26, 2))
                == "Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.2 Mobile/15E148 Safari/604.1")
        #expect(IOSCompatibility.userAgent(for: IOSVersion(26, 0, 1)).contains("CPU iPhone OS 18_7 like Mac OS X"))
    }

    /// Every DOM and browser API the 70 real preprocessing scripts use (the corpus's frequency
    /// table), as its data entry.
    static let corpusAPIs = [
        "api.Document.title", "api.Document.URL", "api.Location.href", "api.Node.baseURI",
        "api.Document.getElementsByTagName", "api.Window.getSelection", "api.Document.body", "api.Location.host",
        "api.Location.hostname", "api.Location.origin", "api.Element.innerHTML", "api.Window.alert",
        "api.Element.getAttribute", "api.Document.querySelector", "api.HTMLElement.style",
        "api.Document.documentElement", "api.Document.querySelectorAll", "api.Document.createElement",
        "api.Node.appendChild", "api.Node.insertBefore", "api.console", "javascript.builtins.Date.now",
        "api.URL", "api.Node.removeChild", "api.Element.remove", "javascript.builtins.JSON.stringify",
        "javascript.builtins.JSON.parse", "api.setTimeout", "api.Node.textContent", "api.HTMLInputElement.value",
        "api.Document.forms", "api.Navigator.userAgent", "api.Element.getBoundingClientRect",
        "api.HTMLElement.offsetWidth", "api.Window.getComputedStyle", "api.Window.confirm", "api.Window.prompt",
        "api.Document.cookie", "api.Location.reload", "api.HTMLVideoElement", "api.EventTarget.dispatchEvent",
        "api.Event", "api.EventTarget.addEventListener", "javascript.builtins.Promise", "api.Element.outerHTML",
        "api.Document.getElementById", "api.HTMLElement.innerText", "javascript.builtins.encodeURIComponent",
        "api.Element.classList", "api.Element.className", "api.Selection.getRangeAt", "api.Range.cloneContents",
        "api.Document.images", "api.Document.contentType", "api.HTMLIFrameElement.contentDocument",
        "api.Document.write", "api.Document.getElementsByClassName", "api.XMLHttpRequest", "api.Crypto.getRandomValues",
        "api.fetch", "api.DOMParser", "api.URLSearchParams", "api.btoa", "api.atob", "api.Element.closest",
        "api.Element.nextElementSibling", "api.Element.scrollTop", "api.Document.documentURI",
        "api.Element.setAttribute", "api.XMLSerializer", "api.Range.insertNode", "api.Node.childNodes",
        "api.Node.nodeType", "api.Document.activeElement", "api.Location.pathname", "api.Location.search",
        "api.Location.hash", "api.Location.protocol", "api.Document.getElementsByName", "api.Document.head",
        "api.Document.createTextNode", "api.Document.referrer", "javascript.builtins.RegExp",
        "javascript.builtins.encodeURIComponent", "javascript.builtins.escape",
    ]

    @Test func everyAPIOfTheCorpusIsInTheData() {
        let missing = Self.corpusAPIs.filter { IOSCompatibility.version(of: $0) == nil }
        #expect(missing.isEmpty, "not in the data: \(missing)")
    }
}
