/// The exit codes of `preprocess-sim` and its suite workers, documented in the README.
public enum ProcessExitCode {
    /// The exchange completed (no error diagnostics); every suite case passed.
    public static let success: Int32 = 0
    /// The script, handler or configuration failed (an error diagnostic); a case failed.
    public static let failure: Int32 = 1
    /// Bad usage or an unreadable input.
    public static let usage: Int32 = 2
}
