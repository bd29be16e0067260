import Foundation
import Testing
@testable import PreprocessingKit
import TestSupport

/// Binary property lists that refer to one object many times (legal: the format numbers
/// objects and refers to them): measured before Foundation reads them, which would copy every
/// reference, and refused past the memory they may take.
@Suite struct SharedObjectPlistTests {
    /// Seconds `body` takes.
    func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }

    @Test func fortyDoublingLevelsAreRefusedWithoutBeingExpanded() throws {
        let bytes = BinaryPlistBuilder.doublingWebArchive(levels: 40)
        #expect(bytes.count < 1_200)
        var refusal: BinaryPlistShape.Refusal?
        let elapsed = seconds { refusal = BinaryPlistShape.refusal(bytes, limit: 400 * 1_048_576) }
        #expect(refusal == .tooLarge(limit: 400 * 1_048_576))
        #expect(elapsed < 0.5)
    }

    @Test func aSharedObjectCountsOncePerReference() throws {
        var builder = BinaryPlistBuilder()
        let leaf = builder.string("0123456789")
        let top = builder.doublingArrays(levels: 3, leaf: leaf)
        let shape = try BinaryPlistShape.measure(builder.bytes(top: top), limit: .max)
        // 8 copies of the 10-byte string, 7 arrays of two references, each value's fixed cost.
        #expect(shape.expandedBytes == 8 * (10 + BinaryPlistShape.costPerValue) + 7 * (16 + BinaryPlistShape.costPerValue))
        #expect(shape.depth == 3)
    }

    @Test func foundationsOwnListsMeasureAsTheyAre() throws {
        let bytes = try PropertyListSerialization.data(fromPropertyList: ["a": ["x", "y"], "b": Data([1, 2, 3]), "c": 4.5, "d": true],
                                                       format: .binary, options: 0)
        let shape = try BinaryPlistShape.measure([UInt8](bytes), limit: 1_048_576)
        #expect(shape.depth == 2)
        #expect(shape.expandedBytes > 0 && shape.expandedBytes < 2_000)
    }

    @Test func aCycleAndDeepNestingAreRefused() throws {
        var cyclic = BinaryPlistBuilder()
        let loop = cyclic.reserve()
        cyclic.array([loop], at: loop)
        #expect(BinaryPlistShape.refusal(cyclic.bytes(top: loop), limit: .max) == .cycle)

        var deep = BinaryPlistBuilder()
        var inner = deep.string("x")
        for _ in 0..<(BinaryPlistShape.maximumDepth + 1) { inner = deep.array([inner]) }
        #expect(BinaryPlistShape.refusal(deep.bytes(top: inner), limit: .max) == .tooDeep)
    }

    @Test func damagedTablesAreRefusedNotRead() throws {
        let good = BinaryPlistBuilder.doublingWebArchive(levels: 2)
        #expect(BinaryPlistShape.refusal(good, limit: .max) == nil)
        // The objects cut out, the trailer kept: the table points past the end.
        for cut in [10, good.count / 2] {
            let bytes = Array(good.prefix(cut)) + good.suffix(32)
            let refusal = BinaryPlistShape.refusal(bytes, limit: .max)
            if case .malformed = refusal {} else { Issue.record("cut at \(cut): \(String(describing: refusal))") }
        }
        // A reference to an object the table does not have.
        var builder = BinaryPlistBuilder()
        let top = builder.array([builder.string("x"), 7])
        let refusal = BinaryPlistShape.refusal(builder.bytes(top: top), limit: .max)
        #expect(refusal == .malformed("object 1 refers to an object that is not in the table"))
    }

    @Test func aDoublingWebArchiveIsTooLargeForTheMemoryLimit() throws {
        let bytes = BinaryPlistBuilder.doublingWebArchive(levels: 24)
        var error: PageLoadError?
        let elapsed = seconds {
            error = #expect(throws: PageLoadError.self) {
                try PageLoader.load(data: Data(bytes), path: "shared.webarchive", options: PageLoadOptions(maximumBytes: 256 * 1_048_576 / 10))
            }
        }
        #expect(error?.code == .pageTooLarge)
        #expect(error?.message.contains("--memory-limit") == true)
        #expect(elapsed < 1)
    }

    @Test func aFewSharedLevelsStillRead() throws {
        let page = try PageLoader.load(data: Data(BinaryPlistBuilder.doublingWebArchive(levels: 4)), path: "shared.webarchive", options: .init())
        #expect(page.format == .webarchive)
        #expect(page.html == "<title>Shared</title><p>x</p>")
    }

    @Test func aDamagedWebArchiveIsMalformed() throws {
        let whole = BinaryPlistBuilder.doublingWebArchive(levels: 2)
        let truncated = Data(whole.prefix(whole.count - 10))
        let named = try #require(throws: PageLoadError.self) { try PageLoader.load(data: truncated, path: "saved.webarchive", options: .init()) }
        #expect(named.code == .pageMalformed)
        // Not named as one, but holding the main resource's key: a damaged archive too.
        let unnamed = try #require(throws: PageLoadError.self) { try PageLoader.load(data: truncated, path: "saved.bin", options: .init()) }
        #expect(unnamed.code == .pageMalformed)
    }

    @Test func aDoublingInfoPlistIsUnreadable() throws {
        var builder = BinaryPlistBuilder()
        let arrays = builder.doublingArrays(levels: 40, leaf: builder.string("x"))
        let top = builder.dictionary([(builder.string("NSExtension"), arrays)])
        var plist: ExtensionInfoPlist?
        let elapsed = seconds { plist = ExtensionInfoPlist(data: Data(builder.bytes(top: top)), fileName: "Info.plist") }
        let diagnostic = try #require(plist?.diagnostics.first)
        #expect(diagnostic.code == DiagnosticCode.plistUnreadable.rawValue)
        #expect(diagnostic.message.contains("refers to the same objects"))
        #expect(elapsed < 0.5)
    }

    @Test func doublingFinalizeArgumentsAreRefused() throws {
        var builder = BinaryPlistBuilder()
        let arrays = builder.doublingArrays(levels: 40, leaf: builder.string("x"))
        let top = builder.dictionary([(builder.string("k"), arrays)])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(UUID().uuidString).plist").path
        try Data(builder.bytes(top: top)).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: FinalizeArguments.ReadError.self) { try FinalizeArguments.read("@" + path) }
        #expect(error.message.contains("refers to the same objects"))
    }
}
