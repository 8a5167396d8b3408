/// Where a report came from, in every JSON and Markdown report (`meta`), as hyperfine and
/// Lighthouse put theirs: the scrollsim version, the command line, a fingerprint of the
/// scenario and options, the seed, the replicates and a fingerprint of each trace's content. A
/// baseline compared later (`compare --baseline`) says by these what changed besides the code.
///
/// Fingerprints are FNV-1a 64 (`fnv1a64`) of the canonical JSON, not a security hash: they tell
/// an edited scenario or trace apart, nothing more. JSON reports also carry the effective
/// scenario itself (`effectiveScenario`, as `scrollsim scenario` prints it), so a report says
/// what it assumed even after the files and flags that built it are gone.
package struct Provenance: Sendable, Equatable {
  /// The version `--version` prints.
  package static let version = "0.2.0"

  package var version = Provenance.version
  package var command: String
  package var scenario: String
  package var seed: UInt64
  package var replicates: Int
  package var traces: [(name: String, fingerprint: String)]
  /// The scenario the runs used, every default and layer applied; nil when read from a
  /// report written before reports carried it.
  package var effectiveScenario: JSONValue?
  /// Session files left out because they could not be read (`--skip-unreadable`), by name.
  package var unreadableLeftOut: [String] = []

  package init(
    command: String, scenario: Scenario, options: SimulationOptions, replicates: Int, traces: [NamedTrace]
  ) {
    self.command = command
    self.scenario = Self.hex(fnv1a64(Self.definition(scenario, options)))
    effectiveScenario = scenario.json
    seed = options.seed
    self.replicates = replicates
    self.traces = traces.map { ($0.name, Self.hex(fnv1a64($0.trace.encoded()))) }
  }

  init(
    version: String, command: String, scenario: String, seed: UInt64, replicates: Int,
    traces: [(name: String, fingerprint: String)], effectiveScenario: JSONValue? = nil
  ) {
    self.effectiveScenario = effectiveScenario
    self.version = version
    self.command = command
    self.scenario = scenario
    self.seed = seed
    self.replicates = replicates
    self.traces = traces
  }

  package static func == (a: Provenance, b: Provenance) -> Bool {
    a.version == b.version && a.command == b.command && a.scenario == b.scenario && a.seed == b.seed
      && a.replicates == b.replicates && a.traces.map(\.name) == b.traces.map(\.name)
      && a.traces.map(\.fingerprint) == b.traces.map(\.fingerprint)
  }

  package var json: JSONValue {
    .object(
      [
        ("scrollsim", .string(version)), ("command", .string(command)), ("scenario", .string(scenario)),
        ("seed", .unsigned(seed)), ("replicates", .int(replicates)),
        (
          "traces",
          .array(traces.map { .object([("name", .string($0.name)), ("fingerprint", .string($0.fingerprint))]) })
        ),
      ] + (effectiveScenario.map { [("effectiveScenario", $0)] } ?? [])
        + (unreadableLeftOut.isEmpty ? [] : [("unreadableLeftOut", .array(unreadableLeftOut.map(JSONValue.string)))]))
  }

  /// Reads `meta` back (a baseline file).
  static func read(_ cursor: JSONCursor) throws(SimError) -> Provenance {
    var traces: [(name: String, fingerprint: String)] = []
    for trace in try cursor["traces"].elements() {
      traces.append((try trace["name"].string(), try trace["fingerprint"].string()))
    }
    let seed = try readSeed(cursor["seed"])
    return Provenance(
      version: try cursor["scrollsim"].string(), command: try cursor["command"].string(),
      scenario: try cursor["scenario"].string(), seed: seed,
      replicates: try cursor["replicates"].int(in: 1...1_000_000), traces: traces,
      effectiveScenario: cursor["effectiveScenario"].exists ? .object(try cursor["effectiveScenario"].object()) : nil)
  }

  /// What a report says of the session files `--skip-unreadable` left out.
  package static func leftOutNote(_ count: Int) -> String {
    "\(count) unreadable session file\(count == 1 ? "" : "s") left out (--skip-unreadable)"
  }

  /// One line under a Markdown report.
  package var markdown: String { "<sub>" + line { "`\($0)`" } + "</sub>\n" }

  /// The facts in one line, each command or fingerprint passed through `code` (Markdown's
  /// backticks, or as it is for HTML).
  func line(code: (String) -> String) -> String {
    let traceList = traces.map { "\($0.name) \(code($0.fingerprint))" }.joined(separator: ", ")
    return "scrollsim \(version) · \(code(command)) · scenario \(code(scenario)) · seed \(seed)"
      + (replicates > 1 ? " · \(replicates) replicates" : "")
      + (unreadableLeftOut.isEmpty ? "" : " · \(Self.leftOutNote(unreadableLeftOut.count))") + " · traces: \(traceList)"
  }

  /// Differences from `baseline` that are not the code's: what a reader of a comparison
  /// against it should know.
  package func differences(from baseline: Provenance) -> [String] {
    var notes: [String] = []
    if version != baseline.version { notes.append("scrollsim \(baseline.version) → \(version)") }
    if scenario != baseline.scenario {
      notes.append("the scenario or options changed (`\(baseline.scenario)` → `\(scenario)`)")
    }
    for trace in traces {
      guard let old = baseline.traces.first(where: { $0.name == trace.name }) else { continue }
      if old.fingerprint != trace.fingerprint { notes.append("trace \(trace.name) changed") }
    }
    return notes
  }

  /// The scenario and the options that change a run, as text (what its fingerprint hashes; a
  /// sweep's fingerprint too).
  /// The scenario's `version` is left out, so fingerprints from before it was written stay.
  static func definition(_ scenario: Scenario, _ options: SimulationOptions) -> String {
    JSONWriter.compact(.object((scenario.json.members ?? []).filter { $0.0 != "version" }))
      + ";physics=\(options.physics ?? "trace");velocity=\(options.velocityTracker?.rawValue ?? "preset")"
      + ";drain=\(JSONWriter.number(options.drainSeconds));maxEvents=\(options.maxEvents)"
  }

  static func hex(_ value: UInt64) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
  }

  /// A seed as written: exact, or a double from a report of before seeds were exact (2^64,
  /// which UInt64.max rounded to, read as UInt64.max).
  static func readSeed(_ cursor: JSONCursor) throws(SimError) -> UInt64 {
    guard case .number(let old)? = cursor.value else { return try cursor.unsigned() }
    guard old >= 0, old.rounded() == old, old <= 18_446_744_073_709_551_616.0 else {
      throw cursor.fail("must be a whole number from 0 to 2^64 - 1, found \(JSONWriter.number(old))")
    }
    return old >= 18_446_744_073_709_551_616.0 ? UInt64.max : UInt64(old)
  }
}
