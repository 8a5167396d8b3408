import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal the report is printed on, if any.
enum Terminal {
  /// Columns of the terminal on stdout: `$COLUMNS` when set (shells export it; tests set it),
  /// else the window size the terminal reports; nil when stdout is not a terminal (a pipe or
  /// a file gets every column).
  static func standardOutputWidth() -> Int? {
    if let text = ProcessInfo.processInfo.environment["COLUMNS"], let columns = Int(text), columns > 0 {
      return isatty(STDOUT_FILENO) == 1 ? columns : nil
    }
    guard isatty(STDOUT_FILENO) == 1 else { return nil }
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
