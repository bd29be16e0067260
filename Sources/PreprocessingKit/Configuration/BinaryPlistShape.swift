import Foundation

/// What reading a binary property list would make, measured from its object table before
/// anything is read.
///
/// A binary property list (`bplist00`) names each object once and refers to it by number, and
/// an object may be referred to many times. Foundation (swift-corelibs) hands every reference
/// over as a copy, and so do the conversions after it: a 1 KB list whose arrays hold the same
/// array twice, 40 levels deep, reads as 2^40 values. The measure counts each object once per
/// reference, as the copies would be made, so a caller refuses a list that expands past its
/// memory before Foundation sees it; cycles and nesting too deep to convert without recursion
/// trouble are refused too. Nothing here recurses: lists nest as deep as their bytes allow.
///
/// ```swift
/// let shape = try BinaryPlistShape.measure(bytes, limit: 100 * 1_048_576)
/// // shape.expandedBytes ≤ the limit, or BinaryPlistShape.Refusal.tooLarge was thrown
/// ```
public struct BinaryPlistShape: Sendable {
    /// Bytes the values take once every reference is its own copy (payload plus a fixed cost
    /// per value).
    public var expandedBytes: Int
    /// Containers inside containers, at the deepest.
    public var depth: Int

    public enum Refusal: Error, Equatable {
        /// The values would take more than the limit (`expandedBytes` at least `limit + 1`).
        case tooLarge(limit: Int)
        /// A container holds itself, directly or through others.
        case cycle
        /// Containers nest deeper than `maximumDepth`.
        case tooDeep
        /// The table, an offset or an object's length points outside the file.
        case malformed(String)

        /// The refusal in words, for a diagnostic.
        public var message: String {
            switch self {
            case .tooLarge(let limit):
                return "the property list refers to the same objects so many times that reading it would take more than \(limit / 1_048_576) MB"
            case .cycle: return "the property list's objects contain themselves (a cycle)"
            case .tooDeep: return "the property list nests arrays and dictionaries deeper than \(BinaryPlistShape.maximumDepth) levels"
            case .malformed(let what): return "the binary property list is damaged: \(what)"
            }
        }
    }

    /// Deeper nesting than any web archive or Info.plist has; Foundation's reader and the
    /// conversions after it recurse once per level.
    public static let maximumDepth = 512
    /// What one value costs besides its payload (the object, its box, a reference to it).
    static let costPerValue = 64

