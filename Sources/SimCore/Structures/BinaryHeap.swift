/// A binary min-heap: the least element first, O(log n) per insertion and removal. The one heap
/// of the package: the engine's future events (`EventQueue`), the waiting lines of a
/// `PriorityResource` (hosts' connections, render workers) and the limit's schedule
/// (`LimitSchedule`).
///
/// Written out rather than taken from swift-collections' `Heap` (a min-max heap, which compares
/// more per level) because the event queue is the engine's busiest structure: elements are
/// sifted by moving a hole instead of swapping, and the loops run over the buffer without
/// bounds or uniqueness checks per step. It keeps SimCore free of dependencies. Elements equal
/// under `<` come out in no particular order: a caller that needs ties broken (the engine does,
/// for determinism) orders by a sequence number too.
struct BinaryHeap<Element: Comparable> {
  private var elements: [Element] = []

  var isEmpty: Bool { elements.isEmpty }
  var count: Int { elements.count }
  /// The least element, if any.
  var min: Element? { elements.first }

  mutating func insert(_ element: Element) {
    elements.append(element)
    elements.withUnsafeMutableBufferPointer { buffer in
      var hole = buffer.count - 1
      while hole > 0 {
        let parent = (hole - 1) / 2
        guard element < buffer[parent] else { break }
        buffer[hole] = buffer[parent]
        hole = parent
      }
      buffer[hole] = element
    }
  }

  /// Removes and returns the least element, if any.
  mutating func popMin() -> Element? {
    guard let last = elements.popLast() else { return nil }
    guard !elements.isEmpty else { return last }
    return elements.withUnsafeMutableBufferPointer { buffer in
      let top = buffer[0]
      let count = buffer.count
      var hole = 0
      while true {
        var child = 2 * hole + 1
        guard child < count else { break }
        if child + 1 < count && buffer[child + 1] < buffer[child] { child += 1 }
        guard buffer[child] < last else { break }
        buffer[hole] = buffer[child]
        hole = child
      }
      buffer[hole] = last
      return top
    }
  }
}
