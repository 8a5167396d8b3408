/// A run's timeline in the shape pictures need (`TimelineSVG`, `TraceEvents`): where the list
/// was, which rows were on screen and blank, what was in flight, and the user's gestures and
/// stalls. Built from the run's typed timeline events (`TimelineEvent`, what `--events` writes),
/// so a picture shows exactly what the timeline says.
package struct Timeline: Sendable {
  /// One visibility episode of a row: on screen from `visible` to `hidden` (nil: until the
  /// end), blank until `ready` (nil: never filled).
  package struct Episode: Sendable, Equatable {
    package var item: Int
    package var visible: Double
    package var ready: Double?
    package var hidden: Double?
  }

  /// A span of time: a drag, a fling, a stall, or one request attempt in flight.
  package struct Span: Sendable, Equatable {
    package var kind: String
    package var start: Double
    package var end: Double?
    /// The row or page it concerns (requests), else nil.
    package var index: Int?
    /// A request attempt's details; nil for gestures and stalls.
    package var attempt: Attempt? = nil
    /// A stall given up on.
    package var abandoned = false
  }

  /// One request attempt: which request, which try, at what priority, and how it ended.
  package struct Attempt: Sendable, Equatable {
    package var id: Int
    package var number: Int
    package var priority: String
    /// `response`, `failed`, `retried` or `cancelled`; nil while in flight at the end.
    package var outcome: String?
    /// Bytes received (responses).
    package var bytes: Double?
  }

  package var end = 0.0
  package var offsets: [(t: Double, offset: Double)] = []
  package var episodes: [Episode] = []
  /// `drag`, `fling` and `stall` spans, in order.
  package var gestures: [Span] = []
  /// `page` and `content` attempts, from send to response, failure, retry or cancel.
  package var requests: [Span] = []
  /// Frames presented late because the main thread overran (time, vsyncs late).
  package var lateFrames: [(t: Double, frames: Int)] = []

  package init(events: [TimelineEvent]) {
    var open: [Int: Int] = [:]  // item → its episode
    var inFlight: [Int: Int] = [:]  // request id → its span
    var gesture: [String: Int] = [:]  // drag, fling, stall → the open span
    func close(_ kind: String, at t: Double) {
      if let index = gesture.removeValue(forKey: kind) { gestures[index].end = t }
    }
    func finish(_ id: Int, at t: Double, outcome: String, bytes: Double? = nil) {
      guard let index = inFlight.removeValue(forKey: id) else { return }
      requests[index].end = t
      requests[index].attempt?.outcome = outcome
      requests[index].attempt?.bytes = bytes
    }
    func begin(_ kind: String, at t: Double) {
      close(kind, at: t)
      gesture[kind] = gestures.count
      gestures.append(Span(kind: kind, start: t, end: nil, index: nil))
    }
    for event in events {
      let t = event.time
      end = max(end, t)
      if offsets.last?.t == t {
        offsets[offsets.count - 1].offset = event.offset
      } else {
        offsets.append((t, event.offset))
      }
      switch event.kind {
      case .cellVisible(let item):
        open[item] = episodes.count
        episodes.append(Episode(item: item, visible: t, ready: nil, hidden: nil))
      case .cellReady(let item):
        if let index = open[item], episodes[index].ready == nil { episodes[index].ready = t }
      case .cellHidden(let item):
        if let index = open.removeValue(forKey: item) { episodes[index].hidden = t }
      case .send(let kind, let index, let id, let attempt, let priority):
        inFlight[id] = requests.count
        requests.append(
          Span(
            kind: kind.rawValue, start: t, end: nil, index: index,
            attempt: Attempt(id: id, number: attempt, priority: priority.name)))
      case .response(_, _, let id, let bytes):
        finish(id, at: t, outcome: "response", bytes: bytes)
      case .fail(_, _, let id, _, _): finish(id, at: t, outcome: "failed")
      case .retry(_, _, let id, _, _, _): finish(id, at: t, outcome: "retried")
      case .cancel(_, _, let id, _): finish(id, at: t, outcome: "cancelled")
      case .frameLate(let frames): lateFrames.append((t, frames))
      case .dragBegin:
        close("fling", at: t)
        begin("drag", at: t)
      case .dragEnd(let velocity, _):
        close("drag", at: t)
        if velocity != 0 { begin("fling", at: t) }
      case .decelerateEnd: close("fling", at: t)
      case .stallBegin: begin("stall", at: t)
      case .stallEnd(_, let abandoned):
        if abandoned, let index = gesture["stall"] { gestures[index].abandoned = true }
        close("stall", at: t)
      default: break
      }
    }
  }

  /// Each visibility episode on the lowest screen slot free when it came on screen, in the
  /// order they came (ties by row): a run of 548 rows needs about as many slots as rows fit on
  /// screen, so pictures and Perfetto tracks stay readable.
  package var screenSlots: (episodes: [(episode: Episode, slot: Int)], count: Int) {
    var freeAt: [Double] = []
    var placed: [(episode: Episode, slot: Int)] = []
    for episode in episodes.sorted(by: { ($0.visible, $0.item) < ($1.visible, $1.item) }) {
      let hidden = episode.hidden ?? end
      let slot = freeAt.firstIndex { $0 <= episode.visible } ?? freeAt.count
      if slot == freeAt.count { freeAt.append(hidden) } else { freeAt[slot] = hidden }
      placed.append((episode, slot))
    }
    return (placed, freeAt.count)
  }

  /// Rows on screen and how many of them are blank, as steps: from each time on, until the
  /// next. By count of rows, not area (the timeline carries no row heights;
  /// `blankAreaMean` weighs by area).
  package var rowsOnScreen: [(t: Double, shown: Int, blank: Int)] {
    var changes: [(t: Double, shown: Int, blank: Int)] = []
    for episode in episodes {
      let hidden = episode.hidden ?? end
      let ready = min(episode.ready ?? hidden, hidden)
      changes.append((episode.visible, 1, ready > episode.visible ? 1 : 0))
      if ready > episode.visible && ready < hidden { changes.append((ready, 0, -1)) }
      if episode.hidden != nil { changes.append((hidden, -1, ready < hidden ? 0 : -1)) }
    }
    changes.sort { $0.t < $1.t }
    var steps: [(t: Double, shown: Int, blank: Int)] = []
    var shown = 0
    var blank = 0
    for (index, change) in changes.enumerated() {
      shown += change.shown
      blank += change.blank
      if index + 1 < changes.count && changes[index + 1].t == change.t { continue }
      steps.append((change.t, shown, blank))
    }
    return steps
  }

  /// The rows the run showed (lowest, highest), or nil.
  package var rowRange: ClosedRange<Int>? {
    guard let low = episodes.map(\.item).min(), let high = episodes.map(\.item).max() else { return nil }
    return low...high
  }
}
