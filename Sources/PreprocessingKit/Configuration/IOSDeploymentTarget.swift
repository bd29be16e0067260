import Foundation

/// The oldest iOS an extension ships to, as its configuration says: `MinimumOSVersion` (or an
/// `IPHONEOS_DEPLOYMENT_TARGET` entry) in the Info.plist, else `IPHONEOS_DEPLOYMENT_TARGET` in an
/// `.xcconfig` file in the plist's folder. `check` runs the script as that iOS's Safari.
public enum IOSDeploymentTarget {
    /// The version text and where it was found (`MinimumOSVersion in Info.plist`); nil when the
    /// configuration does not say.
    public static func find(plistPath: String) -> (version: String, source: String)? {
        let plist = ExtensionInfoPlist(contentsOf: URL(fileURLWithPath: plistPath), fileName: plistPath)
        let name = (plistPath as NSString).lastPathComponent
        for key in ["MinimumOSVersion", "IPHONEOS_DEPLOYMENT_TARGET"] {
            if let value = plist.root?[key]?.stringValue, IOSVersion(value) != nil { return (value, "\(key) in \(name)") }
        }
        let folder = (plistPath as NSString).deletingLastPathComponent
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        for file in files.sorted() where file.hasSuffix(".xcconfig") {
            let path = folder.isEmpty ? file : folder + "/" + file
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            for line in text.split(whereSeparator: \.isNewline) {
                let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2, parts[0] == "IPHONEOS_DEPLOYMENT_TARGET", IOSVersion(parts[1]) != nil {
                    return (parts[1], "IPHONEOS_DEPLOYMENT_TARGET in \(file)")
                }
            }
        }
        return nil
    }
}
