import Foundation
import Testing
@testable import PreprocessingKit

/// The configuration `preparePage` reads is written without JSONEncoder: it must be the JSON
/// JSONEncoder would give for the same values (nil fields left out), whatever the strings hold.
@Suite struct ConfigurationJSONTests {
    private func parsed(_ configuration: PageContext.Configuration) throws -> NSDictionary {
        let bytes = PageContext.configurationJSON(configuration)
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary)
    }

    @Test func stringsWithQuotesControlCharactersAndNonASCIISurviveTheRoundTrip() throws {
        var configuration = PageContext.Configuration(url: "https://example.com/a\"b\\c?q=\u{1}\n\t")
        configuration.cookie = "name=\"value\"; other=é漢字😀"
        configuration.referrer = "\u{7F}\u{0}\u{1F}"
        configuration.promptAnswer = "yes\r\n"
        let json = try parsed(configuration)
        #expect(json["url"] as? String == configuration.url)
        #expect(json["cookie"] as? String == configuration.cookie)
        #expect(json["referrer"] as? String == configuration.referrer)
        #expect(json["promptAnswer"] as? String == "yes\r\n")
        #expect(json["lastModified"] == nil)
        #expect(json["confirmAnswer"] as? Bool == false)
        #expect(json["screenWidth"] as? Int == 390)
        #expect(json["desktopClassViewport"] as? Bool == false)
    }

    @Test func theEventLoopFramesAndFixturesKeepEveryField() throws {
        var configuration = PageContext.Configuration(url: "https://example.com/")
        configuration.lastModified = "01/02/2024 03:04:05"
        configuration.deterministic = true
        configuration.now = 1_704_067_200_000.5
        configuration.seed = 4_000_000_000
        configuration.frames = ["https://example.com/f": "<p>frame</p>", "cid:x": "<b>\"</b>"]
        configuration.frameURLs = ["cid:x": "https://example.com/x"]
        var fixture = NetworkFixture(url: "https://example.com/api", status: 404, headers: ["Content-Type": "text/plain"], body: Data("nope".utf8), delay: 20)
        fixture.statusText = "Not Found"
        configuration.fixtures = [fixture, NetworkFixture(url: "https://example.com/bin", body: Data([0xFF, 0x00]))]
        let json = try parsed(configuration)
        #expect(json["lastModified"] as? String == "01/02/2024 03:04:05")
        #expect(json["frames"] as? [String: String] == configuration.frames)
        #expect(json["frameURLs"] as? [String: String] == configuration.frameURLs)
        let eventLoop = try #require(json["eventLoop"] as? NSDictionary)
        #expect(eventLoop["deterministic"] as? Bool == true)
        #expect(eventLoop["now"] as? Double == 1_704_067_200_000.5)
        #expect(eventLoop["seed"] as? Int == 4_000_000_000)
        let fixtures = try #require(eventLoop["fixtures"] as? [NSDictionary])
        #expect(fixtures.count == 2)
        // Each fixture is what JSONEncoder writes for it.
        for (written, fixture) in zip(fixtures, configuration.fixtures) {
            let encoded = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(fixture)) as? NSDictionary)
            #expect(written == encoded)
        }
    }
}
