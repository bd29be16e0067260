// `import Social` gives UIKit too (SLComposeServiceViewController is a UIViewController).
@_exported import UIKit
