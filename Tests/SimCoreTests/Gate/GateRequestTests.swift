import Foundation
import Testing

@testable import SimCore

/// The gate's one entry point (`GateRequest`): what the options ask for, refused before any run
/// when it cannot be gated, and the outcome with the files to write, for a comparison and a
/// sweep alike.
@Suite struct GateRequestTests {
  static func row(_ strategy: String, _ trace: String, _ wait: Double) -> Gate.Row {
    Gate.Row(strategy: strategy, trace: trace, seeds: [1], runs: [["waitSeconds": wait]])
  }

  static func load(
    failIf: [String] = [], baseline: String? = nil, junit: String? = nil, annotations: String? = nil
  ) throws(SimError) -> GateRequest? {
    try GateRequest.load(
      failIf: failIf, assertionFiles: [], baseline: baseline, baselineKind: .comparison, junit: junit,
      annotations: annotations, summary: nil, traceFiles: ["Traces/t1.json"], catalog: .builtIn)
  }

  @Test func nothingAssertedIsNoGateAndItsOptionsAloneAreRefused() throws {
    #expect(try Self.load() == nil)
    #expect(throws: SimError.self) { try Self.load(baseline: "base.json") }
    #expect(throws: SimError.self) { try Self.load(junit: "gate.xml") }
    #expect(throws: SimError.self) { try Self.load(annotations: "gate.txt") }
    // A missing baseline file is named before any run.
    do {
      _ = try Self.load(failIf: ["wait_time > +10%"], baseline: "/nonexistent/base.json")
      Issue.record("a missing baseline was accepted")
    } catch { #expect(error.description.contains("/nonexistent/base.json")) }
  }

  @Test func aComparisonsOutcomeHasItsTableVerdictAndFiles() throws {
    var request = try #require(try Self.load(failIf: ["wait_time > +10%"], junit: "gate.xml", annotations: "a.txt"))
    request.baseline = .comparison(
      Baseline(provenance: nil, rows: [Self.row("a", "t1.json", 1), Self.row("b", "t1.json", 1)]))
    request.summary = "gate.md"
    let provenance = Provenance(
      command: "scrollsim compare", scenario: .default, options: SimulationOptions(), replicates: 1, traces: [])
    let outcome = try request.check(
      comparison: [Self.row("a", "t1.json", 2), Self.row("b", "t1.json", 1)], provenance: provenance)
    #expect(outcome.failed)
    #expect(outcome.verdict == "gate FAILED: 1 of 2 checks")
    #expect(outcome.files.map(\.path) == ["gate.xml", "a.txt", "gate.md"])
    // The annotation points at the file the trace came from.
    #expect(outcome.files[1].text.contains("::error file=Traces/t1.json,"))
    #expect(outcome.files[2].text == outcome.report(.md))
    #expect(outcome.report(.csv).hasPrefix("verdict,strategy,trace,"))
  }

  @Test func aSweepIsGatedOnItsTableAgainstAStoredOne() throws {
    var table = SweepTable(fingerprint: "f1", total: 2)
    for (index, wait) in [1.0, 3.0].enumerated() {
      table.rows[index] = SweepTable.Row(
        index: index, strategy: "threshold", parameters: "threshold=0.\(index + 5)", network: "scenario",
        trace: "r.json", replicate: 0, seed: 1, values: ["waitSeconds": wait])
    }
    var stored = table
    stored.fingerprint = "f0"
    var request = GateRequest(assertions: [Assertion(try GateCondition("threshold: wait_time > +10%"))])
    request.baseline = .sweep(stored)
    let outcome = try request.check(sweep: table)
    #expect(!outcome.failed && outcome.checks.count == 2)
    // Another plan or scenario is a note, not a failure.
    #expect(outcome.notes.contains { $0.contains("fingerprint `f0` → `f1`") })
  }
}
