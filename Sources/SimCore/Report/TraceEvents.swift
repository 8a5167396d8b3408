/// A run's timeline in Chrome's trace-event format (the JSON object form: `traceEvents`), which
/// Perfetto (ui.perfetto.dev) and `chrome://tracing` open. `scrollsim run --trace-events FILE`.
///
/// Processes and tracks: "list" has the gestures (drag, fling, stall) and the content offset as
/// a counter; "rows" has one track per row, its visibility split into `blank` and `filled`;
/// "network" has one track per connection lane and kind: each attempt goes to the lowest lane
/// free when it was sent (a lane is a slot in flight, not a TCP connection scrollsim models).
public enum TraceEvents {
  public static func render(_ timeline: Timeline, title: String) -> String {
    var events: [JSONValue] = []
    func microseconds(_ t: Double) -> JSONValue { .number((t * 1e6).rounded()) }
    func meta(_ name: String, pid: Int, tid: Int? = nil, value: String) {
      var members: [(String, JSONValue)] = [("name", .string(name)), ("ph", .string("M")), ("pid", .int(pid))]
      if let tid { members.append(("tid", .int(tid))) }
      members.append(("args", .object([("name", .string(value))])))
      events.append(.object(members))
    }
    func span(_ name: String, pid: Int, tid: Int, start: Double, end: Double, args: [(String, JSONValue)] = []) {
      events.append(
        .object([
          ("name", .string(name)), ("ph", .string("X")), ("pid", .int(pid)), ("tid", .int(tid)),
          ("ts", microseconds(start)), ("dur", microseconds(max(0, end - start))), ("args", .object(args)),
        ]))
    }
    let end = timeline.end
    meta("process_name", pid: 1, value: "list: \(title)")
    meta("thread_name", pid: 1, tid: 1, value: "gestures and stalls")
    for gesture in timeline.gestures {
      span(gesture.kind, pid: 1, tid: 1, start: gesture.start, end: gesture.end ?? end)
    }
    for sample in timeline.offsets {
      events.append(
        .object([
          ("name", .string("content offset")), ("ph", .string("C")), ("pid", .int(1)), ("ts", microseconds(sample.t)),
          ("args", .object([("pt", .number(sample.offset))])),
        ]))
    }
    meta("process_name", pid: 2, value: "rows")
    var named: Set<Int> = []
    for episode in timeline.episodes {
      if named.insert(episode.item).inserted {
        meta("thread_name", pid: 2, tid: episode.item, value: "row \(episode.item)")
      }
      let hidden = episode.hidden ?? end
      let ready = min(episode.ready ?? hidden, hidden)
      if ready > episode.visible { span("blank", pid: 2, tid: episode.item, start: episode.visible, end: ready) }
      if hidden > ready { span("filled", pid: 2, tid: episode.item, start: ready, end: hidden) }
    }
    meta("process_name", pid: 3, value: "network")
    var lanes: [String: [Double]] = [:]  // kind → when each lane is free again
    var laneNames: Set<String> = []
    for request in timeline.requests.sorted(by: { $0.start < $1.start }) {
      var free = lanes[request.kind, default: []]
      let lane = free.firstIndex { $0 <= request.start } ?? free.count
      let finish = request.end ?? end
      if lane == free.count { free.append(finish) } else { free[lane] = finish }
      lanes[request.kind] = free
      let tid = (request.kind == "page" ? 0 : 1000) + lane + 1
      if laneNames.insert("\(tid)").inserted {
        meta("thread_name", pid: 3, tid: tid, value: "\(request.kind) lane \(lane + 1)")
      }
      let label = request.kind == "page" ? "page \(request.index ?? 0)" : "row \(request.index ?? 0)"
      span(label, pid: 3, tid: tid, start: request.start, end: finish)
    }
    return JSONWriter.compact(.object([("traceEvents", .array(events)), ("displayTimeUnit", .string("ms"))])) + "\n"
  }
}
