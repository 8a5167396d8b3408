/// The engine's future events, a binary min-heap ordered by (time, rank).
///
/// Written out rather than taken from swift-collections' `Heap` (a min-max heap, which compares
/// more per level) because this is the engine's busiest structure: entries are ordered by two
/// integers, sifted by moving a hole instead of swapping, and the loops run over the buffer
/// without bounds or uniqueness checks per step. It keeps SimCore free of dependencies.
struct EventHeap {
  struct Entry {
    var time: SimTime
    /// The event's case order in the top 3 bits, its scheduling sequence below: at equal times
    /// one integer comparison orders by case, then by when it was scheduled.
    var rank: UInt64
    var event: EngineEvent

    @inline(__always) func precedes(_ other: Entry) -> Bool {
      time < other.time || (time == other.time && rank < other.rank)
    }
  }

  private var entries: [Entry] = []

  var isEmpty: Bool { entries.isEmpty }
  var count: Int { entries.count }
  var min: Entry? { entries.first }

  mutating func insert(_ entry: Entry) {
    entries.append(entry)
    entries.withUnsafeMutableBufferPointer { buffer in
      var hole = buffer.count - 1
      while hole > 0 {
        let parent = (hole - 1) / 2
        guard entry.precedes(buffer[parent]) else { break }
        buffer[hole] = buffer[parent]
        hole = parent
      }
      buffer[hole] = entry
    }
  }

  mutating func popMin() -> Entry? {
    guard let last = entries.popLast() else { return nil }
    guard !entries.isEmpty else { return last }
    return entries.withUnsafeMutableBufferPointer { buffer in
      let top = buffer[0]
      let count = buffer.count
      var hole = 0
      while true {
        var child = 2 * hole + 1
        guard child < count else { break }
        if child + 1 < count && buffer[child + 1].precedes(buffer[child]) { child += 1 }
        guard buffer[child].precedes(last) else { break }
        buffer[hole] = buffer[child]
        hole = child
      }
      buffer[hole] = last
      return top
    }
  }
}
