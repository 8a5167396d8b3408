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

    @Flag(
      help:
        "Leave out sessions too short to separate strategies on the built-in scenario (never past the first page, or fewer rows than three pages), saying how many and why."
    )
    var dropShort = false

    @OptionGroup var spacing: SampleSpacingOption

    /// Writes what the inputs gave: one input's one trace to -o FILE (or stdout), one input's
    /// sessions to NAME-1.json …, several inputs' sessions into the folder -o DIR as
    /// `INPUT-k.json` (written whole or not at all).
    func write(_ results: [(source: String, result: ImportResult)]) throws(SimError) {
      var sessions: [(source: String, name: String, trace: Trace)] = []
      for (source, result) in results {
        printNote("\(source): \(result.summary(closestSampleInterval: spacing.seconds))")
        let stem = URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent
        for (index, trace) in result.traces.enumerated() {
          let name = result.traces.count == 1 ? "\(stem).json" : "\(stem)-\(index + 1).json"
          sessions.append((source, name, trace))
        }
      }
      if dropShort { sessions = try droppingShort(sessions) }
      // Every trace is checked before any is written.
      var texts: [(name: String, text: String)] = []
      for session in sessions {
        do throws(SimError) {
          texts.append((session.name, try session.trace.checkedEncoding()))
        } catch {
          throw error.inFile(session.source)
        }
      }
      if results.count > 1 {
        guard let output else {
          throw SimError(.usage, "\(results.count) inputs: give -o DIR, a folder for their \(texts.count) sessions")
        }
        try AtomicFolder.write(output, traces: texts)
        printNote("wrote \(texts.count) sessions to \(output)")
        return
      }
      if texts.count == 1 {
        try emit(texts[0].text, to: output)
        return
      }
      guard let output else {
        throw SimError(
          .usage, "\(texts.count) sessions: give -o NAME.json to write NAME-1.json … NAME-\(texts.count).json")
      }
      let base = output.hasSuffix(".json") ? String(output.dropLast(5)) : output
      try AtomicFile.writeAll(texts.enumerated().map { index, item in (item.text, "\(base)-\(index + 1).json") })
    }

    /// `sessions` without those that cannot separate strategies on the built-in scenario, with a
    /// note of how many went and why; none left is an error.
    private func droppingShort(_ sessions: [(source: String, name: String, trace: Trace)]) throws(SimError) -> [(
      source: String, name: String, trace: Trace
    )] {
      var kept: [(source: String, name: String, trace: Trace)] = []
      var dropped: [TraceReach.Shortfall: Int] = [:]
      for session in sessions {
        let reach: TraceReach
        do throws(SimError) {
          reach = try TraceReach.of(session.trace, scenario: .default)
        } catch {
          throw error.inFile(session.source)
        }
        if let shortfall = reach.shortfall { dropped[shortfall, default: 0] += 1 } else { kept.append(session) }
      }
      let reasons = [
        dropped[.firstPage].map { "\($0) never reach the end of the first page" },
        dropped[.fewRows].map { "\($0) show fewer rows than three pages" },
      ].compactMap { $0 }
      printNote(
        "kept \(kept.count) of \(sessions.count) sessions"
          + (reasons.isEmpty
            ? "" : "; left out as too short to separate strategies: " + reasons.joined(separator: ", ")))
      guard !kept.isEmpty else {
        throw SimError(.badData, "every session is too short to separate strategies (--drop-short); nothing written")
      }
      return kept
    }

    func validateGap() throws {
      if let splitGap {
        guard splitGap.isFinite, splitGap > 0 else { throw ValidationError("--split-gap must be > 0") }
      }
    }
  }
}
