import Foundation

/// Binary property lists written byte by byte, for what Foundation's writer never makes: one
/// object referred to many times (legal, and a reader must not expand it), cycles, deep nesting.
public struct BinaryPlistBuilder {
    /// The objects, each already encoded; references are 2 bytes, offsets 4.
    private var objects: [[UInt8]] = []

    public init() {}

    /// Adds an object and answers its number.
    @discardableResult
    private mutating func add(_ encoded: [UInt8]) -> Int {
        objects.append(encoded)
        return objects.count - 1
    }

    /// Reserves a number for an object written later (so containers can refer forward).
    public mutating func reserve() -> Int { add([]) }

    private static func header(_ kind: UInt8, _ count: Int) -> [UInt8] {
        if count < 15 { return [kind << 4 | UInt8(count)] }
        return [kind << 4 | 0x0F, 0x12, UInt8(count >> 24 & 0xFF), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
    }

    private static func references(_ objects: [Int]) -> [UInt8] {
        objects.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    public mutating func string(_ text: String) -> Int {
        add(Self.header(0x5, text.utf8.count) + Array(text.utf8))
    }

    public mutating func data(_ bytes: [UInt8]) -> Int {
        add(Self.header(0x4, bytes.count) + bytes)
    }

    public mutating func array(_ elements: [Int], at number: Int? = nil) -> Int {
        set(Self.header(0xA, elements.count) + Self.references(elements), at: number)
    }

    public mutating func dictionary(_ entries: [(key: Int, value: Int)], at number: Int? = nil) -> Int {
        set(Self.header(0xD, entries.count) + Self.references(entries.map(\.key)) + Self.references(entries.map(\.value)), at: number)
    }

    private mutating func set(_ encoded: [UInt8], at number: Int?) -> Int {
        guard let number else { return add(encoded) }
        objects[number] = encoded
        return number
    }

    /// The file, with `top` as its root.
    public func bytes(top: Int) -> [UInt8] {
        var file = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(file.count)
            file += object
        }
        let tableOffset = file.count
        for offset in offsets { file += [UInt8(offset >> 24 & 0xFF), UInt8(offset >> 16 & 0xFF), UInt8(offset >> 8 & 0xFF), UInt8(offset & 0xFF)] }
        func eight(_ value: Int) -> [UInt8] { (0..<8).map { UInt8(value >> ((7 - $0) * 8) & 0xFF) } }
        file += [0, 0, 0, 0, 0, 0, 4, 2] + eight(objects.count) + eight(top) + eight(tableOffset)
        return file
    }

    /// Arrays `levels` deep, each holding the next one twice: a few bytes per level, 2^levels
    /// leaves once expanded. Answers the outermost array.
    public mutating func doublingArrays(levels: Int, leaf: Int) -> Int {
        var inner = leaf
        for _ in 0..<levels { inner = array([inner, inner]) }
        return inner
    }

    /// A Safari web archive whose main resource is `html` and whose `extra` key (e.g.
    /// `WebSubresources`) holds `value`.
    public mutating func webArchive(html: String, extra: (key: String, value: Int)? = nil) -> Int {
        let main = dictionary([
            (string("WebResourceData"), data(Array(html.utf8))),
            (string("WebResourceMIMEType"), string("text/html")),
            (string("WebResourceURL"), string("https://example.com/archived")),
        ])
        var entries = [(key: string("WebMainResource"), value: main)]
        if let extra { entries.append((string(extra.key), extra.value)) }
        return dictionary(entries)
    }

    /// A web archive whose subresources are arrays `levels` deep, each holding the next twice.
    public static func doublingWebArchive(levels: Int) -> [UInt8] {
        var builder = BinaryPlistBuilder()
        let leaf = builder.string("shared")
        let arrays = builder.doublingArrays(levels: levels, leaf: leaf)
        let top = builder.webArchive(html: "<title>Shared</title><p>x</p>", extra: ("WebSubresources", arrays))
        return builder.bytes(top: top)
    }
}
