import CZlib
import Foundation

/// Inflates gzip files (`page.html.gz`, or any file starting with the gzip magic bytes).
enum GzipInflater {
    static func isGzip(_ bytes: [UInt8]) -> Bool { bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B }

    enum Failure: Error { case corrupt, tooLarge }

    /// The inflated bytes, or nil if the stream is corrupt. Concatenated gzip members are all inflated.
    static func inflate(_ compressed: [UInt8]) -> [UInt8]? {
        try? inflate(compressed, limit: .max)
    }

    /// The inflated bytes; throws `.corrupt` for a corrupt or truncated stream and `.tooLarge`
    /// as soon as the output passes `limit` bytes (a gzip bomb stops there).
    static func inflate(_ compressed: [UInt8], limit: Int) throws -> [UInt8] {
        var tooLarge = false
        let result = inflate(compressed, limit: limit, tooLarge: &tooLarge)
        if tooLarge { throw Failure.tooLarge }
        guard let result else { throw Failure.corrupt }
        return result
    }

    private static func inflate(_ compressed: [UInt8], limit: Int, tooLarge: inout Bool) -> [UInt8]? {
        var stream = z_stream()
        // 15 window bits + 16: gzip wrapper only.
        guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        output.reserveCapacity(compressed.count * 4)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var input = compressed
        return input.withUnsafeMutableBufferPointer { inputBuffer -> [UInt8]? in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputBuffer.count)
            while true {
                let status: Int32 = chunk.withUnsafeMutableBufferPointer { chunkBuffer in
                    stream.next_out = chunkBuffer.baseAddress
                    stream.avail_out = uInt(chunkBuffer.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                output.append(contentsOf: chunk[0..<(chunk.count - Int(stream.avail_out))])
                if output.count > limit { tooLarge = true; return nil }
                switch status {
                case Z_STREAM_END:
                    // Another member may follow (`cat a.gz b.gz`); trailing zero padding is ignored.
                    guard stream.avail_in > 0, stream.next_in.pointee == 0x1F else { return output }
                    guard inflateReset(&stream) == Z_OK else { return output }
                case Z_OK:
                    continue
                case Z_BUF_ERROR where stream.avail_in == 0:
                    return nil  // truncated
                default:
                    return nil
                }
            }
        }
    }
}
