import ArgumentParser
import SimCore

struct TraceCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trace",
    abstract: "Look at, cut and convert traces.",
    subcommands: [TraceInfo.self, TraceSlice.self, TraceScale.self, TraceOffsets.self])
}

struct TraceInfo: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info",
    abstract: "Duration, gestures, distance, and gesture duration, length, release velocity and pause distributions.",
    discussion: """
      Also how far the trace takes the list when nothing makes the user wait (rows seen, the \
      furthest row) over the built-in scenario, or --scenario/--set, with its physics or \
      --physics; it warns when that is too little to tell strategies apart: the end of the first \
      page never reached, or fewer rows seen than three pages.

      Example: scrollsim trace info --set feed.pageSize=10 Traces/reader-60s.json
      """)

  @Option(help: "table or json.") var format: ReportFormat = .table
  @Option(
    help: ArgumentHelp(
      "A scenario JSON file for the rows the trace reaches (see `scrollsim scenario`).", valueName: "file"))
  var scenario: String?
  @Option(
    name: .customLong("set"),
    help: ArgumentHelp(
      "Override one scenario field by JSON path, e.g. --set feed.pageSize=10.", valueName: "path=value"))
  var overrides: [String] = []
  @Option(
    help: ArgumentHelp(
      "Physics preset instead of the trace's: \(PhysicsPresets.names.joined(separator: ", ")).", valueName: "name"),
    completion: .list(PhysicsPresets.names))
  var physics: String?
  @Argument(help: "Trace files.") var files: [String]

  func validate() throws {
    guard !files.isEmpty else { throw ValidationError("give at least one trace file") }
    guard format == .table || format == .json else { throw ValidationError("--format must be table or json") }
  }

  func run() throws {
    try reportingErrors { () throws(SimError) in
      let scenario = try Scenario.load(file: scenario, overlays: [], overrides: overrides)
      if let physics { _ = try PhysicsPresets.lookup(physics) }
      var items: [JSONValue] = []
      for file in files {
        let trace = try Trace.load(path: file)
        let stats = TraceStats(trace)
        let reach = try TraceReach.of(trace, scenario: scenario, options: SimulationOptions(physics: physics))
        let warnings = stats.warnings + (reach.warning.map { [$0] } ?? [])
        if format == .json {
          let members = (stats.json.members ?? []).filter { $0.0 != "warnings" }
          items.append(
            .object(
              [("file", .string(file))] + members + [
                ("reach", reach.json), ("warnings", .array(warnings.map { .string($0) })),
              ]))
        } else {
          try writeStandardOutput("\(file)\n\(stats.summary)\n  \(reach.text)\n\(TraceStats.warningLines(warnings))")
        }
      }
      if format == .json {
        try writeStandardOutput(
          JSONWriter.pretty(.object(DocumentFormat.traceInfo.header + [("traces", .array(items))])) + "\n")
      }
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
      try emit(try TraceTools.slice(Trace.load(path: file), from: from, to: to).checkedEncoding(), to: output)
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
      try emit(try TraceTools.scale(Trace.load(path: file), factor: factor).checkedEncoding(), to: output)
    }
  }
}

struct TraceOffsets: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "offsets",
    abstract: "Turn a touch trace into the offsets trace its physics produce (an offsets trace is copied).",
    discussion: """
      The content offset at every frame that scrolled, as the physics preset (the trace's, or \
      --physics) turns the touches into drags and flings over a list that never ends. Replaying \
      it moves a list the same way without the physics: Validation/ plays it in Chromium frame \
      by frame.

      Example: scrollsim trace offsets --physics chromium Traces/skimmer-60s.json -o skim-offsets.json
      """)

  @Option(
    help: ArgumentHelp(
      "Physics preset instead of the trace's: \(PhysicsPresets.names.joined(separator: ", ")).", valueName: "name"))
  var physics: String?
  @Option(name: .shortAndLong, help: ArgumentHelp("Output file (atomic); stdout if absent.", valueName: "file"))
  var output: String?
  @Argument(help: "The trace file.") var file: String

  func run() throws {
    try reportingErrors { () throws(SimError) in
      if let physics { _ = try PhysicsPresets.lookup(physics) }
      try emit(
        try TrajectoryRecorder.offsets(of: Trace.load(path: file), physics: physics).checkedEncoding(), to: output)
    }
  }
}
