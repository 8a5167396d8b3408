/// An error a user can act on: it names the file, the JSON path and what is wrong.
///
/// The CLI maps `kind` to sysexits-style exit codes (64 usage, 65 bad data, 66 missing input,
/// 73 cannot write), so scripts can tell a typo on the command line from a broken trace file.
public struct SimError: Error, CustomStringConvertible, Equatable, Sendable {
  /// What went wrong, and so the exit code.
  public enum Kind: Sendable, Equatable {
    /// The command line asked for something that does not exist (strategy, parameter, option).
    case usage
    /// A file was read but its content is wrong.
    case badData
    /// A file could not be read.
    case noInput
    /// A file could not be written.
    case cannotWrite
    /// The user interrupted (Ctrl-C); what finished was kept.
    case interrupted
    /// The process was asked to stop (SIGTERM: a CI timeout, `kill`); what finished was kept.
    case terminated
  }

  public var kind: Kind
  /// The file the problem is in, if any.
  public var file: String?
  /// The JSON path inside `file` (e.g. `$.touches[3].t`), if any.
  public var path: String?
  public var message: String

  public init(_ kind: Kind, file: String? = nil, path: String? = nil, _ message: String) {
    self.kind = kind
    self.file = file
    self.path = path
    self.message = message
  }

  public var description: String {
    var parts: [String] = []
    if let file { parts.append(file) }
    if let path { parts.append(path) }
    parts.append(message)
    return parts.joined(separator: ": ")
  }

  /// The process exit code for this error (BSD sysexits).
  public var exitCode: Int32 {
    switch kind {
    case .usage: 64
    case .badData: 65
    case .noInput: 66
    case .cannotWrite: 73
    case .interrupted: 130
    case .terminated: 143
    }
  }

  /// The same error, attributed to `file` when it does not name one yet.
  package func inFile(_ file: String) -> SimError {
    var copy = self
    if copy.file == nil { copy.file = file }
    return copy
  }
}
