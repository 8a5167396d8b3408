import ArgumentParser
import SimCore

/// `--closest-sample-interval`: below what spacing two touch samples are warned of as closer
/// than a touchscreen reports (`TraceStats.deviceInterval`, an assumption made a parameter).
struct SampleSpacingOption: ParsableArguments {
  @Option(
    name: .customLong("closest-sample-interval"),
    help: ArgumentHelp(
      "Warn of consecutive samples closer than this (s; default 0.0005: 2 kHz, an assumption from panel makers' specifications; a faster panel sets its own).",
      valueName: "s"))
  var closestSampleInterval: Double?

  func validate() throws {
    if let closestSampleInterval {
      let range = TraceStats.closestSampleIntervalRange
      guard range.contains(closestSampleInterval) else {
        throw ValidationError(
          "--closest-sample-interval must be in \(range.lowerBound)...\(range.upperBound) s, found \(closestSampleInterval)"
        )
      }
    }
  }

  var seconds: Double { closestSampleInterval ?? TraceStats.deviceInterval }
}
