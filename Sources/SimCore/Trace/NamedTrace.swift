import Foundation

/// One input of a comparison or a sweep: a trace and the name it is reported under.
public struct NamedTrace: Sendable {
  public var name: String
  public var trace: Trace
  public init(name: String, trace: Trace) {
    self.name = name
    self.trace = trace
  }

  /// The name a trace file is reported under: its file name (`Traces/a.json` → `a.json`).
  package static func name(of path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }
}
