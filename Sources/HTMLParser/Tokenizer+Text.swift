/// The pending run of characters: a slice of the input while nothing in it was decoded or
/// replaced, else a copy in `textScratch`, so that plain text is handed out without copying.
extension Tokenizer {
    var hasText: Bool { textInInput ? textEnd > textStart : !textScratch.isEmpty }

    mutating func clearText() {
        textInInput = true
        textStart = 0
        textEnd = 0
        if !textScratch.isEmpty { textScratch.removeAll(keepingCapacity: true) }
    }

    /// Text up to the next character the current text state treats specially.
    @inline(__always)
    mutating func scanText(stoppingAtAmpersand: Bool) {
        let start = position
        let count = input.count
        if stoppingAtAmpersand {
            while position < count {
                let u = input[position]
                if u == 0x3C || u == 0x26 || u == 0 { break }
                position += 1
            }
        } else {
            while position < count {
                let u = input[position]
                if u == 0x3C || u == 0 { break }
                position += 1
            }
        }
        if position > start { appendText(start, position) }
    }

    @inline(__always)
    mutating func appendText(_ start: Int, _ end: Int) {
        if textInInput {
            if textEnd == textStart {
                textStart = start
                textEnd = end
                return
            }
            if textEnd == start {
                textEnd = end
                return
            }
            moveTextToScratch()
        }
        textScratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<end]))
    }

    @inline(__always)
    mutating func appendText(_ unit: UInt16) {
        if textInInput { moveTextToScratch() }
        textScratch.append(unit)
    }

    /// U+0000 in the data and CDATA section states is emitted as it is, for tree construction
    /// to drop or replace, as a run of its own: the text before it first (the NUL is then
    /// consumed again), then the NUL alone.
    mutating func emitNull() -> TokenKind? {
        if hasText {
            position -= 1
            return .characters
        }
        appendText(0)
        return .characters
    }

    private mutating func moveTextToScratch() {
        textInInput = false
        if textEnd > textStart { textScratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[textStart..<textEnd])) }
        textStart = 0
        textEnd = 0
    }
}
