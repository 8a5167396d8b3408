import Testing

@testable import SimCore

/// Tune's answer where the users are: per network and class with the tails, the sessions an
/// undecided change needs, and what decides the mean.
@Suite struct TuneBreakdownTests {
  typealias Run = (
    session: Int, network: String, device: String, current: Double, tuned: Double, currentBlank: Bool,
    tunedBlank: Bool
  )

  /// 20 sessions on wifi, 4g and 3g; 3g's few sessions wait long.
  static func runs(slow: Double) -> [Run] {
    (0..<20).flatMap { session -> [Run] in
      [
        (session, "wifi", session < 10 ? "android-4gb" : "iphone-6gb", 0.4, 0.3, false, false),
        (session, "4g", session < 10 ? "android-4gb" : "iphone-6gb", 0.6, 0.8, session < 4, session < 8),
      ] + (session < 2 ? [(session, "3g", "android-4gb", slow, slow / 2, true, true)] : [])
    }
  }

  static func gain(_ current: Double, _ lower: Double, _ upper: Double) -> TuneGain {
    var gain = TuneGain(current: [[1], [2]], tuned: [[1], [2]], key: .mean, seed: 1)
    gain.relative = (current, lower, upper)
    gain.upper = upper
    return gain
  }

  @Test func rowsPerNetworkAndClassCarryTheTails() {
    let breakdown = TuneBreakdown.make(
      runs: Self.runs(slow: 30), gain: Self.gain(-0.3, -0.5, -0.1), heldOut: 20, sessions: 66, chosen: 1, key: .mean)
    #expect(breakdown.networks.map(\.name) == ["wifi", "4g", "3g"])
    let fourG = breakdown.networks[1]
    #expect(fourG.sessions == 20 && fourG.runs == 20)
    #expect(abs(fourG.current.mean - 0.6) < 1e-12 && abs(fourG.tuned.mean - 0.8) < 1e-12)
    // The tails the mean hides: 4g's runs with a blank over a second double.
    #expect(fourG.current.longBlank == 0.2 && fourG.tuned.longBlank == 0.4)
    #expect(breakdown.classes.map(\.name) == ["android-4gb", "iphone-6gb"])
    // 2 of 42 runs (5 %) carry 60 / 80 = 75 % of the wait: the warning names 3g and the options.
    #expect(breakdown.warnings.first?.hasPrefix("3g is 5 % of the runs and 75 % of the wait") == true)
    #expect(breakdown.warnings.first?.contains("--networks wifi,4g") == true)
    #expect(breakdown.sessionsToDecide == nil)  // decided: the interval is below zero
  }

  /// At the boundary: half the wait and twice the share warns; just under either does not.
  @Test func theWarningsBoundaries() {
    func warns(_ slow: Double) -> Bool {
      TuneBreakdown.make(
        runs: Self.runs(slow: slow), gain: Self.gain(-0.3, -0.5, -0.1), heldOut: 20, sessions: 66, chosen: 1,
        key: .mean
      ).warnings.contains { $0.hasPrefix("3g") }
    }
    // The others wait 20 × 0.4 + 20 × 0.6 = 20 s: 3g's two runs carry half at 10 s each.
    #expect(warns(10))
    #expect(!warns(9.99))
    // A percentile objective weighs sessions alike: no warning of who decides it (the tails the
    // answer raises are still said).
    #expect(
      TuneBreakdown.make(
        runs: Self.runs(slow: 30), gain: Self.gain(-0.3, -0.5, -0.1), heldOut: 20, sessions: 66, chosen: 1, key: .p90
      ).warnings.allSatisfy { $0.hasPrefix("On ") })
  }

  /// An interval across zero: n · (half-width / change)² held-out sessions would decide it.
  @Test func anUndecidedChangeSaysHowManySessionsWouldDecideIt() throws {
    let breakdown = TuneBreakdown.make(
      runs: Self.runs(slow: 1), gain: Self.gain(-0.064, -0.667, 0.058), heldOut: 36, sessions: 120, chosen: 1,
      key: .mean)
    let needed = try #require(breakdown.sessionsToDecide)
    // Half-width 0.3625 over a change of 0.064: (5.66)² × 36 = 1,155 held-out, at 30 % 3,850.
    #expect(needed.heldOut == 1155)
    #expect(needed.total == 3850)
    // No better setting found: nothing to decide.
    #expect(
      TuneBreakdown.make(
        runs: Self.runs(slow: 1), gain: Self.gain(-0.064, -0.667, 0.058), heldOut: 36, sessions: 120, chosen: 0,
        key: .mean
      ).sessionsToDecide == nil)
  }

  /// A tail the answer raises by a tenth of a group's runs, among 10 runs or more, is said (a
  /// class's with its budget's @class); one run fewer, or a group of 9, is not.
  @Test func aTailTheAnswerRaisesIsSaid() {
    func row(_ name: String, runs: Int, from: Int, to: Int) -> TuneBreakdown.Row {
      func figures(_ blanks: Int) -> TuneBreakdown.Figures {
        .init(mean: 1, p90: 1, longBlank: Double(blanks) / Double(runs))
      }
      return .init(
        name: name, sessions: runs, runs: runs, current: figures(from), tuned: figures(to), runShare: 0.5,
        waitShare: 0.5)
    }
    let classes = [row("android-4gb", runs: 20, from: 4, to: 6)]
    let said = TuneBreakdown.tailWarnings(
      [row("4g", runs: 10, from: 3, to: 4), row("wifi", runs: 20, from: 4, to: 5), row("3g", runs: 9, from: 0, to: 5)]
        + classes, classes: classes)
    #expect(said.count == 2)
    #expect(said.first?.hasPrefix("On 4g the answer raises the runs with a blank over 1 s from 30 % to 40 %") == true)
    #expect(said.first?.contains("--budget 'blankMaxSeconds<=+10%')") == true)
    #expect(said.last?.contains("--budget 'blankMaxSeconds<=+10%@android-4gb')") == true)
  }
}
