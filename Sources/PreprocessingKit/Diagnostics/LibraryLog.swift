import Foundation

/// Where the library's messages about its own set-up go (a DOM source folder that cannot be
/// read, a worker that cannot read its case): the library never writes to standard error; the
/// program that uses it chooses (the command line sends them to standard error). Messages given
/// before a destination is set are kept and handed to it when it is.
public enum LibraryLog {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var destination: (@Sendable (String) -> Void)?
    nonisolated(unsafe) private static var pending: [String] = []

    /// Sends every message, those kept so far first, to `write` (one line each, no newline).
    public static func send(to write: @escaping @Sendable (String) -> Void) {
        let kept = lock.withLock {
            destination = write
            defer { pending.removeAll() }
            return pending
        }
        kept.forEach(write)
    }

    /// The messages given while no destination was set.
    public static func takePending() -> [String] {
        lock.withLock {
            defer { pending.removeAll() }
            return pending
        }
    }

    static func write(_ line: String) {
        let current: (@Sendable (String) -> Void)? = lock.withLock {
            if destination == nil { pending.append(line) }
            return destination
        }
        current?(line)
    }
}
