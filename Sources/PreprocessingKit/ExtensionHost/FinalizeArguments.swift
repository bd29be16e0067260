import Foundation

/// A fixed dictionary for finalize, as the command line and suites give it: inline JSON,
/// `@file.json` or `@file.plist`.
public enum FinalizeArguments {
    /// Why the text is not a dictionary finalize can receive; `message` names the option.
    public struct ReadError: Error, Equatable {
        public var message: String
    }

    /// `'{"k":"v"}'`, `@file.json` or `@file.plist`.
    public static func read(_ text: String) throws(ReadError) -> PropertyListValue {
        let value: PropertyListValue
        if text.hasPrefix("@") {
            let path = String(text.dropFirst())
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ReadError(message: "--finalize-args: cannot read \(path)")
            }
            if path.hasSuffix(".plist") || data.starts(with: Array("bplist".utf8)) || data.starts(with: Array("<?xml".utf8)) {
                do { value = try PropertyListValue(propertyList: data) } catch let refusal as BinaryPlistShape.Refusal {
                    throw ReadError(message: "--finalize-args: \(path) is not read: \(refusal.message)")
                } catch {
                    throw ReadError(message: "--finalize-args: \(path) is not a valid property list")
                }
            } else {
                do { value = try PropertyListValue(json: data) } catch {
                    throw ReadError(message: "--finalize-args: \(path) is not valid JSON (\(describe(error)))")
                }
            }
        } else {
            do { value = try PropertyListValue(json: Data(text.utf8)) } catch {
                throw ReadError(message: "--finalize-args is not valid JSON (\(describe(error)))")
            }
        }
        guard value.dictionaryValue != nil else {
            throw ReadError(message: "--finalize-args must be a JSON object or a plist dictionary (finalize receives a dictionary)")
        }
        return value
    }

    private static func describe(_ error: Error) -> String {
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
    }
}
