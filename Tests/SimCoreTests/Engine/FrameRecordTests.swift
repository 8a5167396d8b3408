import Testing

@testable import SimCore

/// The per-frame record (`run --frames`): what a referee replays. It must say everything the
/// strategy heard, in order, with the rows' layout before any line that names them; and it
/// must not change the run.
@Suite struct FrameRecordTests {
  private func run(_ strategy: String, frames: Bool, events: Bool = true) throws -> RunResult {
    var options = SimulationOptions(seed: 5, recordEvents: events)
    options.recordFrames = frames
    let trace = GestureGenerator.generate(profile: .flinger, duration: 8, seed: 2)
    return try Simulation.run(
      trace: trace, traceName: "t", scenario: .default, strategy: StrategyChoice(name: strategy, parameters: []),
      options: options)
  }

  private func lines(_ result: RunResult) throws -> [JSONCursor] {
    try result.frames.split(separator: "\n").map { JSONCursor(try JSONParser.parse(String($0))) }
  }

  @Test func recordingFramesChangesNothingElse() throws {
    let plain = try run("flatlist", frames: false)
    let recorded = try run("flatlist", frames: true)
    #expect(plain.frames.isEmpty)
    #expect(recorded.events.jsonLines == plain.events.jsonLines)
    #expect(Report.csv([recorded.metrics]) == Report.csv([plain.metrics]))
    #expect(try run("flatlist", frames: true).frames == recorded.frames)  // byte-identical again
  }

  @Test func headerThenRowsBeforeTheyAreNamed() throws {
    let all = try lines(try run("paging3+glide", frames: true))
    #expect(try all[0]["format"].string() == "scrollsim-frames")
    #expect(try all[0]["version"].double() == 1)
    var laidOut = 0
    var lastNs = 0.0
    var frames = 0
    for line in all.dropFirst() {
      let ns = try line["ns"].double()
      #expect(ns >= lastNs)  // in time order
      lastNs = ns
      if line["layout"].exists {
        #expect(try line["layout"]["first"].double() == Double(laidOut))
        laidOut += try line["layout"]["rows"].elements().count
      } else if line["call"].exists {
        #expect(try line["items"].double() <= Double(laidOut))
        if line["item"].exists { #expect(try line["item"].double() < Double(laidOut)) }
      } else {
        frames += 1
        #expect(line["state"].exists)
        #expect(try line["viewport"]["height"].double() > 0)
      }
    }
    #expect(frames > 100)
  }

  /// Every callback the strategy hears is in the record: as many `didScroll` lines as the
  /// strategy's own count of scroll events would be, and one `listDidLoad` first.
  @Test func callbacksAreAllThere() throws {
    let calls = try lines(try run("smart", frames: true)).filter { $0["call"].exists }.map { try $0["call"].string() }
    #expect(calls.first == "listDidLoad")
    #expect(calls.filter { $0 == "listDidLoad" }.count == 1)
    #expect(calls.contains("didScroll") && calls.contains("willEndDragging") && calls.contains("requestDidComplete"))
  }

  /// A strategy without state writes frames without `state`; Glide's lists are per frame:
  /// together they hold each preload once.
  @Test func statesAreTheStrategies() throws {
    for plain in ["smart", "sentinel+intersection-observer"] {
      let frames = try lines(try run(plain, frames: true)).filter { $0["frame"].exists }
      #expect(frames.allSatisfy { !$0["state"].exists })
    }
    let glide = try lines(try run("paging3+glide", frames: true)).filter { $0["frame"].exists }
    let preloads = try glide.flatMap { try $0["state"]["preloads"].elements().map { try $0.double() } }
    #expect(!preloads.isEmpty)
    let flat = try lines(try run("flatlist", frames: true)).filter { $0["frame"].exists }
    #expect(try flat.last!["state"]["mask"].elements().count >= 1)
  }

  /// Paging 3's state is what Paging was told and asked, per frame: every page the run asked
  /// for (the events' requests) appears once, in order, in the first frame that ends after it
  /// was asked, and every row the run displayed was read.
  @Test func pagingSaysItsReadsAndPages() throws {
    let result = try run("paging3+gapworker", frames: true)
    let frames = try lines(result).filter { $0["frame"].exists }
    let pages = try frames.flatMap { try $0["state"]["pages"].elements().map { Int(try $0.double()) } }
    let requested = try Fixtures.events(result, named: "request").filter { try $0["kind"].string() == "page" }
      .map { Int(try $0["page"].double()) }
    #expect(!pages.isEmpty && pages == requested)
    let reads = Set(try frames.flatMap { try $0["state"]["reads"].elements().map { Int(try $0.double()) } })
    let shown = Set(try Fixtures.events(result, named: "cell-visible").map { Int(try $0["item"].double()) })
    #expect(shown.isSubset(of: reads))
  }

  /// Glide keeps its per-frame lists only for a recorded run: a run that is not recorded (every
  /// compare, sweep and tune) does not grow them with each preload.
  @Test func glideKeepsItsListsOnlyWhenRecorded() throws {
    for recorded in [false, true] {
      let list = FakeList(itemCount: 100)
      let glide = GlideStrategy(parameters: StrategyParameters(info: GlideStrategy.info))
      if recorded { glide.beginFrameReports() }
      glide.listDidLoad(list)
      let preloads = try JSONCursor(try #require(glide.takeFrameState()))["preloads"].elements()
      #expect(preloads.isEmpty == !recorded)
    }
  }
}
