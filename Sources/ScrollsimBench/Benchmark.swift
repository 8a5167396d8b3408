import Foundation
import SimCore

/// Measures the engine's speed per trace and strategy: wall nanoseconds per engine event, per
/// display frame and per request, and simulated seconds per wall-clock second, best of
/// `repetitions` runs (the least disturbed by other work on a shared machine). Only
/// `Simulation.run` is timed: reading the trace and the scenario is not. Figures go to
/// `docs/performance.md`, not to tests.
package enum Benchmark {
  package struct Figure: Sendable {
    package var trace: String
    package var strategy: String
    package var simulatedSeconds: Double
    package var wallSeconds: Double
    package var events: Int
    package var frames: Int
    /// Page and content requests issued (retries and re-asks included).
    package var requests: Int
    /// Decisions a helper process made (`process:COMMAND`; 0 for a Swift strategy): one round
    /// trip each, so `microsecondsPerDecision` is the whole run's time over them, an upper bound
    /// on what one decision costs.
    package var decisions = 0
    package var microsecondsPerDecision: Double { decisions > 0 ? wallSeconds * 1e6 / Double(decisions) : 0 }
    package var simulatedPerWall: Double { wallSeconds > 0 ? simulatedSeconds / wallSeconds : 0 }
    package var nanosecondsPerEvent: Double { per(events) }
    package var nanosecondsPerFrame: Double { per(frames) }
    package var nanosecondsPerRequest: Double { per(requests) }

    private func per(_ count: Int) -> Double { count > 0 ? wallSeconds * 1e9 / Double(count) : 0 }
  }

  /// Every strategy on every trace, `repetitions` times each; the fastest run counts.
  package static func run(
    traces: [NamedTrace], scenario: Scenario, strategies: [StrategyChoice], repetitions: Int,
    options: SimulationOptions
  ) throws(SimError) -> [Figure] {
    var figures: [Figure] = []
    for trace in traces {
      for strategy in strategies {
        var best = Double.infinity
        var metrics = RunMetrics()
        var decisions = 0
        for _ in 0..<max(1, repetitions) {
          let before = HelperDecisions.count
          let (seconds, result) = try timed(trace: trace, scenario: scenario, strategy: strategy, options: options)
          best = min(best, seconds)
          metrics = result
          decisions = HelperDecisions.count - before
        }
        var figure = figure(trace: trace.name, metrics: metrics, wallSeconds: best)
        figure.decisions = decisions
        figures.append(figure)
      }
    }
    return figures
  }

  /// One run's wall seconds and metrics.
  package static func timed(
    trace: NamedTrace, scenario: Scenario, strategy: StrategyChoice, options: SimulationOptions
  ) throws(SimError) -> (seconds: Double, metrics: RunMetrics) {
    let (seconds, result) = try measured { () throws(SimError) in
      try Simulation.run(
        trace: trace.trace, traceName: trace.name, scenario: scenario, strategy: strategy, options: options)
    }
    return (seconds, result.metrics)
  }

  /// `body`'s wall seconds on the monotonic clock, and its result.
  private static func measured<T>(_ body: () throws(SimError) -> T) throws(SimError) -> (seconds: Double, result: T) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try body()
    let elapsed = clock.now - start
    return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18, result)
  }

  package static func figure(trace: String, metrics: RunMetrics, wallSeconds: Double) -> Figure {
    Figure(
      trace: trace, strategy: metrics.strategy, simulatedSeconds: metrics.sessionSeconds, wallSeconds: wallSeconds,
      events: metrics.events, frames: metrics.frames, requests: metrics.pageRequests + metrics.contentRequests)
  }

  /// How fast a trace file is read and checked (`Trace.load`), best of `repetitions`.
  package struct Reading: Sendable {
    package var file: String
    package var bytes: Int
    package var seconds: Double
    package var megabytesPerSecond: Double { seconds > 0 ? Double(bytes) / 1e6 / seconds : 0 }
  }

  package static func reading(path: String, repetitions: Int) throws(SimError) -> Reading {
    var best = Double.infinity
    for _ in 0..<max(1, repetitions) {
      best = min(best, try measured { () throws(SimError) in try Trace.load(path: path) }.seconds)
    }
    // The size from the file system: reading the file once more only to count it was wasted.
    let bytes: Int
    if let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int {
      bytes = size
    } else {
      bytes = try AtomicFile.read(path).count
    }
    return Reading(file: path, bytes: bytes, seconds: best)
  }

  package static func readingTable(_ readings: [Reading]) -> String {
    let rows = readings.map { r in
      [
        r.file, NumberText.fixed(Double(r.bytes) / 1e6, 2), NumberText.fixed(r.seconds * 1000, 2),
        NumberText.fixed(r.megabytesPerSecond, 0),
      ]
    }
    return MarkdownTable.render(["trace file", "MB", "read ms", "MB / s"], rows, textColumns: 1)
  }

  package static func table(_ figures: [Figure]) -> String {
    let header = [
      "trace", "strategy", "simulated s", "wall ms", "events", "frames", "requests", "ns / event", "ns / frame",
      "ns / request", "simulated s / wall s",
    ]
    let rows = figures.map { f in
      [
        f.trace, f.strategy, NumberText.fixed(f.simulatedSeconds, 1), NumberText.fixed(f.wallSeconds * 1000, 2),
        "\(f.events)",
        "\(f.frames)", "\(f.requests)", NumberText.fixed(f.nanosecondsPerEvent, 0),
        NumberText.fixed(f.nanosecondsPerFrame, 0),
        NumberText.fixed(f.nanosecondsPerRequest, 0), NumberText.fixed(f.simulatedPerWall, 0),
      ]
    }
    guard figures.contains(where: { $0.decisions > 0 }) else {
      return MarkdownTable.render(header, rows, textColumns: 2)
    }
    // Strategies in helper processes: their round trips, and the run's time per round trip.
    let helperRows = zip(rows, figures).map { row, f in
      row + ["\(f.decisions)", f.decisions > 0 ? NumberText.fixed(f.microsecondsPerDecision, 1) : ""]
    }
    return MarkdownTable.render(header + ["helper decisions", "µs / decision"], helperRows, textColumns: 2)
  }
}
