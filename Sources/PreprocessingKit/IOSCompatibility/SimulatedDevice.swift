import Foundation

/// The device Safari runs on (`--device iphone|ipad`): its screen as the page measures it, and
/// how Safari presents itself there. Both are held upright (portrait, `window.orientation` 0).
///
/// | device   | model                      | screen (CSS px) | ratio | platform   | touch points | user agent          |
/// |----------|----------------------------|-----------------|-------|------------|--------------|---------------------|
/// | `iphone` | iPhone 16e (6.1-inch)      | 390 × 844       | 3     | `iPhone`   | 5            | iPhone's, mobile    |
/// | `ipad`   | iPad Air 11-inch (M3)      | 820 × 1180      | 2     | `MacIntel` | 5            | a Mac's (iPadOS 13+) |
///
/// Screens are Apple's published tech specs (support.apple.com, "iPhone 16e - Tech Specs" and
/// "iPad Air 11-inch (M3) - Tech Specs"), in points, pixels ÷ scale: the iPhone 16e's
/// 2532-by-1170 pixels at 460 ppi at scale 3 (the iPhone 12 to 14's too), the iPad Air 11-inch's
/// 2360-by-1640 pixels at 264 ppi at scale 2 (the M2 model's display is the same). The layout
/// viewport (`innerWidth`, the root's `clientWidth`, media queries' `width`) follows from the
/// screen and the page's viewport tag as Safari's rule gives it (DOM/js/viewport.js): 980 CSS
/// pixels wide without a tag, the device's width with `width=device-width`.
///
/// From iPadOS 13 Safari on an iPad asks for desktop pages by default: it sends the user agent
/// of Safari on a Mac and says `MacIntel`, while `maxTouchPoints` still tells a touch screen
/// (pages that look for "iPad" or "iPhone" in the user agent take their desktop branch).
public struct SimulatedDevice: Equatable, Sendable {
    /// The `--device` word.
    public let name: String
    /// The model whose screen is simulated.
    public let model: String
    /// `screen.width` × `screen.height` in portrait, CSS pixels.
    public let screenWidth: Int
    public let screenHeight: Int
    public let devicePixelRatio: Int
    public let maxTouchPoints: Int
    let isPad: Bool

    public static let iPhone = SimulatedDevice(name: "iphone", model: "iPhone 16e", screenWidth: 390, screenHeight: 844,
                                               devicePixelRatio: 3, maxTouchPoints: 5, isPad: false)
    public static let iPad = SimulatedDevice(name: "ipad", model: "iPad Air 11-inch (M3)", screenWidth: 820, screenHeight: 1180,
                                             devicePixelRatio: 2, maxTouchPoints: 5, isPad: true)
    /// Every device `--device` accepts, the default first.
    public static let all = [iPhone, iPad]
    /// `iphone, ipad`: for messages.
    public static var names: String { all.map(\.name).joined(separator: ", ") }

    /// The device a `--device` word names (case-insensitive), nil for any other word.
    public static func named(_ word: String) -> SimulatedDevice? {
        all.first { $0.name == word.lowercased() }
    }

    /// Whether Safari on this device and iOS version presents itself as a Mac (iPadOS 13 on).
    func presentsAsMac(on version: IOSVersion) -> Bool { isPad && version.major >= 13 }

    /// `navigator.platform`.
    public func platform(on version: IOSVersion) -> String {
        isPad ? (presentsAsMac(on: version) ? "MacIntel" : "iPad") : "iPhone"
    }

    /// Safari's user agent on this device with that iOS version. On an iPad from iPadOS 13 it is
    /// desktop Safari's on a Mac, whose OS token is frozen at `Intel Mac OS X 10_15_7` and whose
    /// `Version/` is the Safari release (Safari's macOS form, `(Macintosh; Intel Mac OS X 10_15_7)
    /// AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Safari/605.1.15`, as recorded in
    /// nielsleenheer.com/articles/2025/the-user-agent-string-of-safari-on-ios-26-and-macos-26 and
    /// user-agent parsers' examples; iPadOS 13 to 15 devices may have sent an earlier 10_15 token,
    /// not modelled). Before iPadOS 13 an iPad sent the iPhone's form with `iPad; CPU OS`.
    public func userAgent(for version: IOSVersion) -> String {
        let phone = IOSCompatibility.userAgent(for: version)
        guard isPad else { return phone }
        if presentsAsMac(on: version) {
            return "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/\(version.major).\(version.minor) Safari/605.1.15"
        }
        return phone.replacingOccurrences(of: "(iPhone; CPU iPhone OS ", with: "(iPad; CPU OS ")
    }
}
