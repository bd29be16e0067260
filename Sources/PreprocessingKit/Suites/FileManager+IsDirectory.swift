import Foundation

extension FileManager {
    /// Whether `path` names a folder (following links).
    public func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}
