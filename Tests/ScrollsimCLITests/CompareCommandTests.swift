import Foundation
import Testing

@Suite struct CompareCommandTests {
  let trace = bundledTrace("lab/reader-60s.json")

  @Test func comparesAsCSVWithOneRowPerStrategy() {
    let result = scrollsim("compare", "--strategies", "threshold,infinite", "--format", "csv", trace)
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix("strategy,trace,"))
    #expect(lines[1].hasPrefix("threshold,reader-60s.json,"))
    #expect(lines[2].hasPrefix("infinite-list,reader-60s.json,"))
  }

  /// The table opens with the verdict, and options that cannot act on a trace say so
  /// (issue 31).
  /// A JSON report carries the effective scenario it ran under: every layer applied, as
  /// `scrollsim scenario` prints it, so `--scenario` reads it back to the same scenario (the
  /// same fingerprint) after the flags and files that built it are gone.
  @Test func aJSONReportCarriesItsEffectiveScenario() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let flags = ["--device", "android-2gb", "--network", "4g", "--set", "feed.pageSize=15"]
    let compared = ScrollsimCLIRunner.run(
      ["compare", "--strategies", "threshold", "--format", "json"] + flags + [trace])
    #expect(compared.status == 0, "\(compared.standardError)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(compared.standardOutput.utf8)) as? [String: Any])
    let meta = try #require(report["meta"] as? [String: Any])
    let scenario = try #require(meta["effectiveScenario"] as? [String: Any])
    let written = try JSONSerialization.data(withJSONObject: scenario)
    try written.write(to: URL(fileURLWithPath: folder.file("assumed.json")))
    let printed = ScrollsimCLIRunner.run(["scenario"] + flags)
    let again = scrollsim("scenario", "--scenario", folder.file("assumed.json"))
    #expect(again.status == 0, "\(again.standardError)")
    #expect(again.standardOutput == printed.standardOutput)
    let rerun = scrollsim(
      "compare", "--strategies", "threshold", "--format", "json", "--scenario", folder.file("assumed.json"), trace)
    let rerunMeta = try #require(
      (try JSONSerialization.jsonObject(with: Data(rerun.standardOutput.utf8)) as? [String: Any])?["meta"]
        as? [String: Any])
    #expect(rerunMeta["scenario"] as? String == meta["scenario"] as? String)
  }

  @Test func theVerdictComesFirstAndUselessOptionsSaySo() {
    let result = scrollsim(
      "compare", "--strategies", "threshold,infinite", "--physics", "android", trace,
      bundledTrace("offsets-example.json"))
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.hasPrefix("Who makes the user wait least"))
    #expect(result.standardOutput.contains("reader-60s.json: "))
    #expect(result.standardOutput.contains("across 2 traces, by the geometric mean"))
    #expect(result.standardError.contains("--physics android has no effect on offsets-example.json"))
    #expect(!result.standardError.contains("no effect on reader-60s.json"))
  }

  /// A trace that never leaves the first page is named on stderr; one that goes 548 rows down
  /// is not.
  @Test func tracesThatCannotSeparateStrategiesAreNamed() {
    let result = scrollsim(
      "compare", "--strategies", "threshold,infinite", trace, bundledTrace("fling-stress-60s.json"))
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("warning: reader-60s.json: it never reaches the end of the first page"))
    #expect(!result.standardError.contains("fling-stress-60s.json:"))
  }

  /// `--trace-events DIR`: one file per strategy and trace, named for both, made with the
  /// folder; a file in the folder's place is exit 73 and writes nothing.
  @Test func traceEventsFolderHoldsOneFilePerStrategyAndTrace() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let result = scrollsim(
      "compare", "--strategies", "threshold,smart", "--trace-events", folder.file("events/run1"), trace,
      bundledTrace("lab/flinger-60s.json"))
    #expect(result.status == 0, "\(result.standardError)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("events/run1")).sorted()
    #expect(
      names == [
        "flinger-60s.smart-range.json", "flinger-60s.threshold.json", "reader-60s.smart-range.json",
        "reader-60s.threshold.json",
      ])
    #expect(
      try folder.read("events/run1/reader-60s.smart-range.json").contains(
        "network 4g (165 ms, 8.1 Mbps) · device default · physics ios · seed 1"))
    #expect(try folder.read("events/run1/reader-60s.smart-range.json").hasPrefix("{\"traceEvents\":["))
    try "x".write(toFile: folder.file("blocked"), atomically: true, encoding: .utf8)
    let blocked = scrollsim("compare", "--strategies", "smart", "--trace-events", folder.file("blocked"), trace)
    #expect(blocked.status == 73)
    #expect(blocked.standardError.contains("is a file, not a folder"))
  }

  /// `--columns` picks and orders the table's columns, `--wide` shows all, `--sort` orders
  /// the rows; an unknown column is exit 64 with a suggestion.
  @Test func columnsWideAndSort() {
    let chosen = scrollsim(
      "compare", "--strategies", "threshold,smart,infinite", "--columns", "bytes,waitSeconds", "--sort", "bytes",
      trace)
    #expect(chosen.status == 0, "\(chosen.standardError)")
    let lines = chosen.standardOutput.split(separator: "\n")
    let header = lines.first { $0.contains("strategy") }!
    #expect(header.hasSuffix("MB  wait s"))
    let wide = scrollsim("compare", "--strategies", "threshold,smart", "--wide", trace)
    #expect(wide.standardOutput.contains("ttc p95") && wide.standardOutput.contains("session s"))
    let compact = scrollsim("compare", "--strategies", "threshold,smart", trace)
    #expect(!compact.standardOutput.contains("ttc p95"))
    let unknown = scrollsim("compare", "--columns", "wait", trace)
    #expect(unknown.status == 64)
    #expect(unknown.standardError.contains("did you mean \"waitSeconds\""))
  }

  /// Byte for byte, the command line recorded included: --serial and --jobs change nothing in
  /// the result, so the report leaves them out (issue 49), replicates and the limit included.
  @Test func serialAndParallelWriteTheSameReport() {
    let common = ["compare", "--strategies", "threshold,smart,oracle", "--replicates", "2", "--format", "json"]
    let trace2 = bundledTrace("lab/skimmer-60s.json")
    let parallel = ScrollsimCLIRunner.run(common + [trace, trace2])
    #expect(parallel.status == 0, "\(parallel.standardError)")
    for threads in [["--serial"], ["--jobs", "1"], ["--jobs", "3"]] {
      #expect(ScrollsimCLIRunner.run(common + threads + [trace, trace2]).standardOutput == parallel.standardOutput)
    }
    #expect(ScrollsimCLIRunner.run(common + ["--jobs", "0", trace]).status == 64)
    #expect(ScrollsimCLIRunner.run(common + ["--serial", "--jobs", "2", trace]).status == 64)
  }

  @Test func gateExitsOneWhenAConditionHoldsAndZeroWhenNot() {
    let holds = scrollsim(
      "compare", "--strategies", "threshold", "--fail-if", "wait_time >= 0", "--format", "md", trace)
    #expect(holds.status == 1)
    #expect(holds.standardOutput.contains("✗"))
    #expect(holds.standardError.contains("scrollsim: "))
    let passes = scrollsim("compare", "--strategies", "threshold", "--fail-if", "wait_time > 1e9", trace)
    #expect(passes.status == 0, "\(passes.standardError)")
    #expect(passes.standardOutput.contains("✓"))
  }

  @Test func gateAgainstAStoredBaselineOfTheSameRunPasses() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let stored = scrollsim(
      "compare", "--strategies", "threshold,smart", "--format", "json", "-o", folder.file("base.json"), trace)
    #expect(stored.status == 0)
    #expect(stored.standardOutput.isEmpty)
    let gated = scrollsim(
      "compare", "--strategies", "threshold,smart", "--baseline", folder.file("base.json"), "--fail-if",
      "smart: wait_time > +10%", trace)
    #expect(gated.status == 0, "\(gated.standardError)")
  }

  @Test func baselineWithoutConditionIsAUsageError() {
    let result = scrollsim("compare", "--baseline", "base.json", trace)
    #expect(result.status == 64)
    #expect(result.standardError.contains("--baseline needs something to check"))
    let junit = scrollsim("compare", "--junit", "gate.xml", trace)
    #expect(junit.status == 64 && junit.standardError.contains("--junit writes the gate's findings"))
  }

  /// One run writes the delta table, JUnit, annotations and the Markdown summary; a `warn`
  /// that holds leaves the exit 0, an `error` makes it 1. The change: a slower network than
  /// the baseline's.
  @Test func oneGateRunWritesEveryFindingsFile() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    #expect(
      scrollsim("compare", "--strategies", "threshold,smart", "--format", "json", "-o", folder.file("base.json"), trace)
        .status == 0)
    func gate(_ level: String) throws -> (status: Int32, standardOutput: String, standardError: String) {
      let file =
        #"{"format": "scrollsim-assertions", "version": 1, "assertions": [{"metric": "wait_time", "maxRise": "10%", "level": "LEVEL"}]}"#
      try file.replacingOccurrences(of: "LEVEL", with: level).write(
        toFile: folder.file("gate.json"), atomically: true, encoding: .utf8)
      let result = ScrollsimCLIRunner.run([
        "compare", "--strategies", "threshold,smart", "--network", "slow-3g", "--baseline", folder.file("base.json"),
        "--assert", folder.file("gate.json"), "--junit", folder.file("gate.xml"), "--annotations",
        folder.file("annotations.txt"), "--gate-summary", folder.file("summary.md"), trace,
      ])
      return (result.status, result.standardOutput, result.standardError)
    }
    let warned = try gate("warn")
    #expect(warned.status == 0, "\(warned.standardError)")
    #expect(warned.standardError.contains("gate passed: 2 checks (2 warnings)"))
    #expect(try folder.read("annotations.txt").hasPrefix("::warning file="))
    let failed = try gate("error")
    #expect(failed.status == 1)
    let annotations = try folder.read("annotations.txt")
    #expect(annotations.hasPrefix("::error file=\(trace),title=scrollsim%3A wait_time > +10%25::holds for 2 of 2 rows"))
    let junit = try folder.read("gate.xml")
    #expect(junit.contains("<testsuites name=\"scrollsim gate\" tests=\"1\" failures=\"1\""))
    let summary = try folder.read("summary.md")
    #expect(summary.hasPrefix("**scrollsim gate FAILED: 2 of 2 checks**"))
    #expect(failed.standardOutput.hasPrefix("scrollsim gate FAILED"))
  }

  @Test func writesTheHTMLPageAndTheReportTogether() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let result = scrollsim(
      "compare", "--strategies", "threshold", "--html", folder.file("page.html"), "-o", folder.file("t.md"),
      "--format", "md", trace)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try folder.read("page.html").hasPrefix("<!doctype html>"))
    #expect(try folder.read("t.md").contains("| threshold |"))
    // Per-trace axes, said on the page; without --html, or over a population, refused.
    let perTrace = scrollsim(
      "compare", "--strategies", "threshold", "--html", folder.file("axes.html"), "--html-axes", "per-trace", trace)
    #expect(perTrace.status == 0, "\(perTrace.standardError)")
    #expect(try folder.read("axes.html").contains("each trace on its own axis"))
    #expect(scrollsim("compare", "--strategies", "threshold", "--html-axes", "per-trace", trace).status == 64)
    #expect(scrollsim("compare", "--strategies", "threshold", "--html-axes", "per-trace").status == 64)
    #expect(scrollsim("compare", "--strategies", "threshold", "--html-axes", "log", trace).status == 64)
  }

  @Test func unknownParameterNamesTheStrategies() {
    let result = scrollsim("compare", "--strategies", "threshold", "--param", "nosuch=1", trace)
    #expect(result.status == 64)
    #expect(result.standardError.contains("nosuch"))
  }

  @Test func missingTraceNamesTheFileAndExits66() {
    let result = scrollsim("compare", "--strategies", "threshold", "/nonexistent/trace.json")
    #expect(result.status == 66)
    #expect(result.standardError.contains("/nonexistent/trace.json"))
  }
}
