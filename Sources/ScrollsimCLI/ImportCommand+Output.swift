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

    @Option(
      name: .customLong("device-profile"),
      help: ArgumentHelp(
        "The device profile the recording ran on (`scrollsim networks` lists them), written into each trace (deviceProfile): every command then runs it on that phone.",
        valueName: "name"), completion: .list(DeviceProfiles.names))
    var deviceProfile: String?

    @Option(
      name: .customLong("network-profile"),
      help: ArgumentHelp(
        "The network profile the recording ran on (wifi, 4g, 3g, …), written into each trace (networkProfile).",
        valueName: "name"), completion: .list(NetworkProfiles.names))
    var networkProfile: String?

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
      for (name, dimension) in [(deviceProfile, SessionDimension.device), (networkProfile, .network)] {
        if let name, let problem = dimension.unknown(name) {
          throw SimError(.usage, "--\(dimension.rawValue)-profile: \(problem)")
        }
      }
      for index in sessions.indices {
        sessions[index].trace.deviceProfile = deviceProfile ?? sessions[index].trace.deviceProfile
        sessions[index].trace.networkProfile = networkProfile ?? sessions[index].trace.networkProfile
      }
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

    func validateGap() throws {
      if let splitGap {
        guard splitGap.isFinite, splitGap > 0 else { throw ValidationError("--split-gap must be > 0") }
      }
    }
  }
}
