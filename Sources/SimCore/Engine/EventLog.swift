/// The run's timeline (`--events`, `docs/events.md`) as typed events, each stamped with the
/// time and the content offset; written as JSON lines only at the edge (`TimelineEvent.line`).
struct EventLog {
  private(set) var events: [TimelineEvent] = []

  mutating func record(_ kind: TimelineEvent.Kind, time: SimTime, offset: Double) {
    events.append(TimelineEvent(time: time, offset: offset, kind: kind))
  }
}
