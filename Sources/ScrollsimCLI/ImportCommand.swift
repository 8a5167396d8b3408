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
      Each import prints a summary to stderr (gestures, duration, distance, release velocities, what was dropped and why) and refuses data it cannot trust. Details: docs/recording.md.
      """,
    subcommands: [TouchCSV.self, Getevent.self, Offsets.self])
}

extension ImportCommand {
  /// Where imported traces go: one file, numbered files when split into sessions, or stdout.
  struct Output: ParsableArguments {
    @Option(
      name: .shortAndLong,
      help: ArgumentHelp(
        "Write the trace here (atomically); sessions split by --split-gap go to NAME-1.json, NAME-2.json, …",
        valueName: "file"))
    var output: String?

    @Option(help: "Split into separate traces where a pause between gestures is longer than this (s).")
    var splitGap: Double?

    func write(_ result: ImportResult, source: String) throws(SimError) {
      printNote("\(source): \(result.summary)")
      // Every trace is checked before any is written.
      let texts: [String]
      do throws(SimError) {
        texts = try result.traces.map { trace throws(SimError) in try trace.checkedEncoding() }
      } catch {
        throw error.inFile(source)
      }
      if texts.count == 1 {
        try emit(texts[0], to: output)
        return
      }
      guard let output else {
        throw SimError(
          .usage,
          "\(result.traces.count) sessions: give -o NAME.json to write NAME-1.json … NAME-\(result.traces.count).json")
      }
      let base = output.hasSuffix(".json") ? String(output.dropLast(5)) : output
      try AtomicFile.writeAll(texts.enumerated().map { index, text in (text, "\(base)-\(index + 1).json") })
    }

    func validateGap() throws {
      if let splitGap {
        guard splitGap.isFinite, splitGap > 0 else { throw ValidationError("--split-gap must be > 0") }
      }
    }
  }
}
