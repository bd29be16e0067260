import Foundation

/// Reads Safari `.webarchive` files: a property list (binary or XML) holding the main resource,
/// subresources and subframe archives.
enum WebArchiveReader {
    /// One archived document: the main resource of the archive or of a subframe archive.
    struct Archive {
        var data: [UInt8]
        var url: String
        var mimeType: String
        var textEncodingName: String?
        var frameName: String?
        var subresourceCount: Int
        var subframes: [Archive]
    }

    /// Whether the bytes look like a property list whose top level could be a web archive.
    static func looksLikeWebArchive(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: Array("bplist00".utf8)) { return true }
        return MHTMLReader.find(Array("<plist".utf8), in: Array(bytes.prefix(512)), from: 0) != nil
            && MHTMLReader.find(Array("WebMainResource".utf8), in: Array(bytes.prefix(4096)), from: 0) != nil
    }

    /// Parses an archive; throws a message when it is not one, or (`tooLarge`) when its
    /// shared objects would expand past `expansionLimit` bytes once read.
    static func read(_ bytes: [UInt8], expansionLimit: Int) throws -> Archive {
        if let refusal = BinaryPlistShape.refusal(bytes, limit: expansionLimit) {
            var failure = ReadError("the web archive cannot be read: " + refusal.message)
            if case .tooLarge = refusal { failure.tooLarge = true }
            throw failure
        }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            throw ReadError("the web archive is not a readable property list (\(error.localizedDescription))")
        }
        guard let dictionary = plist as? [String: Any] else { throw ReadError("the web archive's property list is not a dictionary") }
        return try archive(from: dictionary)
    }

    struct ReadError: Error {
        var message: String
        /// The archive is well formed but would take more memory than the limit allows.
        var tooLarge = false
        init(_ message: String) { self.message = message }
    }

    static func archive(from dictionary: [String: Any]) throws -> Archive {
        guard let main = dictionary["WebMainResource"] as? [String: Any] else {
            throw ReadError("the property list has no WebMainResource, so it is not a Safari web archive")
        }
        let data: [UInt8]
        if let bytes = main["WebResourceData"] as? Data {
            data = [UInt8](bytes)
        } else if let text = main["WebResourceData"] as? String {
            data = Array(text.utf8)
        } else {
            throw ReadError("the web archive's main resource has no WebResourceData")
        }
        let subframes = try (dictionary["WebSubframeArchives"] as? [Any] ?? []).compactMap { item -> Archive? in
            guard let frame = item as? [String: Any] else { return nil }
            return try archive(from: frame)
        }
        return Archive(
            data: data,
            url: main["WebResourceURL"] as? String ?? "",
            mimeType: main["WebResourceMIMEType"] as? String ?? "text/html",
            textEncodingName: main["WebResourceTextEncodingName"] as? String,
            frameName: main["WebResourceFrameName"] as? String,
            subresourceCount: (dictionary["WebSubresources"] as? [Any])?.count ?? 0,
            subframes: subframes
        )
    }
}
