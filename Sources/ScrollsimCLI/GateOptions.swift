import ArgumentParser
import Foundation
import SimCore

/// The regression gate's options, the same on `compare` and `sweep` (docs/ci.md): what to
/// check (`--fail-if`, `--assert`), against what (`--baseline`), and where the findings go
/// besides the report — JUnit XML, GitHub annotations and the Markdown delta table, all from
/// the one run. They become a `GateRequest`; the gate itself is in SimCore (`Gate/`).
struct GateOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "A stored run to check changes against: compare --format json for compare, the sweep's CSV for sweep.",
      valueName: "file"))
  var baseline: String?

  @Option(
    name: .customLong("fail-if"),
    help: ArgumentHelp(
      "Exit 1 if this holds, e.g. 'wait_time > +10%' or 'smart-range: blank_time > 50' (repeatable).",
      valueName: "condition"))
  var failIf: [String] = []

  @Option(
    name: .customLong("assert"),
    help: ArgumentHelp(
      "An assertions file: conditions with a level (warn or error) and a confidence each (docs/ci.md; repeatable).",
      valueName: "file"))
  var assertionFiles: [String] = []

  @Option(
    help: ArgumentHelp(
      "Also write the gate's checks as JUnit XML (a test case per assertion per trace).", valueName: "file"))
  var junit: String?

  @Option(
    help: ArgumentHelp(
      "Also write the gate's findings as GitHub workflow commands (::error, ::warning); print the file in a step to annotate the pull request.",
      valueName: "file"))
  var annotations: String?

  @Option(
    name: .customLong("gate-summary"),
    help: ArgumentHelp(
      "Also write the gate's delta table as Markdown, e.g. for $GITHUB_STEP_SUMMARY.", valueName: "file"))
  var gateSummary: String?

  /// The gate these options ask for, read and checked before any run (nil: none); `traces` are
  /// the trace arguments, so annotations point at the file each row's trace came from.
  func request(baseline kind: GateBaseline.Kind, traces: [String]) throws(SimError) -> GateRequest? {
    try GateRequest.load(
      failIf: failIf, assertionFiles: assertionFiles, baseline: baseline, baselineKind: kind, junit: junit,
      annotations: annotations, summary: gateSummary, traceFiles: traces, catalog: CommandLineContext.catalog)
  }
}
