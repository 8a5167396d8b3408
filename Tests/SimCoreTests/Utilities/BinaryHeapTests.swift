import Testing

@testable import SimCore

/// `BinaryHeap` (Structures/BinaryHeap.swift) with plain integers, many of them equal: what it
/// hands out is always the least left, and everything inserted comes out once.
@Suite struct BinaryHeapTests {
  @Test func popsTheLeastLeftWithDuplicates() {
    var random = SeededRandom(seed: 5)
    var heap = BinaryHeap<Int>()
    var kept: [Int] = []
    for step in 1...3000 {
      let value = Int(random.next() % 40)
      heap.insert(value)
      kept.append(value)
      if step % 3 == 0 {
        let least = kept.min()!
        #expect(heap.min == least)
        #expect(heap.popMin() == least)
        kept.remove(at: kept.firstIndex(of: least)!)
      }
      #expect(heap.count == kept.count)
    }
    var drained: [Int] = []
    while let value = heap.popMin() { drained.append(value) }
    #expect(drained == kept.sorted())
    #expect(heap.isEmpty && heap.min == nil && heap.popMin() == nil)
  }
}
