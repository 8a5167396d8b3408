import Foundation
import PropertyBased
import Testing

@testable import SimCore

/// The numeric boundaries of docs/reliability.md, over numbers drawn from every magnitude
/// (mantissa × 10^exponent, exponent −330…310, so subnormals, zero and overflow to infinity
/// are all reached) rather than from a few hand-picked examples.
@Suite struct NumericBoundaryTests {
  /// Any magnitude: a mantissa in [−10, 10] times 10^e.
  static func number(_ mantissa: Double, _ exponent: Int) -> Double {
    mantissa * pow(10, Double(exponent))
  }

  static let mantissas = Gen.double(in: -10...10)
  static let exponents = Gen.int(in: -330...310)

  /// A trace's time is accepted exactly in 0…86 400 s (numbers of any magnitude, and numbers
  /// near the range); outside, the message names the path
  /// and the range.
  @Test func aTraceTimeIsAcceptedExactlyInItsRange() async {
    await propertyCheck(count: 400, input: Self.mantissas, Self.exponents, Gen.double(in: -100...86_500)) {
      mantissa, exponent, near in
      for t in [Self.number(mantissa, exponent), near] where t.isFinite { Self.checkTraceTime(t) }
    }
  }

  static func checkTraceTime(_ t: Double) {
    let text =
      #"{"format":"scrollsim-trace","version":1,"touches":[{"t":0,"y":1,"phase":"began"},{"t":"#
      + JSONWriter.number(t) + #","y":2,"phase":"ended"}]}"#
    do throws(SimError) {
      _ = try Trace.decode(JSONParser.parse(text))
      #expect((0...86_400).contains(t), "t = \(t) was accepted")
    } catch {
      let inRange = (0...86_400).contains(t)
      #expect(!inRange || error.description.contains("backwards"), "t = \(t): \(error)")
      if !inRange { #expect(error.exitCode == 65 && error.description.contains("$.touches[1].t")) }
    }
  }

  /// `--set network.link.latency=X` is accepted exactly in 0…3600 s, and a refusal is exit 64
  /// (a command-line value) naming the option and the path.
  @Test func aLatencyIsAcceptedExactlyInItsRange() async {
    await propertyCheck(count: 400, input: Self.mantissas, Self.exponents, Gen.double(in: -100...3700)) {
      mantissa, exponent, near in
      for latency in [Self.number(mantissa, exponent), near] where latency.isFinite { Self.checkLatency(latency) }
    }
  }

  static func checkLatency(_ latency: Double) {
    let override = "network.link.latency=\(JSONWriter.number(latency))"
    do throws(SimError) {
      let scenario = try Scenario.load(file: nil, overrides: [override])
      #expect((0...3600).contains(latency), "\(override) was accepted")
      #expect(scenario.network.link.latency == latency)
    } catch {
      #expect(!(0...3600).contains(latency), "\(override): \(error)")
      #expect(error.exitCode == 64 && error.description.hasPrefix("--set \(override): $.network.link.latency"))
    }
  }

  /// Seconds become nanoseconds without a trap, in order, and saturate at ±2⁶².
  @Test func secondsToNanosecondsIsMonotoneAndSaturates() async {
    await propertyCheck(count: 400, input: Self.mantissas, Self.exponents, Self.mantissas, Self.exponents) {
      m1, e1, m2, e2 in
      let (a, b) = (Self.number(m1, e1), Self.number(m2, e2))
      let (low, high) = (min(a, b), max(a, b))
      #expect(SimTime.fromSeconds(low) <= SimTime.fromSeconds(high))
      #expect(abs(SimTime.fromSeconds(a)) <= 1 << 62)
      if abs(a) < 1e9 { #expect(abs(Double(SimTime.fromSeconds(a)) - a * 1e9) <= 1) }
    }
  }

  /// Any Double formats without a trap, and a number in Int64's reach reads back within the
  /// rounding of its digits.
  @Test func anyNumberFormats() async {
    await propertyCheck(count: 400, input: Self.mantissas, Self.exponents, Gen.int(in: 0...6)) {
      mantissa, exponent, digits in
      let value = Self.number(mantissa, exponent)
      let text = NumberText.fixed(value, digits)
      #expect(!text.isEmpty)
      if value.isFinite, abs(value) < 1e12 {
        let back = Double(text) ?? .nan
        #expect(abs(back - value) <= 0.5 * pow(10, -Double(digits)) + abs(value) * 1e-15, "\(value) → \(text)")
      }
    }
    for special in [Double.nan, .infinity, -.infinity, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude] {
      #expect(!NumberText.fixed(special, 2).isEmpty)
      #expect(!JSONWriter.number(special).isEmpty)
    }
  }
}
