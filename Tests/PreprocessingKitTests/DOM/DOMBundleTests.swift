import Foundation
import Testing
import TestSupport
@testable import PreprocessingKit

/// The embedded DOM bundle as embed-js writes it, small to evaluate on every page: comments and indentation dropped,
/// ASCII only, line numbers still the source files' own.
@Suite struct DOMBundleTests {
    static let jsFolder = Paths.repository.appendingPathComponent("Sources/PreprocessingKit/DOM/js")
    /// The core's lines, then each lazy group's: the numbering the file table uses (each embedded
    /// program loses its last line break to Swift's multi-line literal).
    static let bundleLines = ([DOMBundle.source] + DOMBundle.lazyGroups.map(\.source))
        .flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }

    @Test func bundleIsASCIISoJavaScriptCoreKeepsItAs8BitText() {
        let nonASCII = Self.bundleLines.joined().unicodeScalars.filter { $0.value >= 0x80 }
        #expect(nonASCII.isEmpty, "non-ASCII characters left in the bundle: \(String(String.UnicodeScalarView(nonASCII.prefix(10))))")
    }

    @Test func commentsAndIndentationAreDropped() throws {
        var sourceBytes = 0
        for entry in DOMBundle.files {
            sourceBytes += try Data(contentsOf: Self.jsFolder.appendingPathComponent(entry.name)).count
        }
        // About a fifth of the sources is comments and indentation.
        #expect(Self.bundleLines.reduce(0) { $0 + $1.utf8.count + 1 } < sourceBytes * 9 / 10)
        #expect(!Self.bundleLines.contains { $0.hasPrefix(" ") || $0.hasPrefix("\t") })
        #expect(!Self.bundleLines.contains { $0.hasPrefix("//") || $0.hasPrefix("/*") })
    }

    @Test func eachFilesLinesKeepTheirNumbers() throws {
        for entry in DOMBundle.files {
            let text = try String(contentsOf: Self.jsFolder.appendingPathComponent(entry.name), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(entry.lineCount == (text.hasSuffix("\n") ? lines.count - 1 : lines.count), "\(entry.name)")
            // A code line with no comment, string or non-ASCII text is the same line, unindented.
            for (offset, line) in lines.enumerated().prefix(entry.lineCount) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty, !trimmed.contains("/"), !trimmed.contains("\""), !trimmed.contains("'"),
                      !trimmed.contains("`"), !trimmed.contains("*"), trimmed.unicodeScalars.allSatisfy({ $0.isASCII }) else { continue }
                let bundleLine = Self.bundleLines[entry.firstLine - 1 + offset]
                #expect(String(bundleLine) == trimmed, "\(entry.name):\(offset + 1)")
            }
        }
    }

    @Test func anErrorInDOMCodeNamesItsFileAndLine() throws {
        // The first line of Window.js that defines a function: the bundle line maps back to it.
        let entry = try #require(DOMBundle.files.first { $0.name == "Window.js" })
        let text = try String(contentsOf: Self.jsFolder.appendingPathComponent("Window.js"), encoding: .utf8)
        let index = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("function ") })
        let location = try #require(PageContext.bundleLocation(line: entry.firstLine + index))
        #expect(location.file == "Window.js")
        #expect(location.line == index + 1)
    }

    /// `PREPROCESS_SIM_DOM_SOURCES` reads the same files in the same order at run time: the file
    /// table (and so every error location) is the embedded bundle's.
    @Test func theSourceFolderGivesTheEmbeddedBundlesFileTable() throws {
        let folder = try #require(DOMSourceFolder.bundle(folder: Self.jsFolder.path))
        #expect(folder.files.map(\.name) == DOMBundle.files.map(\.name))
        #expect(folder.files.map(\.firstLine) == DOMBundle.files.map(\.firstLine))
        #expect(folder.files.map(\.lineCount) == DOMBundle.files.map(\.lineCount))
        // The embedded source loses its last line break to Swift's multi-line literal.
        #expect(folder.source.dropLast().split(separator: "\n", omittingEmptySubsequences: false).count
                == DOMBundle.source.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(folder.lazyGroups.map(\.name) == DOMBundle.lazyGroups.map(\.name))
        #expect(folder.lazyGroups.map(\.firstLine) == DOMBundle.lazyGroups.map(\.firstLine))
        #expect(DOMSourceFolder.bundle(folder: "/nonexistent") == nil)
    }

    /// Each lazy group's program starts on the line after the program before it ends, so one
    /// file table covers them all.
    @Test func lazyGroupsContinueTheCoresLineNumbers() {
        var next = DOMBundle.source.split(separator: "\n", omittingEmptySubsequences: false).count + 1
        #expect(!DOMBundle.lazyGroups.isEmpty)
        for group in DOMBundle.lazyGroups {
            #expect(group.firstLine == next, "\(group.name)")
            next += group.source.split(separator: "\n", omittingEmptySubsequences: false).count
        }
        let lastFile = DOMBundle.files.max { $0.firstLine < $1.firstLine }
        #expect(lastFile.map { $0.firstLine + $0.lineCount } == next - 1)
    }
}
