import Foundation

/// One input of a comparison or a sweep: a trace and the name it is reported under.
public struct NamedTrace: Sendable {
  public var name: String
  public var trace: Trace
  public init(name: String, trace: Trace) {
    self.name = name
    self.trace = trace
  }

  /// Each trace file (a folder: its `.json` files, `TraceFolder`), named by its file name, or
  /// the embedded default when there is none (what `run`, `compare`, `sweep` and `bench` take
  /// as their TRACE arguments).
  public static func load(_ paths: [String]) throws(SimError) -> [NamedTrace] {
    if paths.isEmpty { return [Trace.embeddedDefault] }
    var traces: [NamedTrace] = []
    for path in try TraceFolder.expand(paths) {
      traces.append(NamedTrace(name: name(of: path), trace: try Trace.load(path: path)))
    }
    return traces
  }

  /// The name a trace file is reported under: its file name (`Traces/a.json` → `a.json`).
  public static func name(of path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }
}