    /// True for the bytes of a binary property list (the only kind that can share objects).
    public static func isBinary(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: Array("bplist00".utf8))
    }

    /// Why `bytes` must not be read with `limit` bytes of memory for its values; nil when they
    /// are not a binary property list (only those share objects) or fit.
    public static func refusal(_ bytes: [UInt8], limit: Int) -> Refusal? {
        guard isBinary(bytes) else { return nil }
        do { _ = try measure(bytes, limit: limit); return nil } catch { return error }
    }

    /// Measures the list; throws a `Refusal` past `limit` bytes expanded, for a cycle, for
    /// nesting deeper than `maximumDepth`, or for a table that does not hold together.
    public static func measure(_ bytes: [UInt8], limit: Int) throws(Refusal) -> BinaryPlistShape {
        let table = try ObjectTable(bytes)
        let count = table.objectCount
        // 0: not reached, 1: being measured (on the stack), 2: measured.
        var state = [UInt8](repeating: 0, count: count)
        var cost = [Int](repeating: 0, count: count)
        var stack: [(object: Int, children: [Int], next: Int, total: Int)] = []
        var deepest = 0
        func sum(_ a: Int, _ b: Int) throws(Refusal) -> Int {
            guard a <= limit - b else { throw .tooLarge(limit: limit) }
            return a + b
        }

        func enter(_ object: Int) throws(Refusal) -> Int? {
            switch state[object] {
            case 2: return cost[object]
            case 1: throw .cycle
            default:
                let (payload, children) = try table.object(object)
                state[object] = 1
                stack.append((object, children, 0, try sum(payload, costPerValue)))
                if !children.isEmpty {
                    deepest = max(deepest, stack.count)
                    if stack.count > maximumDepth { throw .tooDeep }
                }
                return nil
            }
        }

        guard table.topObject < count else { throw .malformed("the top object \(table.topObject) is not in the table of \(count)") }
        var total = try enter(table.topObject) ?? 0
        while let top = stack.last {
            if top.next < top.children.count {
                stack[stack.count - 1].next += 1
                let child = top.children[top.next]
                if let known = try enter(child) {
                    stack[stack.count - 1].total = try sum(stack[stack.count - 1].total, known)
                }
                continue
            }
            stack.removeLast()
            state[top.object] = 2
            cost[top.object] = top.total
            if stack.isEmpty {
                total = top.total
            } else {
                stack[stack.count - 1].total = try sum(stack[stack.count - 1].total, top.total)
            }
        }
        return BinaryPlistShape(expandedBytes: total, depth: deepest)
    }

    /// The trailer, the offset table and each object's payload and references (format:
    /// CoreFoundation's CFBinaryPList.c, "bplist00").
    struct ObjectTable {
        let bytes: [UInt8]
        let offsetSize: Int
        let referenceSize: Int
        let objectCount: Int
        let topObject: Int
        let tableOffset: Int

        init(_ bytes: [UInt8]) throws(Refusal) {
            guard BinaryPlistShape.isBinary(bytes), bytes.count >= 8 + 32 else { throw .malformed("it is shorter than its header and trailer") }
            self.bytes = bytes
            let trailer = bytes.count - 32
            offsetSize = Int(bytes[trailer + 6])
            referenceSize = Int(bytes[trailer + 7])
            func number(_ at: Int) -> Int? {
                var value: UInt64 = 0
                for index in at..<at + 8 { value = value << 8 | UInt64(bytes[index]) }
                return value <= UInt64(Int.max) ? Int(value) : nil
            }
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
                  let objects = number(trailer + 8), let top = number(trailer + 16), let table = number(trailer + 24),
                  table >= 8, objects <= (trailer - table) / offsetSize else {
                throw .malformed("its trailer does not describe an object table inside the file")
            }
            objectCount = objects
            topObject = top
            tableOffset = table
        }

        /// A big-endian unsigned integer of `size` bytes at `at`, if it is inside the file.
        func integer(at: Int, size: Int) -> Int? {
            guard at >= 0, size <= 8, at <= bytes.count - size else { return nil }
            var value: UInt64 = 0
            for index in at..<at + size { value = value << 8 | UInt64(bytes[index]) }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }

        /// The object's own bytes (a string's or data's length, 8 for a number) and the objects
        /// it refers to, in order (a dictionary's keys, then its values).
        func object(_ index: Int) throws(Refusal) -> (payload: Int, children: [Int]) {
            guard let offset = integer(at: tableOffset + index * offsetSize, size: offsetSize), offset >= 8, offset < tableOffset else {
                throw .malformed("object \(index)'s offset is outside the file")
            }
            let marker = bytes[offset]
            let kind = marker >> 4
            // The count in the marker's low half, or (0xF) in an integer object after it.
            func counted() throws(Refusal) -> (count: Int, start: Int) {
                let low = Int(marker & 0x0F)
                if low != 0x0F { return (low, offset + 1) }
                guard offset + 1 < bytes.count, bytes[offset + 1] >> 4 == 0x1 else { throw .malformed("object \(index)'s length is not an integer") }
                let size = 1 << Int(bytes[offset + 1] & 0x0F)
                guard let count = integer(at: offset + 2, size: size) else { throw .malformed("object \(index)'s length is outside the file") }
                return (count, offset + 2 + size)
            }
            func inside(_ start: Int, _ length: Int) throws(Refusal) {
                guard length >= 0, length <= tableOffset, start <= tableOffset - length else {
                    throw .malformed("object \(index) runs past the object table")
                }
            }
            switch kind {
            case 0x0: return (0, [])
            case 0x1, 0x2: return (8, [])
            case 0x3: return (8, [])
            case 0x8: return (8, [])
            case 0x4, 0x5:
                let (count, start) = try counted()
                try inside(start, count)
                return (count, [])
            case 0x6:
                let (count, start) = try counted()
                guard count <= Int.max / 2 else { throw .malformed("object \(index) is too long") }
                try inside(start, count * 2)
                return (count * 2, [])
            case 0xA, 0xB, 0xC, 0xD:
                var (count, start) = try counted()
                if kind == 0xD {
                    guard count <= Int.max / 2 else { throw .malformed("object \(index) is too long") }
                    count *= 2
                }
                guard count <= (tableOffset - min(start, tableOffset)) / referenceSize else {
                    throw .malformed("object \(index)'s references run past the object table")
                }
                var children: [Int] = []
                children.reserveCapacity(count)
                for position in 0..<count {
                    guard let child = integer(at: start + position * referenceSize, size: referenceSize), child < objectCount else {
                        throw .malformed("object \(index) refers to an object that is not in the table")
                    }
                    children.append(child)
                }
                return (count * 8, children)
            default:
                throw .malformed("object \(index) has the unknown type marker 0x\(String(marker, radix: 16))")
            }
        }
    }
}
