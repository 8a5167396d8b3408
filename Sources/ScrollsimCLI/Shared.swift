import ArgumentParser
import Foundation
import SimCore

/// The scenario options shared by `run`, `compare` and `bench`.
struct ScenarioOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "A scenario JSON file layered over the built-in default (see `scrollsim scenario`).", valueName: "file"),
    completion: .file(extensions: ["json"]))
  var scenario: String?

  @Option(
    name: .customLong("set"),
    help: ArgumentHelp(
      "Override one scenario field by JSON path, e.g. --set feed.pageSize=10 --set network.content.latency=0.2 (repeatable).",
      valueName: "path=value"))
  var overrides: [String] = []

  @Option(help: "Seed for every random draw (latencies, render costs, item heights).")
  var seed: UInt64 = 1

  @Option(
    help: ArgumentHelp(
      "Physics preset instead of the trace's: \(PhysicsPresets.names.joined(separator: ", ")) (see `scrollsim physics`).",
      valueName: "name"), completion: .list(PhysicsPresets.names))
  var physics: String?

  @Option(
    help: ArgumentHelp(
      "Release-velocity estimator instead of the preset's: lsq2, lsq2-restricted, ios-weighted or impulse.",
      valueName: "kind"))
  var velocity: VelocityTrackerKind?

  @Option(
    help: ArgumentHelp(
      "Network profile: \(NetworkProfiles.names.joined(separator: ", ")) (see `scrollsim networks`).",
      valueName: "name"), completion: .list(NetworkProfiles.names))
  var network: String?

  @Option(
    help: ArgumentHelp(
      "Device profile: \(DeviceProfiles.names.joined(separator: ", ")) (render cost, workers, cache, refresh rate).",
      valueName: "name"), completion: .list(DeviceProfiles.names))
  var device: String?

  @Option(
    name: .customLong("latency-from"),
    help: ArgumentHelp(
      "A HAR file whose page and image timings and sizes become the network; with --network, its server times (timings.wait) over that link (docs/network.md).",
      valueName: "file.har"), completion: .file(extensions: ["har"]))
  var har: String?

  @Option(
    name: .customLong("har-page"),
    help: ArgumentHelp(
      "With --latency-from: URLs containing this are pages (default: JSON responses).", valueName: "text"))
  var harPage: String?

  @Option(
    name: .customLong("har-content"),
    help: ArgumentHelp(
      "With --latency-from: URLs containing this are cell content (default: image/* responses).", valueName: "text"))
  var harContent: String?

  /// Defaults, then --scenario, then --network, --device and --latency-from, then --set.
  func load() throws(SimError) -> Scenario {
    var overlays: [JSONValue] = []
    if let network {
      overlays.append(.object([("network", .object([("link", try NetworkProfiles.lookup(network).json)]))]))
    }
    if let device { overlays.append(try DeviceProfiles.lookup(device).json) }
    if let har {
      let imported = try HARImport.load(
        path: har, pagePattern: harPage, contentPattern: harContent, serverOnly: network != nil)
      printNote("\(har): \(imported.summary)")
      overlays.append(imported.overlay)
    }
    return try Scenario.load(file: scenario, overlays: overlays, overrides: overrides)
  }

  func simulationOptions(recordEvents: Bool = false) throws(SimError) -> SimulationOptions {
    if let physics { _ = try PhysicsPresets.lookup(physics) }
    return SimulationOptions(seed: seed, recordEvents: recordEvents, physics: physics, velocityTracker: velocity)
  }
}

extension VelocityTrackerKind: ExpressibleByArgument {}

extension ReportFormat: ExpressibleByArgument {}

/// Where and how `run` and `compare` print their report.
struct ReportOptions: ParsableArguments {
  @Option(help: "Output format: table, json, csv or md.")
  var format: ReportFormat = .table

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("Write the report to this file (atomically) instead of stdout.", valueName: "file"))
  var output: String?
}

/// One line on stderr, prefixed with the tool's name (`scrollsim: …`).
func printNote(_ text: String) {
  writeStandardError("\(CommandLineContext.current.commandName): \(text)\n")
}

/// Writes to stderr; a failed write is noted instead of trapping (FileHandle's plain `write`
/// traps), and the exit check (`ScrollsimCLI.main`) turns it into exit 73.
func writeStandardError(_ text: String) {
  do {
    try FileHandle.standardError.write(contentsOf: Data(text.utf8))
  } catch {
    StandardError.failed = true
  }
}

enum StandardError {
  /// Set once a write to stderr failed; only ever set to true, so a race cannot lose it.
  nonisolated(unsafe) static var failed = false
}

/// Runs a command body, turning `SimError` into one line on stderr and its exit code.
func reportingErrors(_ body: () throws(SimError) -> Void) throws {
  do {
    try body()
  } catch {
    printNote("error: \(error)")
    throw ExitCode(error.exitCode)
  }
}

/// Writes `text` to `path` atomically, or to stdout when `path` is nil.
func emit(_ text: String, to path: String?) throws(SimError) {
  try emitAll([(text, path)])
}

/// Writes a command's outputs all or nothing: every file (`AtomicFile.writeAll`), then the one
/// without a path, if any, to stdout.
func emitAll(_ outputs: [(text: String, path: String?)]) throws(SimError) {
  try AtomicFile.writeAll(outputs.compactMap { output in output.path.map { (output.text, $0) } })
  for output in outputs where output.path == nil { try writeStandardOutput(output.text) }
}

/// Writes to stdout; a failure (a full disk, a closed pipe) is an error with exit 73, not a trap.
func writeStandardOutput(_ text: String) throws(SimError) {
  do {
    try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
  } catch {
    throw SimError(.cannotWrite, "stdout: cannot write (\(error.localizedDescription))")
  }
}

/// Loads each trace file, or the embedded default when there is none.
func loadTraces(_ paths: [String]) throws(SimError) -> [NamedTrace] {
  if paths.isEmpty { return [Trace.embeddedDefault] }
  var traces: [NamedTrace] = []
  for path in paths {
    traces.append(NamedTrace(name: URL(fileURLWithPath: path).lastPathComponent, trace: try Trace.load(path: path)))
  }
  return traces
}
