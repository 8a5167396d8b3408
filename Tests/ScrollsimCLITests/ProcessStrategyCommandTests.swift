import Foundation
import SimCore
import Testing

/// `process:COMMAND` on the command line: described by `strategies`, checked by `conformance`,
/// and a failing helper's exit code and message (the SDKs' own checks: .ci/sdks.sh).
@Suite struct ProcessStrategyCommandTests {
  static let threshold = "process:python3 " + packageRoot + "/SDKs/python/examples/threshold.py"
  static let helper = packageRoot + "/Tests/Helpers/misbehaving-helper.py"

  @Test func strategiesDescribesAHelperFromItsHandshake() {
    let result = scrollsim("strategies", "threshold", Self.threshold)
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("threshold-py\n  seed 001's ratio rule, ported to Python"))
    #expect(result.standardOutput.contains("  runs: \(Self.threshold)"))
    #expect(result.standardOutput.contains("--param threshold=0.7  [0...1] the ratio"))
    #expect(scrollsim("strategies", "nosuch").status == 64)
  }

  @Test func conformancePassesAPortAndFailsAnotherRule() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let file = folder.file("t.json")
    #expect(scrollsim("generate", "--profile", "flinger", "--duration", "10", "-o", file).status == 0)
    let same = scrollsim("conformance", "threshold", Self.threshold, "--networks", "4g", file)
    #expect(same.status == 0, "\(same.standardError)")
    #expect(
      same.standardOutput.contains(
        "threshold-py conforms to threshold: 4 of 4 run pairs agree on every metric and every decision"))
    let other = scrollsim(
      "conformance", "threshold", Self.threshold, "--param", "threshold=0.3", "--networks", "4g", file)
    #expect(other.status == 0)
    let differs = scrollsim(
      "conformance", "threshold", "smart", "--networks", "4g", bundledTrace("fling-stress-60s.json"))
    #expect(differs.status == 1)
    #expect(differs.standardOutput.contains("smart-range differs from threshold in 4 of 4 run pairs"))
  }

  /// A port that drops a skip the docs describe: the report names the first callback where
  /// the two decide differently, both sides' actions, and the commands that show it.
  @Test func conformanceShowsWhereAWrongPortParts() throws {
    let skipless = "process:python3 " + packageRoot + "/Tests/Helpers/skipless-infinite.py"
    let trace = bundledTrace("fling-stress-60s.json")
    let result = scrollsim("conformance", "infinite-list", skipless, "--networks", "4g", trace)
    #expect(result.status == 1, "\(result.standardError)")
    let text = result.standardOutput
    #expect(text.contains("skipless-infinite-py differs from infinite-list in 4 of 4 run pairs"))
    #expect(text.contains("Where the runs part, in fling-stress-60s.json, 4g, scenario: decision "))
    #expect(
      text.contains("  infinite-list:        t = 7.558333333 s, offset 17497.02 pt, willDisplay(item: 57) → nothing"))
    #expect(
      text.contains(
        "  skipless-infinite-py: t = 7.558333333 s, offset 17497.02 pt, willDisplay(item: 57) → requestContent(57)"))
    #expect(text.contains("  scrollsim run --strategy infinite-list --network 4g --events reference.jsonl \(trace)"))
    #expect(text.contains("  scrollsim run --strategy '\(skipless)' --network 4g --events port.jsonl \(trace)"))
    // Every differing pair with --all; the first ten without (on 10 s of flinging: 16 pairs).
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let short = folder.file("t.json")
    #expect(scrollsim("generate", "--profile", "fling-stress", "--duration", "10", "-o", short).status == 0)
    let many = scrollsim("conformance", "infinite-list", "smart", "--all", "--networks", "4g,wifi,3g,lossy", short)
    #expect(many.status == 1)
    #expect(many.standardOutput.contains("differs from infinite-list in 16 of 16 run pairs"), "\(many.standardOutput)")
    #expect(!many.standardOutput.contains("more (--all lists them)"))
    #expect(many.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  t.json, ") }.count == 16)
    let ten = scrollsim("conformance", "infinite-list", "smart", "--networks", "4g,wifi,3g,lossy", short)
    #expect(ten.standardOutput.contains("  … and 6 more (--all lists them)"))
  }

  /// A port that takes the same rows in another order decides differently where no metric
  /// shows it: conformance reports the pair by its first differing decision, and exits 1.
  @Test func conformanceComparesDecisionsNotOnlyMetrics() {
    let reversed = "process:python3 " + packageRoot + "/Tests/Helpers/reversed-target-rect.py"
    let trace = packageRoot + "/Traces/population/feed-0004.json"
    let result = scrollsim("conformance", "lazy-target-rect", reversed, "--networks", "4g", trace)
    #expect(result.status == 1, "\(result.standardError)")
    let text = result.standardOutput
    #expect(text.contains("of them in their decisions only, every metric agreeing"), "\(text)")
    #expect(
      text.contains(
        "feed-0004.json, 4g, scenario: every metric agrees, but decision 160 differs (t = 1.649333 s, offset 333.79 pt, willEndDragging("
      ), "\(text)")
    #expect(
      text.contains(
        "reversed-target-rect-py → requestContent(7), requestContent(6), requestContent(5); lazy-target-rect → requestContent(5), requestContent(6), requestContent(7)"
      ), "\(text)")
    // The same rule in the same order conforms, decisions and all.
    let port = "process:python3 " + packageRoot + "/SDKs/python/examples/lazy_target_rect.py"
    let same = scrollsim("conformance", "lazy-target-rect", port, "--networks", "4g", trace)
    #expect(same.status == 0)
    #expect(same.standardOutput.contains("4 of 4 run pairs agree on every metric and every decision"))
  }

  @Test func aHelperNamedLikeABuiltInIsRefused() {
    let result = scrollsim("run", "--strategy", "process:python3 \(Self.helper) builtin-name")
    #expect(result.status == 65)
    #expect(result.standardError.contains("is a built-in strategy's name"))
  }
}
