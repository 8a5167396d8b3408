/// A run's timeline in the shape pictures need (`TimelineSVG`, `TraceEvents`): where the list
/// was, which rows were on screen and blank, what was in flight, and the user's gestures and
/// stalls. Built from the `--events` lines (`docs/events.md`), so a picture shows exactly what
/// the timeline says.
public struct Timeline: Sendable {
  /// One visibility episode of a row: on screen from `visible` to `hidden` (nil: until the
  /// end), blank until `ready` (nil: never filled).
  public struct Episode: Sendable, Equatable {
    public var item: Int
    public var visible: Double
    public var ready: Double?
    public var hidden: Double?
  }

  /// A span of time: a drag, a fling, a stall, or one request attempt in flight.
  public struct Span: Sendable, Equatable {
    public var kind: String
    public var start: Double
    public var end: Double?
    /// The row or page it concerns (requests), else nil.
    public var index: Int?
  }

  public var end = 0.0
  public var offsets: [(t: Double, offset: Double)] = []
  public var episodes: [Episode] = []
  /// `drag`, `fling` and `stall` spans, in order.
  public var gestures: [Span] = []
  /// `page` and `content` attempts, from send to response, failure, retry or cancel.
  public var requests: [Span] = []

  public init(events: [String]) throws(SimError) {
    var open: [Int: Int] = [:]  // item → its episode
    var kinds: [Int: String] = [:]  // request id → kind
    var inFlight: [Int: Int] = [:]  // request id → its span
    var gesture: [String: Int] = [:]  // drag, fling, stall → the open span
    func close(_ kind: String, at t: Double) {
      if let index = gesture.removeValue(forKey: kind) { gestures[index].end = t }
    }
    func begin(_ kind: String, at t: Double) {
      close(kind, at: t)
      gesture[kind] = gestures.count
      gestures.append(Span(kind: kind, start: t, end: nil, index: nil))
    }
    for (number, line) in events.enumerated() {
      let event = JSONCursor(try JSONParser.parse(line), path: "$[\(number)]")
      let t = try event["t"].double()
      end = max(end, t)
      if event["offset"].exists {
        let offset = try event["offset"].double()
        if offsets.last?.t == t { offsets[offsets.count - 1].offset = offset } else { offsets.append((t, offset)) }
      }
      let id = event["id"].exists ? try event["id"].int(in: 0...Int.max) : nil
      switch try event["event"].string() {
      case "cell-visible":
        let item = try event["item"].int(in: 0...Int.max)
        open[item] = episodes.count
        episodes.append(Episode(item: item, visible: t, ready: nil, hidden: nil))
      case "cell-ready":
        if let index = open[try event["item"].int(in: 0...Int.max)], episodes[index].ready == nil {
          episodes[index].ready = t
        }
      case "cell-hidden":
        if let index = open.removeValue(forKey: try event["item"].int(in: 0...Int.max)) { episodes[index].hidden = t }
      case "request":
        if let id { kinds[id] = try event["kind"].string() }
      case "send":
        guard let id else { break }
        let index =
          event["page"].exists ? try event["page"].int(in: 0...Int.max) : try event["item"].int(in: 0...Int.max)
        inFlight[id] = requests.count
        requests.append(
          Span(kind: kinds[id] ?? (event["page"].exists ? "page" : "content"), start: t, end: nil, index: index))
      case "response", "fail", "retry", "cancel":
        if let id, let index = inFlight.removeValue(forKey: id) { requests[index].end = t }
      case "drag-begin":
        close("fling", at: t)
        begin("drag", at: t)
      case "drag-end":
        close("drag", at: t)
        let velocity = event["velocity"].exists ? try event["velocity"].double() : 0
        if velocity != 0 { begin("fling", at: t) }
      case "decelerate-end": close("fling", at: t)
      case "stall-begin": begin("stall", at: t)
      case "stall-end", "stall-abandon": close("stall", at: t)
      default: break
      }
    }
  }

  /// The rows the run showed (lowest, highest), or nil.
  public var rowRange: ClosedRange<Int>? {
    guard let low = episodes.map(\.item).min(), let high = episodes.map(\.item).max() else { return nil }
    return low...high
  }
}
