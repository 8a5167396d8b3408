import ArgumentParser
import Foundation
import SimCore

struct MergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Join the shards of a sweep, or of a comparison over a population; every shard must appear exactly once.",
    discussion: """
      Sweep shards (CSV): the merged table is byte for byte the unsharded run's.
        scrollsim merge shard-*.csv -o sweep.csv --summary sweep.md
      Population shards (JSON of `compare --shard K/N --format json`): the merged report, in
      any format, is byte for byte what `compare` prints over the whole population. Shards are
      read one at a time; memory holds one summary, not the sessions.
        scrollsim merge part-*.json --format md --for p90
      """)

  @OptionGroup var outputs: SweepOutputs

  @Option(
    help: ArgumentHelp("Population shards: the report's format (table, md, json, csv).", valueName: "format"))
  var format: ReportFormat = .table

  @Option(
    name: .customLong("for"),
    help: ArgumentHelp(
      "Population shards: what ranks the strategies (mean, p50, p90 or p99 of the per-session wait).",
      valueName: "key"))
  var rankFor: PopulationKey = .mean

  @Argument(help: "Shard files: sweep CSVs, or population JSONs.") var files: [String]

  func validate() throws {
    guard !files.isEmpty else { throw ValidationError("give the shard files") }
  }

  func run() throws {
    try reportingErrors { () throws(SimError) in
      // The first file says which kind of shards these are; each is read once.
      let first = try AtomicFile.read(files[0])
      if Self.isJSON(first) { return try mergePopulation(first: first) }
      let objective = try Objective(outputs.objective)  // a bad one fails before the shards are read
      var tables: [(file: String, table: SweepTable)] = []
      for (index, file) in files.enumerated() {
        let bytes = index == 0 ? first : try AtomicFile.read(file)
        guard !Self.isJSON(bytes) else { throw Self.mixed }
        tables.append((file, try SweepTable.read(String(decoding: bytes, as: UTF8.self), file: file)))
      }
      try outputs.write(try SweepTable.merge(tables), objective: objective)
    }
  }

  static let mixed = SimError(.usage, "give sweep shards (CSV) or population shards (JSON), not both")

  /// Whether a file opens with `{` (a JSON report) rather than a CSV header.
  static func isJSON(_ bytes: [UInt8]) -> Bool {
    bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
  }

  /// Population shards joined one at a time (`first`: the first file's bytes).
  private func mergePopulation(first: [UInt8]) throws(SimError) {
    guard outputs.summary == nil, outputs.svg == nil else {
      throw SimError(.usage, "--summary and --svg are for sweep shards; population shards take --format and --for")
    }
    var join = try PopulationJoin(PopulationShard.read(bytes: first, file: files[0]), file: files[0])
    for file in files.dropFirst() {
      let bytes = try AtomicFile.read(file)
      guard Self.isJSON(bytes) else { throw Self.mixed }
      try join.add(PopulationShard.read(bytes: bytes, file: file), file: file)
    }
    let (provenance, summary) = try join.finish()
    let text = PopulationReport.render(summary, key: rankFor, format: format, provenance: provenance)
    try emit(text, to: outputs.output)
  }
}
