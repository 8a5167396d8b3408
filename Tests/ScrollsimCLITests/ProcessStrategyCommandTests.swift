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
    #expect(same.standardOutput.contains("threshold-py conforms to threshold: 3 of 3 run pairs agree"))
    let other = scrollsim(
      "conformance", "threshold", Self.threshold, "--param", "threshold=0.3", "--networks", "4g", file)
    #expect(other.status == 0)
    let differs = scrollsim(
      "conformance", "threshold", "smart", "--networks", "4g", bundledTrace("fling-stress-60s.json"))
    #expect(differs.status == 1)
    #expect(differs.standardOutput.contains("smart-range differs from threshold in 3 of 3 run pairs"))
  }

  @Test func aHelperNamedLikeABuiltInIsRefused() {
    let result = scrollsim("run", "--strategy", "process:python3 \(Self.helper) builtin-name")
    #expect(result.status == 65)
    #expect(result.standardError.contains("is a built-in strategy's name"))
  }
}
