/// Slice K of N of a batch (`--shard K/N`, 1-based): the units whose index mod N is K − 1, so
/// that N machines split a sweep or a population without talking and `merge` joins their
/// parts. A sweep's unit is a configuration, a population's a session (all its strategies run
/// together, as its pairs need).
package struct Shard: Sendable, Equatable {
  package var index: Int
  package var count: Int

  /// `K/N` with 1 ≤ K ≤ N.
  package init(_ text: String) throws(SimError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
    guard parts.count == 2, let k = parts[0], let n = parts[1], n >= 1, (1...n).contains(k) else {
      throw SimError(.usage, "--shard must be K/N with 1 ≤ K ≤ N, e.g. 2/8")
    }
    index = k
    count = n
  }

  /// Whether unit `unit` (a configuration's or a session's index) is this shard's.
  package func contains(_ unit: Int) -> Bool { unit % count == index - 1 }

  /// How many of `total` units are this shard's.
  package func size(of total: Int) -> Int { (total + count - index) / count }

  /// "K/N", as reports name it.
  package var text: String { "\(index)/\(count)" }
}
