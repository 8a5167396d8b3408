import Testing

@testable import SimCore

/// Assertions files (`--assert`): each bound becomes the `--fail-if` it stands for, and every
/// mistake is named by its JSON path.
@Suite struct AssertionsFileTests {
  static func read(_ assertions: String, extra: String = "") throws(SimError) -> [Assertion] {
    try AssertionsFile.read(
      JSONParser.parse(
        "{\"format\": \"scrollsim-assertions\", \"version\": 1\(extra), \"assertions\": [\(assertions)]}"))
  }

  static func failure(_ assertions: String, extra: String = "") -> String {
    do {
      _ = try read(assertions, extra: extra)
      return ""
    } catch {
      return "\(error.path ?? ""): \(error.message)"
    }
  }

  @Test func boundsBecomeConditions() throws {
    let assertions = try Self.read(
      """
      {"metric": "wait_time", "maxRise": "10%"},
      {"strategy": "smart-range", "metric": "wasted_requests", "maxRise": 20, "level": "warn"},
      {"metric": "blank_time", "max": 50, "confidence": 0.99},
      {"metric": "cache_hits", "maxFall": "20%"},
      {"metric": "cache_hits", "min": 5},
      {"metric": "stall_time", "maxFall": 0.5},
      {"condition": "glide: requests >= 30", "name": "few requests"}
      """, extra: ", \"confidence\": 0.9")
    #expect(
      assertions.map(\.condition.description) == [
        "wait_time > +10%", "smart-range: wasted_requests > +20", "blank_time > 50", "cache_hits < -20%",
        "cache_hits < 5", "stall_time < -0.5", "glide: requests >= 30",
      ])
    #expect(assertions[0].condition.bound == .relative(0.1) && assertions[0].condition.above)
    #expect(assertions[3].condition.bound == .relative(-0.2) && !assertions[3].condition.above)
    #expect(assertions.map(\.level) == [.error, .warn, .error, .error, .error, .error, .error])
    #expect(assertions.map(\.confidence) == [0.9, 0.9, 0.99, 0.9, 0.9, 0.9, 0.9])
    #expect(assertions[6].description == "few requests (90%)")
    #expect(assertions[1].description == "smart-range: wasted_requests > +20 (warn, 90%)")
  }

  @Test func mistakesAreNamedByPath() {
    let cases: [(String, String, String)] = [
      ("{\"metric\": \"wait_time\"}", "$.assertions[0]", "no bound"),
      ("{\"metric\": \"wait_time\", \"max\": 1, \"min\": 0}", "$.assertions[0]", "more than one bound (max, min)"),
      ("{\"metric\": \"wait_tme\", \"max\": 1}", "$.assertions[0]", "did you mean \"wait_time\"?"),
      ("{\"metric\": \"wait_time\", \"maxRise\": \"ten%\"}", "$.assertions[0].maxRise", "a share like \"10%\""),
      ("{\"metric\": \"wait_time\", \"maxRise\": -1}", "$.assertions[0].maxRise", "must be 0 or more"),
      (
        "{\"metric\": \"wait_time\", \"max\": 1, \"levle\": \"warn\"}", "$.assertions[0].levle",
        "did you mean \"level\"?"
      ),
      (
        "{\"metric\": \"wait_time\", \"max\": 1, \"level\": \"fatal\"}", "$.assertions[0].level",
        "expected one of warn, error"
      ),
      (
        "{\"metric\": \"wait_time\", \"max\": 1, \"confidence\": 95}", "$.assertions[0].confidence",
        "must be in 0.5...0.9999"
      ),
      ("{\"condition\": \"wait_time > +1%\", \"max\": 1}", "$.assertions[0]", "give it alone"),
      ("{\"condition\": \"wait_time >> 1\"}", "$.assertions[0]", "condition 'wait_time >> 1'"),
      ("1", "$.assertions[0]", "expected an object"),
    ]
    for (assertion, path, message) in cases {
      let failure = Self.failure(assertion)
      #expect(failure.hasPrefix(path + ":") && failure.contains(message), "\(assertion): \(failure)")
    }
    #expect(Self.failure("").contains("no assertions"))
    #expect(
      Self.failure("{\"metric\": \"wait_time\", \"max\": 1}", extra: ", \"extra\": 1").hasPrefix("$.extra:"))
    #expect(throws: SimError.self) {
      try AssertionsFile.read(
        JSONParser.parse("{\"format\": \"scrollsim-assertions\", \"version\": 2, \"assertions\": []}"))
    }
    #expect(throws: SimError.self) { try AssertionsFile.read(JSONParser.parse("{\"format\": \"scrollsim-trace\"}")) }
  }

  /// `--fail-if` and files together, aliases resolved to the rows' names.
  @Test func loadJoinsFlagsAndFiles() throws {
    let assertions = try Assertion.load(failIf: ["smart: wait_time > +5%"], files: [], catalog: .builtIn)
    #expect(assertions.map(\.condition.strategy) == ["smart-range"])
    #expect(assertions[0].level == .error && assertions[0].confidence == 0.95)
    #expect(throws: SimError.self) {
      try Assertion.load(failIf: [], files: ["/nonexistent/gate.json"], catalog: .builtIn)
    }
  }
}
