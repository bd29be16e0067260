import Foundation

/// An image's format and natural size read from its header, as an image document's title
/// reports it ("photo.jpg 450×600 pixels"): the size after the Exif orientation, because WebKit
/// lays images out with `image-orientation: from-image`.
///
/// Only headers are read: nothing is decoded, so a truncated or corrupt image that WebKit could
/// not decode may still have a size here only when its header is whole (the size is nil when
/// the header is cut short or names a zero size, where WebKit's document has no title).
public struct ImageHeader: Equatable, Codable, Sendable {
    public enum Format: String, Codable, Sendable, CaseIterable {
        case png, jpeg, gif, webp, bmp, ico
    }

    public var format: Format
    public var width: Int
    public var height: Int

    public init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// The format by the bytes' signature, whatever the file is called or served as: WebKit
    /// decodes by content (a JPEG saved as `.png` and served as `image/png` still shows).
    public static func format(of bytes: [UInt8]) -> Format? {
        func starts(_ magic: [UInt8]) -> Bool { bytes.starts(with: magic) }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), bytes.count >= 12, Array(bytes[8..<12]) == Array("WEBP".utf8) { return .webp }
        if starts(Array("BM".utf8)), bytes.count >= 18 { return .bmp }
        if starts([0x00, 0x00, 0x01, 0x00]) || starts([0x00, 0x00, 0x02, 0x00]) { return .ico }
        return nil
    }

    /// The header of `bytes`, or nil when they are not an image of a known format or its size
    /// cannot be read.
    public static func read(_ bytes: [UInt8]) -> ImageHeader? {
        guard let format = format(of: bytes) else { return nil }
        let reader = ByteReader(bytes: bytes)
        let size: (Int, Int)?
        switch format {
        case .png: size = reader.pngSize()
        case .jpeg: size = reader.jpegSize()
        case .gif: size = reader.gifSize()
        case .webp: size = reader.webpSize()
        case .bmp: size = reader.bmpSize()
        case .ico: size = reader.icoSize()
        }
        guard let (width, height) = size, width > 0, height > 0 else { return nil }
        return ImageHeader(format: format, width: width, height: height)
    }
}

/// Bounds-checked reads of the header fields; every read past the end is nil.
private struct ByteReader {
    let bytes: [UInt8]

    func u8(_ at: Int) -> Int? { at >= 0 && at < bytes.count ? Int(bytes[at]) : nil }
    func u16be(_ at: Int) -> Int? { guard let a = u8(at), let b = u8(at + 1) else { return nil }; return a << 8 | b }
    func u16le(_ at: Int) -> Int? { guard let a = u8(at), let b = u8(at + 1) else { return nil }; return b << 8 | a }
    func u24le(_ at: Int) -> Int? { guard let low = u16le(at), let high = u8(at + 2) else { return nil }; return high << 16 | low }
    func u32be(_ at: Int) -> Int? { guard let high = u16be(at), let low = u16be(at + 2) else { return nil }; return high << 16 | low }
    func u32le(_ at: Int) -> Int? { guard let low = u16le(at), let high = u16le(at + 2) else { return nil }; return high << 16 | low }
    func ascii(_ at: Int, _ text: String) -> Bool {
        let expected = Array(text.utf8)
        return at >= 0 && at + expected.count <= bytes.count && Array(bytes[at..<at + expected.count]) == expected
    }

    /// PNG: the IHDR chunk, which must come first (https://www.w3.org/TR/png/#11IHDR).
    func pngSize() -> (Int, Int)? {
        guard ascii(12, "IHDR"), let width = u32be(16), let height = u32be(20) else { return nil }
        return (width, height)
    }

    /// GIF: the logical screen descriptor (GIF89a §18), the canvas every frame is drawn on.
    func gifSize() -> (Int, Int)? {
        guard let width = u16le(6), let height = u16le(8) else { return nil }
        return (width, height)
    }

