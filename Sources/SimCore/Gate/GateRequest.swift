/// The regression gate as one call, the same for `compare` and `sweep` (docs/ci.md): what to
/// check (the assertions of `--fail-if` and `--assert`), against what (a stored comparison or a
/// sweep's table, `--baseline`), and where the findings go besides the report (`--junit`,
/// `--annotations`, `--gate-summary`). `CompareJob` and `SweepJob` hand it their rows and get back
/// a `GateOutcome`: the checks, the notes, the delta table and the files to write. The command
/// line only parses the options into a request and writes what it is handed.
package struct GateRequest: Sendable {
  package var assertions: [Assertion]
  package var baseline: GateBaseline?
  /// Where to write the checks as JUnit XML, as GitHub workflow commands, and the delta table
  /// as Markdown; nil: not written.
  package var junit: String?
  package var annotations: String?
  package var summary: String?
  /// The trace files as given, so that an annotation points at the file its trace came from.
  package var traceFiles: [String] = []

  package init(assertions: [Assertion], baseline: GateBaseline? = nil) {
    self.assertions = assertions
    self.baseline = baseline
  }

  /// The request the options describe, read and checked before any run: nil when nothing is
  /// asserted. A baseline or an output of the gate without an assertion is a usage error.
  package static func load(
    failIf: [String], assertionFiles: [String], baseline: String?, baselineKind: GateBaseline.Kind,
    junit: String?, annotations: String?, summary: String?, traceFiles: [String], catalog: StrategyCatalog
  ) throws(SimError) -> GateRequest? {
    let assertions = try Assertion.load(failIf: failIf, files: assertionFiles, catalog: catalog)
    guard !assertions.isEmpty else {
      if baseline != nil { throw Assertion.baselineWithoutAssertions }
      for (option, value) in [("--junit", junit), ("--annotations", annotations), ("--gate-summary", summary)]
      where value != nil {
        throw SimError(.usage, "\(option) writes the gate's findings: give --fail-if CONDITION or --assert FILE")
      }
      return nil
    }
    var request = GateRequest(
      assertions: assertions,
      baseline: try baseline.map { path throws(SimError) in try GateBaseline.load(path: path, kind: baselineKind) })
    request.junit = junit
    request.annotations = annotations
    request.summary = summary
    request.traceFiles = traceFiles
    return request
  }

  /// Checks a comparison's rows (`Gate.Row`, plain or replicated) made under `provenance`.
  package func check(comparison rows: [Gate.Row], provenance: Provenance) throws(SimError) -> GateOutcome {
    var inputs: [String] = []
    if case .comparison(let stored)? = baseline, let old = stored.provenance {
      inputs = provenance.differences(from: old)
    }
    return try check(rows, inputNotes: inputs, provenance: provenance)
  }

  /// Checks a sweep's table (`SweepGate.rows`): one row per configuration, network and trace.
  package func check(sweep table: SweepTable) throws(SimError) -> GateOutcome {
    var inputs: [String] = []
    if case .sweep(let stored)? = baseline { inputs = SweepGate.notes(now: table, baseline: stored) }
    return try check(SweepGate.rows(table), inputNotes: inputs, provenance: nil)
  }

  /// The checks, then the notes: assertions skipped, rows only one run has, inputs that differ.
  private func check(_ rows: [Gate.Row], inputNotes: [String], provenance: Provenance?) throws(SimError)
    -> GateOutcome
  {
    let old = baseline?.rows
    let checks = try Gate.check(assertions, now: rows, baseline: old)
    let notes =
      Gate.skipped(assertions, now: rows, baseline: old) + (old.map { Gate.notes(now: rows, baseline: $0) } ?? [])
      + inputNotes
    return GateOutcome(checks: checks, notes: notes, provenance: provenance, request: self)
  }
}

/// What the gate compares with: a stored comparison (`compare --format json`) or a sweep's
/// table (its CSV).
package enum GateBaseline: Sendable {
  case comparison(Baseline)
  case sweep(SweepTable)

  package enum Kind: Sendable {
    case comparison, sweep
  }

  /// Reads `path` as `kind` says; errors name the file and where in it.
  package static func load(path: String, kind: Kind) throws(SimError) -> GateBaseline {
    switch kind {
    case .comparison: return .comparison(try Baseline.load(path: path))
    case .sweep: return .sweep(try SweepTable.read(file: path))
    }
  }

  /// The baseline's rows as the gate pairs them.
  package var rows: [Gate.Row] {
    switch self {
    case .comparison(let stored): stored.rows
    case .sweep(let table): SweepGate.rows(table)
    }
  }
}

/// What the gate found and what to write: the checks, the notes, the delta table in any format,
/// and the files the request asked for.
package struct GateOutcome: Sendable {
  package var checks: [Gate.Check]
  /// What the gate did not check, or what changed besides the code.
  package var notes: [String]
  let provenance: Provenance?
  let request: GateRequest

  /// Whether an `error` assertion holds: the command exits 1.
  package var failed: Bool { checks.contains(where: \.failsJob) }

  /// The one line a command prints last: passed, or how many checks failed.
  package var verdict: String { GateReport.verdict(checks) }

  /// The delta table: baseline, now, change and ✓/⚠/✗ per check (`GateReport`).
  package func report(_ format: ReportFormat) -> String {
    GateReport.render(checks, notes: notes, provenance: provenance, format: format)
  }

  /// JUnit XML, GitHub annotations and the Markdown delta table, where the request asked.
  package var files: [(text: String, path: String)] {
    var files: [(text: String, path: String)] = []
    if let junit = request.junit {
      files.append((GateJUnit.render(checks, notes: notes, provenance: provenance), junit))
    }
    if let annotations = request.annotations {
      var byName: [String: String] = [:]
      for file in (try? TraceFolder.sessionFiles(request.traceFiles)) ?? [] { byName[file.name] = file.path }
      files.append((GateAnnotations.render(checks, files: byName), annotations))
    }
    if let summary = request.summary { files.append((report(.md), summary)) }
    return files
  }
}
