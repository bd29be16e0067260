import Foundation
import Testing
@testable import PreprocessingKit

/// The checked-in container fixtures (used by command-line tests too) are exactly what the
/// builders in `PageFixtures` write, and load as expected.
@Suite struct SavedPageFixtureTests {
    static let builders: [(name: String, build: @Sendable () throws -> [UInt8])] = [
        ("simple.webarchive", PageFixtures.simpleWebArchive),
        ("iframe.webarchive", PageFixtures.iframeWebArchive),
        ("frame.mhtml", PageFixtures.framedMHTML),
    ]

    @Test func checkedInCopiesMatchTheirBuilders() throws {
        let record = ProcessInfo.processInfo.environment["PAGE_FIXTURES_RECORD"] == "1"
        for (name, build) in Self.builders {
            let built = try build()
            let url = PageFixtures.directory.appendingPathComponent(name)
            if record { try Data(built).write(to: url) }
            let checkedIn = try #require(try? Data(contentsOf: url), "missing fixture \(name); run with PAGE_FIXTURES_RECORD=1")
            if name.hasSuffix(".webarchive") {
                // Binary plists may order keys differently between writes; compare what they hold.
                let a = try PropertyListSerialization.propertyList(from: checkedIn, format: nil) as? NSDictionary
                let b = try PropertyListSerialization.propertyList(from: Data(built), format: nil) as? NSDictionary
                #expect(a == b, "\(name) differs from its builder")
            } else {
                #expect([UInt8](checkedIn) == built, "\(name) differs from its builder")
            }
        }
    }

    @Test func checkedInSimpleWebArchiveLoads() throws {
        let page = try PageLoader.load(path: PageFixtures.path("simple.webarchive"))
        #expect(page.format == .webarchive)
        #expect(page.url == "https://example.com/articles/cafe.html")
        #expect(page.html.contains("<title>Caf\u{E9} article</title>"))
    }

    @Test func checkedInPlainPagesLoad() throws {
        let savedFrom = try PageLoader.load(path: PageFixtures.path("saved-from.html"))
        #expect(savedFrom.url == "https://www.example.com/path/page.html?q=1")
        #expect(savedFrom.urlSource == "saved-from comment")
        let gzipped = try PageLoader.load(path: PageFixtures.path("gzipped.html.gz"))
        #expect(gzipped.compressed)
        #expect(gzipped.encoding == "Shift_JIS")
        #expect(gzipped.html.contains("<title>\u{65E5}\u{672C}</title>"))
        #expect(gzipped.urlSource == "canonical link")
    }
}
