/// A run's timeline in Chrome's trace-event format (the JSON object form: `traceEvents`), which
/// Perfetto (ui.perfetto.dev, `trace_processor`) and `chrome://tracing` open.
/// `scrollsim run --trace-events FILE`, `scrollsim compare --trace-events DIR`.
///
/// Written for Perfetto's JSON importer (google/perfetto
/// `src/trace_processor/importers/json/json_trace_parser_impl.cc`): complete events (`X`) on one
/// thread track are a stack, so every track holds slices that nest or follow one another, never
/// cross (a crossing pair is cut short and counted as `misplaced_end_event`); flows are the
/// version-2 form (`bind_id` with `flow_out` on the request, `flow_in` on the row it filled);
/// counters (`C`) carry numbers only. Times are whole microseconds, each slice's end rounded
/// from its own time, so rounding never makes neighbours overlap.
///
/// Processes and tracks:
/// - "list": `gestures` (drag, fling), `stalls` (each its own track, as a stall starts inside
///   a fling and outlasts it), and counters: the content offset, rows on screen blank and
///   filled, the blank share of the rows on screen (by count: the timeline does not carry
///   row heights, `blankAreaMean` weighs by area), requests in flight, frames presented late.
/// - "screen slots": a row's visibility as a `row N` slice with a `blank` then a `filled`
///   child, each on the lowest slot free when it came on screen, so a 548-row run needs about
///   as many tracks as rows fit on screen, not 548.
/// - "network": one track per lane and kind (a lane is a slot in flight, not a modelled TCP
///   connection), each attempt with its bytes, latency, attempt number, priority, outcome and,
///   for content, whether it was wasted (its row never on screen after it landed).
package enum TraceEvents {
  package static func render(_ timeline: Timeline, title: String) -> String {
    var writer = Writer(end: timeline.end)
    writer.list(timeline, title: title)
    let rowSlices = writer.rows(timeline)
    writer.network(timeline, filling: rowSlices)
    writer.counters(timeline)
    return JSONWriter.compact(
      .object([("traceEvents", .array(writer.events)), ("displayTimeUnit", .string("ms"))])) + "\n"
  }

  /// Process ids.
  private enum Process: Int {
    case list = 1, screen, network
  }

  /// A `filled` slice a content response can flow into: its row, start, and where its event
  /// is (to add `flow_in`).
  private struct FilledSlice {
    var item: Int
    var start: Double
    var event: Int
  }

  private struct Writer {
    let end: Double
    var events: [JSONValue] = []
    var nextFlow = 1

    init(end: Double) { self.end = end }

    static func microseconds(_ t: Double) -> Int { Int((t * 1e6).rounded()) }

    mutating func meta(_ name: String, _ process: Process, tid: Int? = nil, value: String) {
      var members: [(String, JSONValue)] = [
        ("name", .string(name)), ("ph", .string("M")), ("pid", .int(process.rawValue)),
      ]
      if let tid { members.append(("tid", .int(tid))) }
      members.append(("args", .object([("name", .string(value))])))
      events.append(.object(members))
    }

    /// A complete event; returns its index in `events`.
    @discardableResult
    mutating func slice(
      _ name: String, category: String, _ process: Process, tid: Int, start: Double, end: Double,
      args: [(String, JSONValue)] = []
    ) -> Int {
      let from = Self.microseconds(start)
      let to = max(from, Self.microseconds(end))
      events.append(
        .object([
          ("name", .string(name)), ("cat", .string(category)), ("ph", .string("X")),
          ("pid", .int(process.rawValue)), ("tid", .int(tid)), ("ts", .int(from)), ("dur", .int(to - from)),
          ("args", .object(args)),
        ]))
      return events.count - 1
    }

    mutating func counter(_ name: String, at t: Double, _ values: [(String, Double)]) {
      events.append(
        .object([
          ("name", .string(name)), ("cat", .string("counter")), ("ph", .string("C")),
          ("pid", .int(Process.list.rawValue)), ("ts", .int(Self.microseconds(t))),
          ("args", .object(values.map { ($0.0, .number($0.1)) })),
        ]))
    }

    /// Marks event `index` as one end of flow `id`.
    mutating func bind(_ index: Int, flow id: Int, out: Bool) {
      guard case .object(var members) = events[index] else { return }
      members.append(("bind_id", .int(id)))
      members.append((out ? "flow_out" : "flow_in", .bool(true)))
      events[index] = .object(members)
    }

    mutating func list(_ timeline: Timeline, title: String) {
      meta("process_name", .list, value: "list: \(title)")
      meta("thread_name", .list, tid: 1, value: "gestures")
      meta("thread_name", .list, tid: 2, value: "stalls")
      for span in timeline.gestures {
        let stall = span.kind == "stall"
        let finish = span.end ?? end
        slice(
          span.kind, category: stall ? "stall" : "gesture", .list, tid: stall ? 2 : 1, start: span.start, end: finish,
          args: stall
            ? [("seconds", .number(rounded(finish - span.start, decimals: 6))), ("abandoned", .bool(span.abandoned))]
            : [])
      }
    }

    /// Row episodes on screen slots (`Timeline.screenSlots`); returns the `filled` slices, in
    /// time order.
    mutating func rows(_ timeline: Timeline) -> [FilledSlice] {
      meta("process_name", .screen, value: "screen slots (rows on screen)")
      let slots = timeline.screenSlots
      for slot in 0..<slots.count { meta("thread_name", .screen, tid: slot + 1, value: "slot \(slot + 1)") }
      var filled: [FilledSlice] = []
      for (episode, slot) in slots.episodes {
        let hidden = episode.hidden ?? end
        let ready = min(episode.ready ?? hidden, hidden)
        slice(
          "row \(episode.item)", category: "row", .screen, tid: slot + 1, start: episode.visible, end: hidden,
          args: [
            ("row", .int(episode.item)), ("blank_ms", .number(rounded((ready - episode.visible) * 1000, decimals: 3))),
            ("filled", .bool(episode.ready.map { $0 <= hidden } ?? false)),
          ])
        if ready > episode.visible {
          slice("blank", category: "row", .screen, tid: slot + 1, start: episode.visible, end: ready)
        }
        if hidden > ready {
          let index = slice("filled", category: "row", .screen, tid: slot + 1, start: ready, end: hidden)
          filled.append(FilledSlice(item: episode.item, start: ready, event: index))
        }
      }
      return filled
    }

    /// Attempts on lanes; a content response flows into the first `filled` slice of its row
    /// that starts at or after it and has no flow yet.
    mutating func network(_ timeline: Timeline, filling filled: [FilledSlice]) {
      meta("process_name", .network, value: "network")
      var byItem: [Int: [FilledSlice]] = [:]
      for slice in filled { byItem[slice.item, default: []].append(slice) }
      var lastOnScreen: [Int: Double] = [:]
      for episode in timeline.episodes {
        lastOnScreen[episode.item] = max(lastOnScreen[episode.item] ?? 0, episode.hidden ?? end)
      }
      var lanes: [String: [Double]] = [:]  // kind → when each lane is free again
      for request in timeline.requests.sorted(by: { $0.start < $1.start }) {
        var free = lanes[request.kind, default: []]
        let lane = free.firstIndex { $0 <= request.start } ?? free.count
        let finish = request.end ?? end
        let tid = (request.kind == "page" ? 0 : 1000) + lane + 1
        if lane == free.count {
          free.append(finish)
          meta("thread_name", .network, tid: tid, value: "\(request.kind) lane \(lane + 1)")
        } else {
          free[lane] = finish
        }
        lanes[request.kind] = free
        let item = request.index ?? 0
        let landed = request.attempt?.outcome == "response"
        var args: [(String, JSONValue)] = [
          (request.kind == "page" ? "page" : "row", .int(item)),
          ("latency_ms", .number(rounded((finish - request.start) * 1000, decimals: 3))),
        ]
        var target: FilledSlice?
        if let attempt = request.attempt {
          args += [
            ("request", .int(attempt.id)), ("attempt", .int(attempt.number)), ("priority", .string(attempt.priority)),
            ("outcome", .string(attempt.outcome ?? "in flight at the end")),
            ("cancelled", .bool(attempt.outcome == "cancelled")),
          ]
          if let bytes = attempt.bytes { args.append(("bytes", .number(bytes))) }
        }
        if request.kind == "content" && landed {
          let slot = byItem[item]?.firstIndex { $0.start >= finish - 1e-9 }
          if let slot { target = byItem[item]!.remove(at: slot) }
          args.append(("wasted", .bool((lastOnScreen[item] ?? -1) < finish)))
        }
        let name = request.kind == "page" ? "page \(item)" : "row \(item) content"
        let index = slice(
          name, category: "network." + request.kind, .network, tid: tid, start: request.start, end: finish, args: args)
        if let target {
          bind(index, flow: nextFlow, out: true)
          bind(target.event, flow: nextFlow, out: false)
          nextFlow += 1
        }
      }
    }

    /// Counters: offset, rows on screen blank and filled and the blank share, requests in
    /// flight, frames late (cumulative).
    mutating func counters(_ timeline: Timeline) {
      for sample in timeline.offsets { counter("content offset", at: sample.t, [("pt", sample.offset)]) }
      for step in timeline.rowsOnScreen {
        counter(
          "rows on screen", at: step.t, [("blank", Double(step.blank)), ("filled", Double(step.shown - step.blank))])
        counter(
          "blank share of rows on screen", at: step.t,
          [("share", step.shown > 0 ? Double(step.blank) / Double(step.shown) : 0)])
      }
      var edges: [(t: Double, kind: String, delta: Int)] = []
      for request in timeline.requests {
        edges.append((request.start, request.kind, 1))
        if let finish = request.end { edges.append((finish, request.kind, -1)) }
      }
      var inFlight: [String: Int] = ["page": 0, "content": 0]
      let orderedEdges = edges.sorted { $0.t < $1.t }
      for (index, edge) in orderedEdges.enumerated() {
        inFlight[edge.kind, default: 0] += edge.delta
        if index + 1 < orderedEdges.count && orderedEdges[index + 1].t == edge.t { continue }
        counter(
          "requests in flight", at: edge.t,
          [("page", Double(inFlight["page"]!)), ("content", Double(inFlight["content"]!))])
      }
      var late = 0
      counter("frames late", at: 0, [("frames", 0)])
      for frame in timeline.lateFrames {
        late += frame.frames
        counter("frames late", at: frame.t, [("frames", Double(late))])
      }
    }
  }
}
