import ArgumentParser
import Foundation
import SimCore

extension TimeUnit: ExpressibleByArgument {}
extension GeteventImporter.Axis: ExpressibleByArgument {}

struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Turn a touch log or an offset log into a scrollsim trace.",
    discussion: """
      Each import prints a summary to stderr (gestures, duration, distance, release velocities, what was dropped and why) and refuses data it cannot trust. Each takes several files or a folder (a day of recordings) and writes their sessions into -o DIR; an input that cannot be imported is left out with its reason, and --drop-short leaves out the sessions too short to separate strategies, with a count of why. Details: docs/recording.md.
      """,
    subcommands: [TouchCSV.self, Getevent.self, Offsets.self])
}

extension ImportCommand {
  /// The inputs: each file as given, each folder's files (not hidden, in name order): a day of
  /// recordings at once.
  static func inputs(_ paths: [String]) throws(SimError) -> [String] {
    try TraceFolder.expand(paths, keeping: { _ in true }, none: "is an empty folder")
  }

  /// Each input imported by `importFile`. One input that fails is an error; of several (a day of
  /// recordings), one that fails is left out with its reason on stderr, and only none left is
  /// an error.
  static func importAll(_ paths: [String], _ importFile: (String) throws(SimError) -> ImportResult) throws(SimError)
    -> [(source: String, result: ImportResult)]
  {
    let files = try inputs(paths)
    if files.count == 1 { return [(files[0], try importFile(files[0]))] }
    var results: [(source: String, result: ImportResult)] = []
    var failed = 0
    for file in files {
      do throws(SimError) {
        results.append((file, try importFile(file)))
      } catch {
        failed += 1
        printNote("left out: \(error.inFile(file))")
      }
    }
    guard !results.isEmpty else { throw SimError(.badData, "none of the \(files.count) inputs could be imported") }
    if failed > 0 { printNote("imported \(results.count) of \(files.count) inputs; \(failed) left out (above)") }
    return results
  }
}
