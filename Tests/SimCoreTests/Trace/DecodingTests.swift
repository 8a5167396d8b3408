import Testing

@testable import SimCore

@Suite struct DecodingTests {
  @Test func generatedTraceRoundTrips() throws {
    let trace = GestureGenerator.generate(profile: .mixed, duration: 20, seed: 3)
    let decoded = try Trace.decode(try JSONParser.parse(trace.encoded()))
    #expect(decoded.encoded() == trace.encoded())
    #expect(decoded.device == trace.device)
  }

  @Test func offsetsTraceWithPhases() throws {
    let text = #"""
      {"format": "scrollsim-trace", "version": 1, "device": {"viewport": {"width": 390, "height": 844}, "refreshRate": 60},
       "offsets": [{"t": 0, "offset": 0}, {"t": 0.5, "offset": 10, "phase": "dragging"}, {"t": 0.6, "offset": 40, "phase": "decelerating"}]}
      """#
    let trace = try Trace.decode(try JSONParser.parse(text))
    #expect(trace.device.refreshRate == 60)
    guard case .offsets(let samples) = trace.input else {
      Issue.record("expected offsets")
      return
    }
    #expect(samples.map(\.phase) == [nil, .dragging, .decelerating])
  }

  @Test func jsonStringsAndEscapes() throws {
    #expect(try JSONParser.parse(#""a\"b\\c\u00e9\ud83d\ude00""#) == .string("a\"b\\cé😀"))
    #expect(throws: SimError.self) { try JSONParser.parse(#"{"a": 1, "a": 2}"#) }
    #expect(throws: SimError.self) { try JSONParser.parse("01") }
    #expect(
      JSONWriter.compact(try JSONParser.parse(#"{"b": [1, 2.5, true, null], "a": "x\n"}"#))
        == #"{"b":[1,2.5,true,null],"a":"x\n"}"#)
  }

  @Test func scenarioDefaultsAndOverrides() throws {
    let scenario = try Scenario.load(
      file: nil,
      overrides: [
        "feed.pageSize=10", "feed.initialItems=30", "network.content.latency=0.2", "list.columns=2",
        "stall.policy=continue",
      ])
    #expect(scenario.feed.pageSize == 10)
    #expect(scenario.feed.initialItems == 30)
    #expect(scenario.network.content.latency == .fixed(0.2))
    #expect(scenario.network.page == Scenario.default.network.page)
    #expect(scenario.list.columns == 2)
    #expect(scenario.stall.policy == .continue)
    // The default scenario survives a trip through its JSON.
    #expect(try Scenario.decode(Scenario.default.json) == Scenario.default)
  }
}

@Suite struct OverrideTests {
  /// A distribution of another kind replaces the default whole (no stray `median`).
  @Test func changingADistributionsKind() throws {
    let scenario = try Scenario.load(
      file: nil, overrides: [#"network.content.latency={"kind": "uniform", "min": 0.1, "max": 0.3}"#])
    #expect(scenario.network.content.latency == .uniform(min: 0.1, max: 0.3))
    let sameKind = try Scenario.load(file: nil, overrides: ["network.content.latency.p95=0.9"])
    #expect(sameKind.network.content.latency == .lognormal(median: 0.02, p95: 0.9))
  }
}