    /// BMP: the DIB header after the 14-byte file header; the OS/2 header (12 bytes) has 16-bit
    /// sizes, the others signed 32-bit ones, a negative height meaning top-down rows.
    func bmpSize() -> (Int, Int)? {
        guard let headerSize = u32le(14) else { return nil }
        if headerSize == 12 {
            guard let width = u16le(18), let height = u16le(20) else { return nil }
            return (width, height)
        }
        guard let width = u32le(18), let height = u32le(22) else { return nil }
        return (abs(Int(Int32(truncatingIfNeeded: width))), abs(Int(Int32(truncatingIfNeeded: height))))
    }

    /// ICO/CUR: the directory's largest entry, the one WebKit's decoder shows (a width or height
    /// byte of 0 means 256).
    func icoSize() -> (Int, Int)? {
        guard let count = u16le(4), count > 0 else { return nil }
        var best: (Int, Int)?
        for index in 0..<min(count, 256) {
            let entry = 6 + index * 16
            guard let w = u8(entry), let h = u8(entry + 1) else { break }
            let size = (w == 0 ? 256 : w, h == 0 ? 256 : h)
            if best.map({ size.0 * size.1 > $0.0 * $0.1 }) ?? true { best = size }
        }
        return best
    }

    /// WebP: the first chunk, `VP8 ` (lossy: the key frame's 14-bit sizes), `VP8L` (lossless:
    /// 14-bit sizes minus one, packed) or `VP8X` (extended: the 24-bit canvas size minus one).
    func webpSize() -> (Int, Int)? {
        if ascii(12, "VP8X") {
            guard let width = u24le(24), let height = u24le(27) else { return nil }
            return (width + 1, height + 1)
        }
        if ascii(12, "VP8L") {
            guard u8(20) == 0x2F, let b0 = u8(21), let b1 = u8(22), let b2 = u8(23), let b3 = u8(24) else { return nil }
            let width = (b0 | (b1 & 0x3F) << 8) + 1
            let height = ((b1 >> 6) | b2 << 2 | (b3 & 0x0F) << 10) + 1
            return (width, height)
        }
        if ascii(12, "VP8 ") {
            guard u8(23) == 0x9D, u8(24) == 0x01, u8(25) == 0x2A, let width = u16le(26), let height = u16le(28) else { return nil }
            return (width & 0x3FFF, height & 0x3FFF)
        }
        return nil
    }

    /// JPEG: the first start-of-frame marker's size, swapped when the Exif orientation (an APP1
    /// segment before it) turns the image a quarter (orientations 5 to 8).
    func jpegSize() -> (Int, Int)? {
        var at = 2
        var quarterTurn = false
        while let marker = u8(at), marker == 0xFF {
            guard let code = u8(at + 1) else { return nil }
            // Fill bytes, and markers without a length (TEM, RSTn).
            if code == 0xFF { at += 1; continue }
            if code == 0x01 || (0xD0...0xD7).contains(code) { at += 2; continue }
            guard let length = u16be(at + 2), length >= 2 else { return nil }
            let isStartOfFrame = (0xC0...0xCF).contains(code) && ![0xC4, 0xC8, 0xCC].contains(code)
            if isStartOfFrame {
                guard let height = u16be(at + 5), let width = u16be(at + 7) else { return nil }
                return quarterTurn ? (height, width) : (width, height)
            }
            if code == 0xE1, ascii(at + 4, "Exif\0\0"), let orientation = exifOrientation(tiff: at + 10, end: at + 2 + length) {
                quarterTurn = (5...8).contains(orientation)
            }
            if code == 0xDA { return nil }
            at += 2 + length
        }
        return nil
    }

    /// Tag 0x0112 of the Exif TIFF header's first IFD, starting at `tiff`.
    private func exifOrientation(tiff: Int, end: Int) -> Int? {
        let little: Bool
        if ascii(tiff, "II") { little = true } else if ascii(tiff, "MM") { little = false } else { return nil }
        func u16(_ at: Int) -> Int? { at + 2 <= end ? (little ? u16le(at) : u16be(at)) : nil }
        func u32(_ at: Int) -> Int? { at + 4 <= end ? (little ? u32le(at) : u32be(at)) : nil }
        guard let ifdOffset = u32(tiff + 4), let count = u16(tiff + ifdOffset) else { return nil }
        for index in 0..<count {
            let entry = tiff + ifdOffset + 2 + index * 12
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112 { return u16(entry + 8) }
        }
        return nil
    }
}
