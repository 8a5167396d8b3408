import Foundation

/// One input of a comparison or a sweep: a trace and the name it is reported under.
public struct NamedTrace: Sendable {
  public var name: String
  public var trace: Trace
  public init(name: String, trace: Trace) {
    self.name = name
    self.trace = trace
  }

  /// Each trace file (a folder: its `.json` files at any depth, `TraceFolder`), named by its
  /// path within the folder given (a file given alone: its file name), or the embedded default
  /// when there is none (what `run`, `compare`, `sweep` and `bench` take
  /// as their TRACE arguments).
  /// Files are read and decoded on `jobs` threads; the first bad file in order is the error.
  package static func load(_ paths: [String], jobs: Int = 1) throws(SimError) -> [NamedTrace] {
    let sessions = try Sessions.files(paths)
    return try sessions.read(Array(0..<sessions.count), threads: jobs) { $0 }
  }

  /// The name a trace file is reported under: its file name (`Traces/a.json` → `a.json`).
  package static func name(of path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }
}
