import ArgumentParser
import SimCore

extension TraceCommand {
  struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "info",
      abstract: "Duration, gestures, distance, and gesture duration, length, release velocity and pause distributions.",
      discussion: """
        Also how far the trace takes the list when nothing makes the user wait (rows seen, the \
        furthest row) over the built-in scenario, or --scenario/--set, with its physics or \
        --physics; it warns when that is too little to tell strategies apart: the end of the first \
        page never reached, or fewer rows seen than three pages.

        Over a folder or several files it also summarises them as a population: the spread of         duration, furthest row, release velocity and distance a minute, the shares that leave the         first page and pass three pages, and how many cannot separate strategies. A folder prints         only the summary (--each adds each trace).

        Examples:
          scrollsim trace info --set feed.pageSize=10 Traces/lab/reader-60s.json
          scrollsim trace info Traces/population/
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
    @Flag(help: "With a folder, also each trace's numbers.") var each = false
    @OptionGroup var spacing: SampleSpacingOption
    @Argument(help: "Trace files or folders of them.") var files: [String]

    func validate() throws {
      guard !files.isEmpty else { throw ValidationError("give at least one trace file") }
      guard format == .table || format == .json else { throw ValidationError("--format must be table or json") }
    }

    func run() throws {
      try reportingErrors { () throws(SimError) in
        let scenario = try Scenario.load(file: scenario, overlays: [], overrides: overrides)
        if let physics { _ = try PhysicsPresets.lookup(physics) }
        var items: [JSONValue] = []
        let paths = try TraceFolder.expand(files)
        let eachShown = each || !files.contains(where: TraceFolder.isFolder)
        var population = TracesSummary()
        for file in paths {
          let trace = try Trace.load(path: file)
          let stats = TraceStats(trace, closestSampleInterval: spacing.seconds)
          let reach = try TraceReach.of(trace, scenario: scenario, options: SimulationOptions(physics: physics))
          population.add(stats, reach: reach)
          guard eachShown else { continue }
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
        let summarised = paths.count > 1
        if format == .json {
          let members: [(String, JSONValue)] =
            DocumentFormat.traceInfo.header + [("traces", .array(items))]
            + (summarised ? [("population", population.json)] : [])
          try writeStandardOutput(JSONWriter.pretty(.object(members)) + "\n")
        } else if summarised {
          try writeStandardOutput(population.text)
        }
      }
    }
  }
}
