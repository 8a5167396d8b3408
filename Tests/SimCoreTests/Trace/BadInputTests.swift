import Testing

@testable import SimCore

/// Every class of bad input gets a SimError naming the JSON path and the problem, never a trap.
@Suite struct BadInputTests {
  func traceError(_ text: String) -> SimError? {
    do {
      _ = try Trace.decode(try JSONParser.parse(text))
      return nil
    } catch {
      return error
    }
  }

  let head = #""format": "scrollsim-trace", "version": 1"#

  @Test func malformedJSONNamesLineAndColumn() {
    let error = traceError("{\n  \"format\": \"scrollsim-trace\",\n  \"version\": 1,,\n}")
    #expect(error?.kind == .badData)
    #expect(error?.path == "line 3, column 16")
    #expect(error?.message.contains("malformed JSON") == true)
  }

  @Test func emptyFile() {
    #expect(traceError("")?.message.contains("empty") == true)
    #expect(traceError("   ")?.message.contains("empty") == true)
  }

  @Test func nanAndInfinityAndOverflow() {
    #expect(
      traceError(#"{\#(head), "touches": [{"t": NaN, "y": 0, "phase": "began"}]}"#)?.message.contains("NaN") == true)
    #expect(
      traceError(#"{\#(head), "touches": [{"t": -Infinity, "y": 0, "phase": "began"}]}"#)?.message.contains("finite")
        == true)
    #expect(
      traceError(#"{\#(head), "touches": [{"t": 1e999, "y": 0, "phase": "began"}]}"#)?.message.contains("does not fit")
        == true)
  }

  @Test func missingField() {
    let error = traceError(#"{\#(head), "touches": [{"t": 0, "phase": "began"}]}"#)
    #expect(error?.path == "$.touches[0].y")
    #expect(error?.message == "missing (required)")
  }

  @Test func wrongType() {
    let error = traceError(#"{\#(head), "touches": [{"t": "0", "y": 0, "phase": "began"}]}"#)
    #expect(error?.path == "$.touches[0].t")
    #expect(error?.message == "expected a number, found a string")
  }

  @Test func timeGoingBackwards() {
    let error = traceError(
      #"{\#(head), "touches": [{"t": 1, "y": 0, "phase": "began"}, {"t": 0.5, "y": 0, "phase": "ended"}]}"#)
    #expect(error?.path == "$.touches[1].t")
    #expect(error?.message.contains("backwards") == true)
    let offsets = traceError(#"{\#(head), "offsets": [{"t": 1, "offset": 0}, {"t": 0.5, "offset": 3}]}"#)
    #expect(offsets?.path == "$.offsets[1].t")
  }

  @Test func negativeSizesAndTimes() {
    let width = traceError(
      #"{\#(head), "device": {"viewport": {"width": -390, "height": 844}}, "touches": [{"t": 0, "y": 0, "phase": "began"}, {"t": 1, "y": 0, "phase": "ended"}]}"#
    )
    #expect(width?.path == "$.device.viewport.width")
    #expect(width?.message.contains("must be in 0.001...100000, found -390") == true)
    let time = traceError(#"{\#(head), "touches": [{"t": -1, "y": 0, "phase": "began"}]}"#)
    #expect(time?.path == "$.touches[0].t")
  }

  @Test func emptyTraceAndMissingInput() {
    #expect(traceError(#"{\#(head), "touches": []}"#)?.path == "$.touches")
    #expect(traceError(#"{\#(head), "offsets": []}"#)?.message.contains("empty") == true)
    #expect(traceError(#"{\#(head)}"#)?.message.contains("no input") == true)
  }

  @Test func phaseOrder() {
    #expect(traceError(#"{\#(head), "touches": [{"t": 0, "y": 0, "phase": "moved"}]}"#)?.path == "$.touches[0].phase")
    #expect(
      traceError(#"{\#(head), "touches": [{"t": 0, "y": 0, "phase": "began"}]}"#)?.message.contains("finger down")
        == true)
    #expect(
      traceError(#"{\#(head), "touches": [{"t": 0, "y": 0, "phase": "lifted"}]}"#)?.message.contains("unknown value")
        == true)
  }

  @Test func formatVersionAndUnknownFields() {
    #expect(traceError(#"{"format": "other", "version": 1, "touches": []}"#)?.path == "$.format")
    #expect(
      traceError(#"{"format": "scrollsim-trace", "version": 2, "touches": []}"#)?.message.contains(
        "unsupported version") == true)
    #expect(traceError(#"{\#(head), "touchs": []}"#)?.path == "$.touchs")
    #expect(traceError("[1, 2]")?.message.contains("expected an object") == true)
  }

  @Test func scenarioErrorsNameTheField() {
    func scenarioError(_ overrides: [String]) -> SimError? {
      do {
        _ = try Scenario.load(file: nil, overrides: overrides)
        return nil
      } catch { return error }
    }
    #expect(scenarioError(["feed.pageSize=0"])?.path == "$.feed.pageSize")
    #expect(scenarioError(["feed.initialItems=15"])?.message.contains("multiple of pageSize") == true)
    #expect(scenarioError(["feed.kind=placeholder"])?.path == "$.feed.totalItems")
    #expect(scenarioError(["network.content.latency.kind=gamma"])?.path == "$.network.content.latency.kind")
    #expect(scenarioError(["list.itemHeight=-3"])?.path == "$.list.itemHeight")
    #expect(scenarioError(["list.colums=2"])?.path == "$.list.colums")
    #expect(scenarioError(["noequals"])?.kind == .usage)
    #expect(scenarioError([]) == nil)
  }

  @Test func missingFileIsNoInput() {
    do {
      _ = try Trace.load(path: "/nonexistent/trace.json")
      Issue.record("expected an error")
    } catch {
      #expect(error.kind == .noInput)
      #expect(error.exitCode == 66)
      #expect(error.description == "/nonexistent/trace.json: no such file")
    }
  }

  /// Numbers beyond the documented ranges are refused at the boundary with the path and the
  /// range, instead of trapping on the way to integer nanoseconds.
  @Test func extremeNumbersAreRefusedWithTheirRange() throws {
    for (override, path) in [
      ("network.link.latency=1e10", "$.network.link.latency"),
      ("network.content.latency=1e10", "$.network.content.latency"),
      ("network.link.downlinkMbps=1e308", "$.network.link.downlinkMbps"),
      ("stall.giveUpAfter=1e300", "$.stall.giveUpAfter"),
      ("network.page.timeout=1e19", "$.network.page.timeout"),
    ] {
      do {
        _ = try Scenario.load(file: nil, overlays: [], overrides: [override])
        Issue.record("\(override) was accepted")
      } catch {
        // From the command line: named as the option, a usage error (issue 49).
        #expect(error.exitCode == 64 && error.description.contains(path) && error.description.contains("must be"))
        #expect(error.description.hasPrefix("--set \(override): \(path)"))
      }
    }
    let trace =
      #"{"format":"scrollsim-trace","version":1,"touches":[{"t":0.5,"y":1,"phase":"began"},{"t":1e8,"y":1,"phase":"ended"}]}"#
    #expect(throws: SimError.self) { try Trace.decode(JSONParser.parse(trace)) }
    // The conversion itself saturates: the backstop for anything a range missed.
    #expect(SimTime.fromSeconds(1e300) == 4_611_686_018_427_387_904 && SimTime.fromSeconds(.nan) == 0)
    #expect(SimTime.fromSeconds(-.infinity) == -4_611_686_018_427_387_904)
  }

  @Test func unknownStrategyAndParameter() throws {
    #expect(throws: SimError.self) { try StrategyChoice(name: "fastest", parameters: []) }
    do {
      _ = try StrategyChoice(name: "threshold", parameters: ["treshold=0.8"])
      Issue.record("expected an error")
    } catch {
      #expect(error.kind == .usage)
      #expect(error.exitCode == 64)
      #expect(error.message.contains("has no parameter \"treshold\""))
    }
    #expect(throws: SimError.self) { try StrategyChoice(name: "threshold", parameters: ["threshold=1.5"]) }
    #expect(throws: SimError.self) { try StrategyChoice(name: "threshold", parameters: ["mode=fast"]) }
    #expect(throws: SimError.self) { try StrategyCatalog.builtIn.choices("all", parameters: ["nothing=1"]) }
    // A choice's value goes to the strategies that take it; a value nobody takes is an error.
    let modes = try StrategyCatalog.builtIn.choices("threshold,smart", parameters: ["mode=dynamic"])
    #expect(modes.map(\.label) == ["threshold(mode=dynamic)", "smart-range"])
    #expect(throws: SimError.self) { try StrategyCatalog.builtIn.choices("threshold,smart", parameters: ["mode=fast"]) }
    let scoped = try StrategyCatalog.builtIn.choices("threshold,smart", parameters: ["smart-range.mode=full"])
    #expect(scoped.map(\.label) == ["threshold", "smart-range(mode=full)"])
    // Kebab-case keys, as --grid takes them.
    #expect(
      try StrategyChoice(name: "smart", parameters: ["leading-screens=3"]).label == "smart-range(leadingScreens=3)")
    // A parameter some strategies declare applies to those in a comparison.
    #expect(
      (try? StrategyCatalog.builtIn.choices("all", parameters: ["threshold=0.8"]))?.count
        == (try? StrategyCatalog.builtIn.expressions("all"))?.count)
  }
}
