import Testing

@testable import SimCore

/// `TraceReach`: how far a trace takes the list, and when that cannot separate strategies.
@Suite struct TraceReachTests {
  /// A drag to `offset` in steps of 50 pt a frame over rows of 100 pt in an 844-pt viewport
  /// (an offsets trace is replayed as it is: steps longer than a row would skip rows).
  func reach(draggingTo offset: Double) throws -> TraceReach {
    let steps = Int(offset / 50)
    let samples =
      [OffsetSample(t: 0, offset: 0)]
      + (1...steps).map { OffsetSample(t: 0.5 + Double($0) / 60, offset: Double($0) * 50, phase: .dragging) }
    var scenario = Scenario.default
    scenario.list.heights = .distribution(.fixed(100))
    return try TraceReach.of(Trace(device: Device(refreshRate: 60), input: .offsets(samples)), scenario: scenario)
  }

  /// At 500 pt the screen's bottom edge is at 1344 pt: rows 0–13 (14 rows), inside the first
  /// page of 20.
  @Test func aTraceInsideTheFirstPageSaysSo() throws {
    let reach = try reach(draggingTo: 500)
    #expect(reach.rowsSeen == 14)
    #expect(reach.lastRow == 13)
    #expect(reach.warning?.contains("never reaches the end of the first page") == true)
    #expect(reach.warning?.contains("row 14 of the 20") == true)
  }

  /// At 2000 pt: rows 0–28, past the first page (20) but short of three pages (60).
  @Test func aTraceShowingFewRowsSaysSo() throws {
    let reach = try reach(draggingTo: 2000)
    #expect(reach.rowsSeen == 29)
    #expect(reach.warning?.contains("shows only 29 rows") == true)
  }

  /// At 5200 pt: rows 0–60, 61 rows: three pages' worth and one more, nothing to say. At
  /// 5100 pt: rows 0–59, 60 rows, still nothing (few is fewer than 60).
  @Test func aTraceReachingThreePagesIsQuiet() throws {
    #expect(try reach(draggingTo: 5200).warning == nil)
    #expect(try reach(draggingTo: 5100).rowsSeen == 60)
    #expect(try reach(draggingTo: 5100).warning == nil)
    #expect(try reach(draggingTo: 5000).rowsSeen == 59)
    #expect(try reach(draggingTo: 5000).warning != nil)
  }

  /// The bundled fling-stress trace goes 548 rows down; the calibrated reader trace stays in
  /// the first screen.
  @Test func bundledTraces() throws {
    let stress = try Trace.load(path: PackageRoot.url("Traces/fling-stress-60s.json").path)
    #expect(try TraceReach.of(stress, scenario: .default).warning == nil)
    let reader = try Trace.load(path: PackageRoot.url("Traces/lab/reader-60s.json").path)
    #expect(try TraceReach.of(reader, scenario: .default).lastRow < 20)
  }
}
