/// The names of one parse, interned: tag and attribute names become `NameID`s when the
/// tokenizer emits them, so the tree builder compares integers and the tree stores one integer
/// per name. An open-addressing hash table over the names' UTF-16 code units; looking a name
/// up allocates nothing.
///
/// Every parse starts from a copy of `base`, which holds the `KnownName`s at their fixed
/// indices and the SVG and MathML spellings the tree builder adjusts names to.
public struct NameTable: Sendable {
    /// Every name's code units, one after the other.
    private(set) var pool: [UInt16] = []
    private var starts: [Int32] = []
    private var lengths: [Int32] = []
    /// Hash slots holding a name's index, or -1; the count is a power of two.
    private var slots: [Int32]
    private var mask: Int

    /// How many names there are; their ids are 0..<count.
    public var count: Int { starts.count }

    init(capacity: Int) {
        var size = 64
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: -1, count: size)
        mask = size - 1
    }

    /// The known names, then the spellings of `ForeignNames`.
    static let base: NameTable = {
        var table = NameTable(capacity: 1024)
        for known in KnownName.allCases {
            let id = table.intern(known.spelling)
            precondition(id.raw == known.rawValue, "KnownName \(known) is not at its index")
        }
        for name in ForeignNames.baseSpellings { _ = table.intern(name) }
        return table
    }()

    /// The id of `name`, adding it when it is new.
    @discardableResult
    mutating func intern(_ name: String) -> NameID {
        let units = Array(name.utf16)
        return units.withUnsafeBufferPointer { intern($0) }
    }

    /// The id of the name spelled by `units`, adding it when it is new.
    @inline(__always)
    mutating func intern(_ units: UnsafeBufferPointer<UInt16>) -> NameID {
        let hash = Self.hash(units)
        var slot = hash & mask
        while true {
            let index = slots[slot]
            if index < 0 { break }
            if matches(Int(index), units) { return NameID(index) }
            slot = (slot + 1) & mask
        }
        let id = Int32(starts.count)
        starts.append(Int32(pool.count))
        lengths.append(Int32(units.count))
        pool.append(contentsOf: units)
        slots[slot] = id
        if starts.count * 2 > slots.count { grow() }
        return NameID(id)
    }

    /// The id of the name spelled by `units` if the table has it.
    func lookUp(_ units: UnsafeBufferPointer<UInt16>) -> NameID? {
        var slot = Self.hash(units) & mask
        while true {
            let index = slots[slot]
            if index < 0 { return nil }
            if matches(Int(index), units) { return NameID(index) }
            slot = (slot + 1) & mask
        }
    }

    /// The id of `name` if the table has it.
    func lookUp(_ name: String) -> NameID? {
        Array(name.utf16).withUnsafeBufferPointer { lookUp($0) }
    }

    /// The code units of name `id`.
    public func units(_ id: NameID) -> ArraySlice<UInt16> {
        let start = Int(starts[Int(id.raw)])
        return pool[start..<start + Int(lengths[Int(id.raw)])]
    }

    /// Name `id` as a string.
    public func string(_ id: NameID) -> String {
        String(decoding: units(id), as: UTF16.self)
    }

    /// Every name, in id order, each followed by one space (names never contain white space):
    /// the form the DOM receives them in, split once.
    public func spaceSeparated() -> [UInt16] {
        var result: [UInt16] = []
        result.reserveCapacity(pool.count + starts.count)
        for id in 0..<starts.count {
            let start = Int(starts[id])
            result.append(contentsOf: pool[start..<start + Int(lengths[id])])
            result.append(0x20)
        }
        return result
    }

    @inline(__always)
    private func matches(_ index: Int, _ units: UnsafeBufferPointer<UInt16>) -> Bool {
        let length = Int(lengths[index])
        guard length == units.count else { return false }
        let start = Int(starts[index])
        return pool.withUnsafeBufferPointer { pool in
            var i = 0
            while i < length {
                if pool[start + i] != units[i] { return false }
                i += 1
            }
            return true
        }
    }

    @inline(__always)
    private static func hash(_ units: UnsafeBufferPointer<UInt16>) -> Int {
        var h: UInt32 = 2_166_136_261
        for unit in units { h = (h ^ UInt32(unit)) &* 16_777_619 }
        return Int(h ^ (h >> 15))
    }

    private mutating func grow() {
        let size = slots.count * 2
        slots = Array(repeating: -1, count: size)
        mask = size - 1
        pool.withUnsafeBufferPointer { pool in
            for id in 0..<starts.count {
                let start = Int(starts[id])
                let name = UnsafeBufferPointer(rebasing: pool[start..<start + Int(lengths[id])])
                var slot = Self.hash(name) & mask
                while slots[slot] >= 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(id)
            }
        }
    }
}
