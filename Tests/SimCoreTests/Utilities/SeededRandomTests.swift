import Testing

@testable import SimCore

/// `SeededRandom` (Statistics/SeededRandom.swift): streams keyed by what they draw.
@Suite struct SeededRandomTests {
  /// Streams keyed by name and index are independent of the order they are drawn in.
  @Test func keyedStreams() {
    var a = SeededRandom(seed: 1, stream: "content-latency", index: 37)
    var b = SeededRandom(seed: 1, stream: "content-latency", index: 37)
    var c = SeededRandom(seed: 1, stream: "content-latency", index: 38)
    var d = SeededRandom(seed: 1, stream: "content-latency", index: 37, attempt: 1)
    let first = a.next()
    #expect(first == b.next())
    #expect(first != c.next())
    #expect(first != d.next())
  }
}
