import Testing

@testable import SimCore

/// `TraceEvents` against the rules of Perfetto's JSON importer (google/perfetto
/// `src/trace_processor/importers/json/json_trace_parser_impl.cc`): slices on a track nest,
/// every flow has both ends, counters are numbers. `Validation/trace_events_check.py` checks
/// the same on the CLI's files in `.ci/run`.
@Suite struct TraceEventsTests {
  struct Slice {
    var name: String
    var start: Int
    var end: Int
  }

  static func events(_ strategy: String, network: String, profile: GestureGenerator.Profile = .flingStress) throws -> (
    Timeline, [JSONCursor]
  ) {
    var scenario = Scenario.default
    scenario.network.link = try NetworkProfiles.lookup(network)
    let trace = GestureGenerator.generate(profile: profile, duration: 20, seed: 3)
    let result = try Simulation.run(
      trace: trace, traceName: "t", scenario: scenario, strategy: StrategyChoice(name: strategy, parameters: []),
      options: SimulationOptions(recordEvents: true))
    let timeline = Timeline(events: result.events)
    let json = JSONCursor(try JSONParser.parse(TraceEvents.render(timeline, title: "t")))
    return (timeline, try json["traceEvents"].elements())
  }

  /// Complete events per (pid, tid), in the importer's order: by start, the longer first.
  static func tracks(_ events: [JSONCursor]) throws -> [String: [Slice]] {
    var tracks: [String: [Slice]] = [:]
    for event in events where try event["ph"].string() == "X" {
      let start = try event["ts"].int()
      let slice = Slice(name: try event["name"].string(), start: start, end: start + (try event["dur"].int()))
      tracks["\(try event["pid"].int())/\(try event["tid"].int())", default: []].append(slice)
    }
    return tracks.mapValues { $0.sorted { ($0.start, $1.end) < ($1.start, $0.end) } }
  }

  /// Stalls start inside flings and outlast them (21 times for flatlist on slow 3G in the old
  /// format, all on one track): on their own track nothing crosses, for strategies whose runs
  /// stall, fling and refetch.
  @Test(arguments: ["flatlist", "smart", "lazy", "paging3+glide", "oracle"])
  func slicesNestOnEveryTrack(_ strategy: String) throws {
    let (timeline, events) = try Self.events(strategy, network: "slow-3g")
    var crossings = 0
    for (_, slices) in try Self.tracks(events) {
      var stack: [Slice] = []
      for slice in slices {
        while let top = stack.last, top.end <= slice.start { stack.removeLast() }
        if let top = stack.last, slice.end > top.end {
          crossings += 1
          continue
        }
        stack.append(slice)
      }
    }
    #expect(crossings == 0)
    if strategy == "flatlist" { #expect(timeline.gestures.contains { $0.kind == "stall" }) }
  }

  /// Every event but metadata has a category and arguments; counters hold numbers; every
  /// flow has one start on a content request and one end on a `filled` row slice after it.
  @Test func categoriesArgumentsFlowsAndCounters() throws {
    let (timeline, events) = try Self.events("smart", network: "4g")
    var flowOut: [Int: Int] = [:]  // bind id → request's start µs
    var flowIn: [Int: Int] = [:]  // bind id → filled slice's start µs
    var counters: Set<String> = []
    for event in events where try event["ph"].string() != "M" {
      #expect(!(try event["cat"].string()).isEmpty)
      let args = try #require(event["args"].value?.members)
      switch try event["ph"].string() {
      case "C":
        counters.insert(try event["name"].string())
        for (_, value) in args { #expect(value.double != nil) }
      case "X":
        guard let bind = try? event["bind_id"].int() else { continue }
        if (try? event["flow_out"].bool()) == true {
          #expect(try event["cat"].string() == "network.content")
          flowOut[bind] = try event["ts"].int() + (try event["dur"].int())
        } else {
          #expect(try event["name"].string() == "filled")
          flowIn[bind] = try event["ts"].int()
        }
      default: Issue.record("unexpected phase")
      }
    }
    #expect(!flowOut.isEmpty)
    #expect(Set(flowOut.keys) == Set(flowIn.keys))
    for (bind, landed) in flowOut { #expect(flowIn[bind]! >= landed) }
    #expect(
      counters == [
        "content offset", "rows on screen", "blank share of rows on screen", "requests in flight", "frames late",
      ])
    // A flow per content response at most, and rows each filled once per episode at most.
    let responses = timeline.requests.filter { $0.kind == "content" && $0.attempt?.outcome == "response" }.count
    #expect(flowOut.count <= responses)
  }

  /// The rows counter adds up: at the end, the rows still on screen are the episodes never
  /// hidden; screen slots are about a screen's worth, not one per row.
  @Test func rowsOnScreenCounterAndSlots() throws {
    let (timeline, events) = try Self.events("smart", network: "4g")
    let rows = try events.filter { try $0["ph"].string() == "C" && $0["name"].string() == "rows on screen" }
    let last = try #require(rows.last)
    let shown = try last["args"]["blank"].double() + last["args"]["filled"].double()
    #expect(Int(shown) == timeline.episodes.filter { $0.hidden == nil }.count)
    let slots = Set(
      try events.filter { try $0["ph"].string() == "X" && $0["pid"].int() == 2 }.map { try $0["tid"].int() })
    let rowsShown = Set(timeline.episodes.map(\.item)).count
    #expect(rowsShown > 50)
    #expect(slots.count < 20)
  }
}
