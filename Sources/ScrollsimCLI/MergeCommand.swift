import ArgumentParser
import SimCore

struct MergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Join sweep shards; every configuration must appear exactly once.",
    discussion: """
      The merged table is byte for byte the unsharded run's. Example:
        scrollsim merge shard-*.csv -o sweep.csv --summary sweep.md
      """)

  @OptionGroup var outputs: SweepOutputs

  @Argument(help: "Shard CSV files.") var files: [String]

  func validate() throws {
    guard !files.isEmpty else { throw ValidationError("give the shard files") }
  }

  func run() throws {
    try reportingErrors { () throws(SimError) in
      let objective = try Objective(outputs.objective)  // a bad one fails before the shards are read
      var tables: [(file: String, table: SweepTable)] = []
      for file in files {
        tables.append((file, try SweepTable.read(String(decoding: AtomicFile.read(file), as: UTF8.self), file: file)))
      }
      try outputs.write(try SweepTable.merge(tables), objective: objective)
    }
  }
}
