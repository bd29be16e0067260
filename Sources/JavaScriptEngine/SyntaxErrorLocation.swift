import Foundation

extension JavaScriptContext {
    /// JavaScriptCore reports a syntax error's line but not its column. The column is found by
    /// parsing prefixes of the error's line: the shortest prefix that already fails with the
    /// same message ends at the offending token (shorter ones fail with "Unexpected end of
    /// script" or parse). Binary search keeps it to a few parses.
    public func syntaxErrorColumn(source: String, error: JavaScriptError) -> Int? {
        guard let line = error.line, line >= 1 else { return nil }
        let utf16 = Array(source.utf16)
        // Start and end (exclusive) of the error's line, in UTF-16 units.
        var lineStart = 0
        var currentLine = 1
        var index = 0
        while currentLine < line && index < utf16.count {
            if utf16[index] == 10 { currentLine += 1; lineStart = index + 1 }
            index += 1
        }
        guard currentLine == line else { return nil }
        var lineEnd = lineStart
        while lineEnd < utf16.count && utf16[lineEnd] != 10 { lineEnd += 1 }
        if error.message.hasPrefix("Unexpected end of script") { return lineEnd - lineStart + 1 }

        func failsTheSameWay(_ end: Int) -> Bool {
            let prefix = String(decoding: utf16[0..<end], as: UTF16.self)
            do {
                try checkSyntax(prefix)
                return false
            } catch let other {
                return other.message == error.message && other.line == error.line
            }
        }
        guard failsTheSameWay(lineEnd) else { return nil }
        var low = lineStart, high = lineEnd
        while low < high {
            let middle = (low + high) / 2
            if failsTheSameWay(middle) { high = middle } else { low = middle + 1 }
        }
        // The message quotes the token: the column is where it starts.
        var tokenLength = 0
        if let open = error.message.range(of: "token '"),
           let close = error.message.range(of: "'", range: open.upperBound..<error.message.endIndex) {
            tokenLength = error.message[open.upperBound..<close.lowerBound].utf16.count
        }
        return max(1, low - lineStart - tokenLength + 1)
    }
}
