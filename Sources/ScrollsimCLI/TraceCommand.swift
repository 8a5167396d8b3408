import ArgumentParser
import SimCore

struct TraceCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trace",
    abstract: "Look at, cut and convert traces.",
    subcommands: [TraceInfo.self, TraceSlice.self, TraceScale.self])
}

struct TraceInfo: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info",
    abstract: "Duration, gestures, distance, and gesture duration, length, release velocity and pause distributions.")

  @Option(help: "table or json.") var format: ReportFormat = .table
  @Argument(help: "Trace files.") var files: [String]

  func validate() throws {
    guard !files.isEmpty else { throw ValidationError("give at least one trace file") }
    guard format == .table || format == .json else { throw ValidationError("--format must be table or json") }
  }

  func run() throws {
    try reportingErrors { () throws(SimError) in
      var items: [JSONValue] = []
      for file in files {
        let stats = TraceStats(try Trace.load(path: file))
        if format == .json {
          items.append(.object([("file", .string(file))] + (stats.json.members ?? [])))
        } else {
          print("\(file)\n\(stats.text)")
        }
      }
      if format == .json { print(JSONWriter.pretty(.array(items))) }
    }
  }
}

struct TraceSlice: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "slice", abstract: "Keep the part of a trace between two times (it then starts at 0.5 s).")

  @Option(help: "Start (s).") var from: Double
  @Option(help: "End (s).") var to: Double
  @Option(name: .shortAndLong, help: ArgumentHelp("Output file (atomic); stdout if absent.", valueName: "file"))
  var output: String?
  @Argument(help: "The trace file.") var file: String

  func run() throws {
    try reportingErrors { () throws(SimError) in
      try emit(try TraceTools.slice(Trace.load(path: file), from: from, to: to).encoded(), to: output)
    }
  }
}

struct TraceScale: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scale",
    abstract: "Multiply positions and the viewport by a factor (e.g. 0.3333 turns 3× pixels into points).")

  @Option(help: "The factor.") var factor: Double
  @Option(name: .shortAndLong, help: ArgumentHelp("Output file (atomic); stdout if absent.", valueName: "file"))
  var output: String?
  @Argument(help: "The trace file.") var file: String

  func run() throws {
    try reportingErrors { () throws(SimError) in
      try emit(try TraceTools.scale(Trace.load(path: file), factor: factor).encoded(), to: output)
    }
  }
}
