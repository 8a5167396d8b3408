import Foundation

/// What scrollsim does with a helper's stderr (`SCROLLSIM_HELPER_STDERR`). By default it keeps
/// the last lines for an error message and shows nothing while runs succeed; `inherit` also
/// passes every line through to scrollsim's own stderr as it comes, after the strategy's name
/// in brackets, so a port's debug prints need no log file. Lines written before the handshake
/// names the strategy wait for its name (or, if it never comes, go out under the command).
enum HelperStderr {
  static let variable = "SCROLLSIM_HELPER_STDERR"

  /// The setting, read once: nil when unset or empty, else its value.
  static let setting: String? = {
    guard let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty else { return nil }
    return value
  }()

  /// Lines pass through.
  static var inherits: Bool { setting == "inherit" }

  /// A value other than `inherit` or `keep` is a usage error (exit 64) before any helper starts,
  /// rather than a silent default.
  static func check(_ setting: String? = setting) throws(SimError) {
    guard let setting, setting != "inherit", setting != "keep" else { return }
    throw SimError(
      .usage,
      "\(variable)=\(JSONWriter.quoted(setting)) is not a setting: inherit passes each helper's stderr through, "
        + "each line after the strategy's name; keep (the default) keeps its last lines for error messages")
  }

  /// One helper's pass-through: splits its stderr into lines and writes each, labelled, to
  /// scrollsim's stderr. Writes from helpers on other threads are whole lines, never interleaved.
  struct Passthrough {
    /// The strategy's name once the handshake gave it.
    var label: String?
    /// Where lines go: scrollsim's stderr (a test gives a pipe).
    var output: Int32 = 2
    private var partial: [UInt8] = []
    private var held: [[UInt8]] = []
    private static let lock = NSLock()

    /// Takes a chunk of stderr: its complete lines go out (or wait for the label).
    mutating func take(_ chunk: ArraySlice<UInt8>) {
      partial.append(contentsOf: chunk)
      while let newline = partial.firstIndex(of: 10) {
        held.append(Array(partial[..<newline]))
        partial.removeSubrange(...newline)
      }
      if label != nil { flush(under: label!) }
    }

    /// Writes the lines held, and at the end (`final`) a last line without its newline.
    mutating func flush(under name: String, final: Bool = false) {
      if final && !partial.isEmpty {
        held.append(partial)
        partial = []
      }
      guard !held.isEmpty else { return }
      var out: [UInt8] = []
      for line in held { out += Array("[\(name)] ".utf8) + line + [10] }
      held = []
      Self.lock.lock()
      defer { Self.lock.unlock() }
      var written = 0
      while written < out.count {
        let count = out.withUnsafeBytes { write(output, $0.baseAddress! + written, out.count - written) }
        if count > 0 {
          written += count
        } else if count < 0 && errno == EINTR {
          continue
        } else {
          return  // scrollsim's stderr is closed or full: the lines are dropped, the run goes on
        }
      }
    }
  }
}
