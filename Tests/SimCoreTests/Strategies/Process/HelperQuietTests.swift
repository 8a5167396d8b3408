import Testing

@testable import SimCore

/// A helper's quiet: read as docs/protocol.md writes it, refused with the path of what is
/// wrong, and waking exactly on each condition's boundary (just inside, on, just outside).
@Suite struct HelperQuietTests {
  static func quiet(_ json: String) throws -> HelperQuiet? {
    try HelperAnswer.parse(Array(#"{"actions":[],"quiet":\#(json)}"#.utf8)).quiet
  }

  @Test func readsEveryCondition() throws {
    let quiet = try #require(
      try Self.quiet(
        #"{"offsetAbove":1200.5,"offsetBelow":-3,"direction":-1,"#
          + #""facts":{"itemCount":40,"hasMoreData":true,"targetContentOffset":null,"visibleItems":[3,4]},"#
          + #""rows":[7,3,2,9,8,0]}"#))
    #expect(quiet.offsetAbove == 1200.5 && quiet.offsetBelow == -3 && quiet.direction == -1)
    #expect(quiet.facts.map(\.fact) == [.itemCount, .hasMoreData, .targetContentOffset])
    #expect(quiet.facts[0].value == 40 && quiet.facts[1].value == 1 && quiet.facts[2].value.isNaN)
    #expect(quiet.visibleItems == [3, 4])
    #expect(quiet.rows.map(\.item) == [7, 9] && quiet.rows.map(\.mask) == [3, 8] && quiet.rows.map(\.bits) == [2, 0])
    #expect(try Self.quiet("null") == nil)
    #expect(try HelperAnswer.parse(Array(#"{"actions":[]}"#.utf8)).quiet == nil)
    #expect(try Self.quiet("{}") == HelperQuiet())
  }

  @Test(arguments: [
    (#"[]"#, "$.quiet: expected an object"),
    (#"{"offsetAbov":1}"#, "$.quiet.offsetAbov: not a wake condition"),
    (#"{"offsetAbove":"1"}"#, "$.quiet.offsetAbove: expected a number"),
    (#"{"direction":2}"#, "$.quiet.direction: expected -1, 0 or 1"),
    (#"{"direction":0.5}"#, "$.quiet.direction: expected -1, 0 or 1"),
    (#"{"facts":{"itemcount":3}}"#, "$.quiet.facts.itemcount: not a fact; expected one of time,"),
    (#"{"facts":{"hasMoreData":1}}"#, "$.quiet.facts.hasMoreData: expected true or false"),
    (#"{"facts":{"itemCount":true}}"#, "$.quiet.facts.itemCount: expected a number"),
    (#"{"facts":{"contentLength":null}}"#, "$.quiet.facts.contentLength: expected a number"),
    (#"{"facts":{"visibleItems":[1,-2]}}"#, "$.quiet.facts.visibleItems: expected an array of row indexes"),
    (#"{"facts":[]}"#, "$.quiet.facts: expected an object"),
    (#"{"rows":[1,3]}"#, "$.quiet.rows: expected [row, mask, bits"),
    (#"{"rows":[1.5,3,0]}"#, "$.quiet.rows: expected [row, mask, bits"),
    (#"{"rows":[1,0,0]}"#, "$.quiet.rows[1]: a mask of state bits from 1 to 15, not 0"),
    (#"{"rows":[1,16,0]}"#, "$.quiet.rows[1]: a mask of state bits from 1 to 15, not 16"),
    (#"{"rows":[1,3,4]}"#, "$.quiet.rows[2]: bits 4 lie outside the mask 3"),
  ])
  func refusesWhatIsNotAQuiet(_ json: String, _ phrase: String) {
    do {
      _ = try Self.quiet(json)
      Issue.record("\(json) was read")
    } catch {
      #expect("\(error)".contains(phrase), "\(json): \(error)")
    }
  }

  @Test func theMasksAtTheirBoundsAreRead() throws {
    #expect(try Self.quiet(#"{"rows":[0,1,1,5,15,15]}"#)?.rows.map(\.mask) == [1, 15])
    #expect(try Self.quiet(#"{"direction":1}"#)?.direction == 1)
  }

  @Test func theOffsetWakesJustPastEachBound() throws {
    let list = FakeList(itemCount: 40)
    let quiet = HelperQuiet(offsetAbove: 500, offsetBelow: 100)
    for (offset, wakes) in [(99.999, true), (100, false), (300, false), (500, false), (500.001, true)] {
      list.contentOffset = offset
      #expect(quiet.wakes(list, lastFrameOffset: offset) == wakes, "offset \(offset)")
    }
  }

  @Test func theDirectionWakesOnAStepTheOtherWay() throws {
    let list = FakeList(itemCount: 40)
    list.contentOffset = 200
    for (direction, last, wakes) in [
      (1, 200.001, true), (1, 200, false), (1, 150, false), (-1, 199.999, true), (-1, 200, false), (0, 0, false),
    ] {
      #expect(
        HelperQuiet(direction: direction).wakes(list, lastFrameOffset: last) == wakes, "direction \(direction), \(last)"
      )
    }
  }

  @Test func aFactThatChangesWakes() throws {
    let list = FakeList(itemCount: 40)
    list.targetContentOffset = nil
    let quiet = HelperQuiet(
      facts: [(.itemCount, 40), (.hasMoreData, 1), (.targetContentOffset, .nan), (.lastFrameOffset, 12)],
      visibleItems: [0, 1, 2, 3, 4, 5, 6, 7])
    #expect(!quiet.wakes(list, lastFrameOffset: 12))
    #expect(quiet.wakes(list, lastFrameOffset: 12.5))
    list.targetContentOffset = 900
    #expect(quiet.wakes(list, lastFrameOffset: 12))
    list.targetContentOffset = nil
    list.itemCount = 41
    #expect(quiet.wakes(list, lastFrameOffset: 12))
    list.itemCount = 40
    list.contentOffset = 1
    #expect(quiet.wakes(list, lastFrameOffset: 12), "row 8 came into view")
  }

  @Test func aRowWakesWhenItsBitsUnderTheMaskChange() throws {
    let list = FakeList(itemCount: 40)
    let quiet = HelperQuiet(rows: [(9, 3, 2)])  // content requested, not held
    #expect(quiet.wakes(list, lastFrameOffset: 0))
    list.inFlight.insert(9)
    #expect(!quiet.wakes(list, lastFrameOffset: 0))
    list.cached.insert(9)
    #expect(!quiet.wakes(list, lastFrameOffset: 0), "the cache bit is outside the mask")
    list.content.insert(9)
    #expect(quiet.wakes(list, lastFrameOffset: 0), "its content came")
  }
}
