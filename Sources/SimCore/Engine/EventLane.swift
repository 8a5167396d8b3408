/// A first-in-first-out line of future events whose times never decrease in the order they
/// are scheduled — a request's timeout is its send time plus its endpoint's fixed timeout — so
/// the line is sorted as it is filled and needs no heap. Nearly every timeout is stale by the
/// time it comes (the response came first); in the heap each cost a sift in and a sift out.
struct EventLane {
  private var entries: [ScheduledEvent] = []
  private var head = 0

  /// The earliest entry, if any.
  var first: ScheduledEvent? { head < entries.count ? entries[head] : nil }

  /// Appends `entry` if it keeps the line sorted; returns false (and keeps nothing) if it
  /// would come before the last entry, which then belongs in the heap.
  mutating func append(_ entry: ScheduledEvent) -> Bool {
    if let last = entries.last, entry < last { return false }
    entries.append(entry)
    return true
  }

  /// Removes the earliest entry (there must be one).
  mutating func removeFirst() {
    head += 1
    if head == entries.count {
      entries.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 1024 && head * 2 >= entries.count {
      entries.removeFirst(head)
      head = 0
    }
  }
}
