/// One entry of a run's timeline (`--events`, `docs/events.md`): when it happened, where the
/// list was, and what happened, with its payload typed. Pictures (`Timeline`) read these values;
/// `line` writes one as the JSON line `--events` prints, at the edge.
///
/// Times are kept to the microsecond and offsets to 0.01 pt, as the timeline prints them, so that
/// a picture drawn from the events and one drawn from the printed lines are the same.
package struct TimelineEvent: Sendable, Equatable {
  /// Seconds since the trace's start, to the microsecond.
  package var time: Double
  /// The content offset, to 0.01 pt.
  package var offset: Double
  package var kind: Kind

  package enum Kind: Sendable, Equatable {
    case sessionBegin(items: Int)
    case sessionEnd
    case dragBegin
    /// The finger lifted: release velocity and the projected resting offset (2 decimals).
    case dragEnd(velocity: Double, target: Double)
    /// A fling held by a stall goes on.
    case flingResume
    case decelerateEnd
    case cellVisible(item: Int)
    case cellReady(item: Int)
    case cellHidden(item: Int)
    /// A request issued: `index` is the page or the item.
    case request(RequestKind, index: Int, id: Int)
    case requestIgnored(page: Int, reason: String)
    case requestDeferred(item: Int)
    case cacheHit(item: Int)
    /// A row's image is found in the disk tier: it is read, then decoded.
    case diskHit(item: Int)
    case clear(item: Int)
    /// One attempt of a request leaves for the host.
    case send(RequestKind, index: Int, id: Int, attempt: Int, priority: RequestPriority)
    case retry(RequestKind, index: Int, id: Int, reason: String, attempt: Int, delay: Double)
    case fail(RequestKind, index: Int, id: Int, reason: String, attempts: Int)
    case response(RequestKind, index: Int, id: Int, bytes: Double)
    case cancel(RequestKind, index: Int, id: Int, sent: Bool)
    case stallBegin
    /// The frame's main-thread work overran its budget: it is presented `frames` vsyncs late.
    case frameLate(frames: Int)
    /// A stall ended (`abandoned`: given up on); its length, 6 decimals.
    case stallEnd(seconds: Double, abandoned: Bool)
    /// What giving up cost (`Simulation+UnservedDemand.swift`), 6 decimals.
    case unservedDemand(pages: Int, serveSeconds: Double, charged: Double)
    /// The footprint went above the system's warning level (`bytes`, whole).
    case memoryWarning(bytes: Int)
    /// The footprint went above the kill limit: the app is killed and the run ends.
    case killed(bytes: Int)
  }

  /// An event at `time` and `offset`; times, offsets and the payload's measures are rounded as
  /// the timeline prints them.
  package init(time: SimTime, offset: Double, kind: Kind) {
    self.time = rounded(time.seconds, decimals: 6)
    self.offset = rounded(offset, decimals: 2)
    switch kind {
    case .dragEnd(let velocity, let target):
      self.kind = .dragEnd(velocity: rounded(velocity, decimals: 2), target: rounded(target, decimals: 2))
    case .response(let request, let index, let id, let bytes):
      self.kind = .response(request, index: index, id: id, bytes: bytes.rounded())
    case .stallEnd(let seconds, let abandoned):
      self.kind = .stallEnd(seconds: rounded(seconds, decimals: 6), abandoned: abandoned)
    case .unservedDemand(let pages, let serveSeconds, let charged):
      self.kind = .unservedDemand(
        pages: pages, serveSeconds: rounded(serveSeconds, decimals: 6), charged: rounded(charged, decimals: 6))
    default:
      self.kind = kind
    }
  }

  /// The request an event is about: its kind, its page or item, its id.
  package var request: (kind: RequestKind, index: Int, id: Int)? {
    switch kind {
    case .request(let kind, let index, let id), .send(let kind, let index, let id, _, _),
      .retry(let kind, let index, let id, _, _, _), .fail(let kind, let index, let id, _, _),
      .response(let kind, let index, let id, _), .cancel(let kind, let index, let id, _):
      (kind, index, id)
    default: nil
    }
  }

  /// The event's name in the timeline (`drag-begin`, `cell-ready`, …).
  package var name: String {
    switch kind {
    case .sessionBegin: "session-begin"
    case .sessionEnd: "session-end"
    case .dragBegin: "drag-begin"
    case .dragEnd: "drag-end"
    case .flingResume: "fling-resume"
    case .decelerateEnd: "decelerate-end"
    case .cellVisible: "cell-visible"
    case .cellReady: "cell-ready"
    case .cellHidden: "cell-hidden"
    case .request: "request"
    case .requestIgnored: "request-ignored"
    case .requestDeferred: "request-deferred"
    case .cacheHit: "cache-hit"
    case .diskHit: "disk-hit"
    case .clear: "clear"
    case .send: "send"
    case .retry: "retry"
    case .fail: "fail"
    case .response: "response"
    case .cancel: "cancel"
    case .stallBegin: "stall-begin"
    case .frameLate: "frame-late"
    case .stallEnd(_, let abandoned): abandoned ? "stall-abandon" : "stall-end"
    case .unservedDemand: "unserved-demand"
    case .memoryWarning: "memory-warning"
    case .killed: "killed"
    }
  }

  /// The event's payload as the timeline writes it, in `docs/events.md`'s order.
  package var fields: [(String, JSONValue)] {
    switch kind {
    case .sessionBegin(let items): return [("items", .int(items))]
    case .sessionEnd, .dragBegin, .flingResume, .decelerateEnd, .stallBegin: return []
    case .dragEnd(let velocity, let target):
      return [("velocity", .number(velocity)), ("target", .number(target))]
    case .cellVisible(let item), .cellReady(let item), .cellHidden(let item), .cacheHit(let item), .diskHit(let item),
      .clear(let item):
      return [("item", .int(item))]
    case .request(let kind, let index, let id):
      return [("kind", .string(kind.rawValue)), (Self.indexKey(kind), .int(index)), ("id", .int(id))]
    case .requestIgnored(let page, let reason):
      return [("kind", .string("page")), ("page", .int(page)), ("reason", .string(reason))]
    case .requestDeferred(let item): return [("kind", .string("content")), ("item", .int(item))]
    case .send(let kind, let index, let id, let attempt, let priority):
      return [
        (Self.indexKey(kind), .int(index)), ("id", .int(id)), ("attempt", .int(attempt)),
        ("priority", .string(priority.name)),
      ]
    case .retry(let kind, let index, let id, let reason, let attempt, let delay):
      return [
        (Self.indexKey(kind), .int(index)), ("id", .int(id)), ("reason", .string(reason)), ("attempt", .int(attempt)),
        ("delay", .number(delay)),
      ]
    case .fail(let kind, let index, let id, let reason, let attempts):
      return [
        (Self.indexKey(kind), .int(index)), ("id", .int(id)), ("reason", .string(reason)), ("attempts", .int(attempts)),
      ]
    case .response(let kind, let index, let id, let bytes):
      return [
        (Self.indexKey(kind), .int(index)), ("kind", .string(kind.rawValue)), ("id", .int(id)),
        ("bytes", .number(bytes)),
      ]
    case .cancel(let kind, let index, let id, let sent):
      return [
        ("kind", .string(kind.rawValue)), (Self.indexKey(kind), .int(index)), ("id", .int(id)), ("sent", .bool(sent)),
      ]
    case .stallEnd(let seconds, _): return [("seconds", .number(seconds))]
    case .frameLate(let frames): return [("frames", .int(frames))]
    case .unservedDemand(let pages, let serveSeconds, let charged):
      return [
        ("pages", .int(pages)), ("serveSeconds", .number(serveSeconds)), ("charged", .number(charged)),
      ]
    case .memoryWarning(let bytes), .killed(let bytes):
      return [("memoryMB", .number(rounded(Double(bytes) / MemoryUnits.mb, decimals: 2)))]
    }
  }

  /// The event as one compact JSON line: `{"t":…,"event":…,"offset":…,<fields>}`.
  package var line: String {
    let head: [(String, JSONValue)] = [("t", .number(time)), ("event", .string(name)), ("offset", .number(offset))]
    return JSONWriter.compact(.object(head + fields))
  }

  /// The field naming a request's subject: `page` for pages, `item` for content.
  static func indexKey(_ kind: RequestKind) -> String { kind == .page ? "page" : "item" }
}

extension [TimelineEvent] {
  /// The timeline as `--events` writes it: one JSON line per event.
  package var jsonLines: String { map { $0.line + "\n" }.joined() }
}
