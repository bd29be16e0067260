import Foundation

/// A file's bytes, read with the system's calls (`open`, `fstat`, `read`): Foundation's file
/// attributes look up the owner's user and group names (the user database, a network lookup on
/// some machines) and its `Data(contentsOf:)` is copied once more, for nothing a run needs. The
/// page and the script of every run are read this way.
enum FileBytes {
    enum Failure: Error, Equatable {
        case noFile
        case directory
        case unreadable
        /// More bytes than the limit: the file's size, or what was read when it grew past it.
        case tooLarge(Int)
    }

    /// The bytes of the file at `path`, refused (`tooLarge`) before they are read when its size
    /// is over `limit`. The size is a first guess: a file that grows while it is read (or a FIFO,
    /// size 0) is read to its end, within the limit.
    static func read(path: String, limit: Int?) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw errno == ENOENT || errno == ENOTDIR ? .noFile : errno == EISDIR ? .directory : .unreadable
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw .directory }
        let size = Int(status.st_size)
        if let limit, size > limit { throw .tooLarge(size) }
        var bytes = [UInt8](repeating: 0, count: max(size, 0) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 65_536))) }
            let read = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if read < 0 {
                if errno == EINTR { continue }
                throw errno == EISDIR ? .directory : .unreadable
            }
            if read == 0 { break }
            count += read
            if let limit, count > limit { throw .tooLarge(count) }
        }
        bytes.removeSubrange(count...)
        return bytes
    }
}
