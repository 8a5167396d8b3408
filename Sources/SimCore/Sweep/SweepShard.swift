/// Slice K of N of a sweep (`--shard K/N`, 1-based): the configurations whose index mod N is
/// K − 1, so that N machines split a sweep without talking and `merge` joins their tables.
public struct SweepShard: Sendable {
  public var index: Int
  public var count: Int

  /// `K/N` with 1 ≤ K ≤ N.
  public init(_ text: String) throws(SimError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
    guard parts.count == 2, let k = parts[0], let n = parts[1], n >= 1, (1...n).contains(k) else {
      throw SimError(.usage, "--shard must be K/N with 1 ≤ K ≤ N, e.g. 2/8")
    }
    index = k
    count = n
  }

  public func contains(_ configuration: SweepPlan.Configuration) -> Bool {
    configuration.index % count == index - 1
  }
}
