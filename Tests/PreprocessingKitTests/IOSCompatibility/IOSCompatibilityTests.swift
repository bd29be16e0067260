import Foundation
import Testing
@testable import PreprocessingKit

/// The compatibility data: its release, its iOS releases, mirrored entries resolved through the
/// release tables, and the versions `--ios` accepts.
@Suite struct IOSCompatibilityTests {
    @Test func theDataSaysWhichReleaseItIsAndItsNewestIOS() {
        #expect(IOSCompatibility.dataRelease == "5.2.20")
        #expect(IOSCompatibility.newest == IOSVersion(16, 1))
        #expect(IOSCompatibility.dataDescription.contains("newest iOS release is 16.1"))
    }

    @Test func versionsAreCheckedAgainstTheData() throws {
        #expect(try IOSCompatibility.validated("15") == IOSVersion(15, 0))
        #expect(try IOSCompatibility.validated("16.1.2") == IOSVersion(16, 1, 2))
        #expect(throws: IOSVersionError.self) { try IOSCompatibility.validated("16.2") }
        #expect(throws: IOSVersionError.self) { try IOSCompatibility.validated("7.1") }
        #expect(throws: IOSVersionError.self) { try IOSCompatibility.validated("fifteen") }
        do {
            _ = try IOSCompatibility.validated("17.0")
            Issue.record("17.0 was accepted")
        } catch {
            #expect(error.description.contains("newer than the compatibility data knows"))
            #expect(error.description.contains("5.2.20"))
        }
    }

    /// These entries say `"safari_ios": "mirror"` in the data's files: Safari 15.4, 13.1 and
    /// 14.1 map to iOS 15.4, 13.4 and 14.5 through the release tables' WebKit versions.
    @Test func mirroredEntriesFollowSafariThroughTheReleaseTables() {
        #expect(IOSCompatibility.version(of: "javascript.builtins.Array.at") == .added(IOSVersion(15, 4)))
        #expect(IOSCompatibility.version(of: "javascript.builtins.String.replaceAll") == .added(IOSVersion(13, 4)))
        #expect(IOSCompatibility.version(of: "javascript.classes.public_class_fields") == .added(IOSVersion(14, 5)))
        #expect(IOSCompatibility.version(of: "api.structuredClone") == .added(IOSVersion(15, 4)))
        #expect(IOSCompatibility.version(of: "javascript.classes.static_initialization_blocks") == .never)
    }

    @Test func theUserAgentIsThatVersionsSafari() {
        #expect(IOSCompatibility.userAgent(for: IOSVersion(15, 0))
                == "Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.0 Mobile/15E148 Safari/604.1")
        #expect(IOSCompatibility.userAgent(for: IOSVersion(10, 3)).contains("AppleWebKit/603.2.1"))
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
