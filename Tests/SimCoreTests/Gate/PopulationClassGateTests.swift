import Testing

@testable import SimCore

/// Gate conditions that name a class of session (`wait_p90@low-end > +10%`) reach that class's
/// rows only, conditions without one the whole's only, and a class the run lacks is named.
@Suite struct PopulationClassGateTests {
  /// Sessions of two classes; `slow` adds to the low-end sessions' waits.
  static func summary(slow: Double) -> PopulationSummary {
    var summary = PopulationSummary(strategies: [("a", nil)])
    summary.breakdown = PopulationBreakdown(dimension: .device)
    for index in 0..<10 {
      let lowEnd = index % 2 == 0
      let run = PopulationSummaryTests.run("a", wait: 1 + Double(index % 3) + (lowEnd ? slow : 0))
      summary.add(session: [run], fingerprint: UInt64(index), class: lowEnd ? "low-end" : "high")
    }
    return summary
  }

  @Test func aClassConditionReachesItsRowsOnly() throws {
    let baseline = Self.summary(slow: 0).gateRows(seed: 1)
    let now = Self.summary(slow: 1).gateRows(seed: 1)
    #expect(now.map(\.trace) == ["population", "population@low-end", "population@high"])
    let low = try Gate.check([GateCondition("wait_time@low-end > +10%")], now: now, baseline: baseline)
    #expect(low.map(\.trace) == ["population@low-end"])
    #expect(low[0].verdict == .fails)
    let high = try Gate.check([GateCondition("wait_time@high > +10%")], now: now, baseline: baseline)
    #expect(high.map(\.verdict) == [.passes])
    let whole = try Gate.check([GateCondition("wait_time > +10%")], now: now, baseline: baseline)
    #expect(whole.map(\.trace) == ["population"])
    // A relative bound just inside and just outside the change on the class (mean 1.8 → 2.8 s: +55.6 %).
    let change = (now[1].runs[0]["waitSeconds"]! / baseline[1].runs[0]["waitSeconds"]! - 1) * 100
    let inside = try Gate.check(
      [GateCondition("wait_time@low-end > +\(change - 0.01)%")], now: now, baseline: baseline)
    let outside = try Gate.check(
      [GateCondition("wait_time@low-end > +\(change + 0.01)%")], now: now, baseline: baseline)
    #expect(inside[0].verdict == .fails && outside[0].verdict == .passes)
  }

  @Test func aClassTheRunLacksIsNamed() throws {
    let now = Self.summary(slow: 0).gateRows(seed: 1)
    #expect {
      _ = try Gate.check([GateCondition("wait_p90@lowend > 3")], now: now, baseline: nil)
    } throws: { error in
      (error as! SimError).message.contains("no class lowend (did you mean \"low-end\"?)")
    }
    var plain = Self.summary(slow: 0)
    plain.breakdown = nil
    #expect {
      _ = try Gate.check([GateCondition("wait_p90@low-end > 3")], now: plain.gateRows(seed: 1), baseline: nil)
    } throws: { error in
      (error as! SimError).message.contains("--by device or --by network")
    }
    #expect(throws: SimError.self) { try GateCondition("wait_p90@ > 3") }
    #expect(try GateCondition("a: peak_memory_p90 @ mid <= 400").sessionClass == "mid")
  }
}
