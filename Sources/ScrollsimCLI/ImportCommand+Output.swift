import ArgumentParser
import Foundation
import SimCore

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
