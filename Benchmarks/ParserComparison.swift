import Foundation
import HTMLParser
import PreprocessingKit

/// `preprocess-bench --parser [RUNS]`: the parse stage alone — a page's decoded text to the flat
/// tree the DOM is built from — on every shared page (median of RUNS parses each) and on one
/// page repeated to 1, 10 and 50 MB (time per MB, for linearity).
enum ParserComparison {
    struct Parser {
        var name: String
        var parse: (String) -> Void
    }

    static let parsers: [Parser] = [
        Parser(name: "HTMLParser") { html in _ = HTMLParser.parseDocument(html).nodeCount },
    ]

    static func run(layout: BenchmarkLayout, runs: Int) {
        let pages = CaseList.sharedPages(layout)
        var rows: [(page: String, bytes: Int, times: [Double])] = []
        for path in pages {
            guard let loaded = try? PageLoader.load(path: path) else { continue }
            let times = parsers.map { parser -> Double in
                parser.parse(loaded.html) // warm-up
                return Distribution((0..<runs).map { _ in timed { parser.parse(loaded.html) }.1 }).median
            }
            rows.append((URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent, loaded.html.utf8.count, times))
        }
        rows.sort { $0.bytes < $1.bytes }
        print("page".padding(toLength: 32, withPad: " ", startingAt: 0), "bytes".padding(toLength: 10, withPad: " ", startingAt: 0),
              parsers.map { $0.name.padding(toLength: 12, withPad: " ", startingAt: 0) }.joined(), "ratio")
        for row in rows {
            print(row.page.padding(toLength: 32, withPad: " ", startingAt: 0), String(row.bytes).padding(toLength: 10, withPad: " ", startingAt: 0),
                  row.times.map { String(format: "%8.3f ms ", $0) }.joined(), row.times.count > 1 ? String(format: "%.2f", row.times[0] / row.times[1]) : "")
        }
        if !rows.isEmpty {
            let median = rows[rows.count / 2]
            print("\nmedian page by size: \(median.page) (\(median.bytes) bytes):",
                  zip(parsers, median.times).map { "\($0.name) \(String(format: "%.3f", $1)) ms" }.joined(separator: ", "))
            for (i, parser) in parsers.enumerated() {
                let total = rows.map { $0.times[i] }.reduce(0, +)
                print("sum over \(rows.count) pages, \(parser.name): \(String(format: "%.1f", total)) ms")
            }
        }
        // Linearity: the body of page 002 repeated to each size.
        guard let source = pages.first(where: { $0.contains("/002/") }), let html = try? PageLoader.load(path: source).html else { return }
        let body = html[(html.range(of: "<body")?.upperBound ?? html.startIndex)...]
        print("")
        for megabytes in [1, 10, 50] {
            var page = "<!DOCTYPE html><html><head><title>Scaling</title></head><body"
            while page.utf8.count < megabytes * 1_000_000 { page += body }
            let times = parsers.map { parser in Distribution((0..<3).map { _ in timed { parser.parse(page) }.1 }).median }
            print("\(megabytes) MB:", zip(parsers, times).map { "\($0.name) \(String(format: "%.1f", $1)) ms (\(String(format: "%.1f", $1 / Double(megabytes))) ms/MB)" }
                .joined(separator: ", "))
        }
    }
}
