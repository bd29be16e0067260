import Foundation

/// The DOM's JavaScript read from a folder at run time, concatenated as embed-js does at build
/// time (same prologue, same order, so line numbers and the file table agree) but without its
/// compaction, which changes no behaviour.
enum DOMSourceFolder {
    static func bundle(folder: String) -> (source: String, files: [(name: String, firstLine: Int, lineCount: Int)])? {
        let directory = URL(fileURLWithPath: folder)
        guard let order = try? String(contentsOf: directory.appendingPathComponent("order.txt"), encoding: .utf8) else { return nil }
        let names = order.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        var source = "\"use strict\";\n{\nconst host = globalThis.\(DOMBundle.hostProperty); delete globalThis.\(DOMBundle.hostProperty);\n"
        var files: [(name: String, firstLine: Int, lineCount: Int)] = []
        var line = 4
        for name in names {
            guard var text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) else { return nil }
            if !text.hasSuffix("\n") { text += "\n" }
            let count = text.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            files.append((name, line, count))
            source += text
            line += count
        }
        source += "}\n"
        return (source, files)
    }
}
