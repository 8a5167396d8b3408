import Foundation
import Testing

@testable import SimCore

/// The typed timeline and its one written form, the `--events` line.
@Suite struct TimelineEventTests {
  /// One event of every kind.
  static let everyKind: [TimelineEvent.Kind] = [
    .sessionBegin(items: 20), .sessionEnd, .dragBegin, .dragEnd(velocity: -1234.567, target: 99.996), .flingResume,
    .decelerateEnd, .cellVisible(item: 3), .cellReady(item: 3), .cellHidden(item: 3), .request(.page, index: 2, id: 7),
    .requestIgnored(page: 9, reason: "no such page"), .requestDeferred(item: 4), .cacheHit(item: 5), .clear(item: 6),
    .send(.content, index: 4, id: 2, attempt: 1, priority: .visible),
    .retry(.content, index: 4, id: 2, reason: "timeout", attempt: 1, delay: 0.5),
    .fail(.page, index: 2, id: 7, reason: "error", attempts: 3), .response(.content, index: 4, id: 2, bytes: 1234.4),
    .cancel(.content, index: 4, id: 2, sent: true), .stallBegin, .stallEnd(seconds: 1.25, abandoned: false),
    .stallEnd(seconds: 2, abandoned: true), .unservedDemand(pages: 3, serveSeconds: 0.75, charged: 0.5),
  ]

  @Test func linesKeepTheFieldOrderOfTheTimeline() {
    func line(_ kind: TimelineEvent.Kind) -> String { TimelineEvent(time: 0, offset: 0, kind: kind).line }
    #expect(
      line(.request(.page, index: 2, id: 7)) == #"{"t":0,"event":"request","offset":0,"kind":"page","page":2,"id":7}"#)
    #expect(
      line(.send(.content, index: 4, id: 2, attempt: 1, priority: .visible))
        == #"{"t":0,"event":"send","offset":0,"item":4,"id":2,"attempt":1,"priority":"visible"}"#)
    #expect(
      line(.response(.content, index: 4, id: 2, bytes: 1234.4))
        == #"{"t":0,"event":"response","offset":0,"item":4,"kind":"content","id":2,"bytes":1234}"#)
    #expect(
      line(.cancel(.page, index: 1, id: 0, sent: false))
        == #"{"t":0,"event":"cancel","offset":0,"kind":"page","page":1,"id":0,"sent":false}"#)
    #expect(line(.stallEnd(seconds: 2, abandoned: true)) == #"{"t":0,"event":"stall-abandon","offset":0,"seconds":2}"#)
  }

  /// Times to the microsecond, offsets and drag-end measures to 0.01: the typed values are the
  /// printed ones, so pictures drawn from either agree.
  @Test func valuesAreRoundedAsPrinted() {
    let event = TimelineEvent(
      time: SimTime.fromSeconds(1.2345674), offset: 10.004, kind: .dragEnd(velocity: -1234.567, target: 99.996))
    #expect(event.time == 1.234567 && event.offset == 10)
    #expect(event.kind == .dragEnd(velocity: -1234.57, target: 100))
    #expect(event.line == #"{"t":1.234567,"event":"drag-end","offset":10,"velocity":-1234.57,"target":100}"#)
    #expect(TimelineEvent(time: 0, offset: -0.001, kind: .sessionEnd).line.contains(#""offset":0}"#))
  }

  @Test func theLogKeepsEventsInOrder() {
    var log = EventLog()
    log.record(.sessionBegin(items: 20), time: 0, offset: 0)
    log.record(.cellVisible(item: 0), time: SimTime.fromSeconds(0.016), offset: 1.5)
    #expect(log.events.map(\.name) == ["session-begin", "cell-visible"])
    #expect(log.events.jsonLines.split(separator: "\n").count == 2)
  }

  /// docs/events.md has a row for every event with every field it writes.
  @Test func docsListEveryEventAndItsFields() throws {
    let docs = try String(contentsOf: PackageRoot.url("docs/events.md"), encoding: .utf8)
    for kind in Self.everyKind {
      let event = TimelineEvent(time: 0, offset: 0, kind: kind)
      let row = try #require(
        docs.split(separator: "\n").first { $0.hasPrefix("| `\(event.name)`") || $0.contains("/ `\(event.name)` |") },
        "docs/events.md has no row for \(event.name)")
      for (key, _) in event.fields {
        #expect(row.contains("`\(key)`"), "docs/events.md's \(event.name) row lacks `\(key)`")
      }
    }
  }

  /// The events about a request say which (kind, page or item, id).
  @Test func requestsOfEveryKindAreNamed() {
    for kind in Self.everyKind {
      let event = TimelineEvent(time: 0, offset: 0, kind: kind)
      let isRequest = ["request", "send", "retry", "fail", "response", "cancel"].contains(event.name)
      #expect((event.request != nil) == isRequest, "\(event.name)")
    }
  }
}
