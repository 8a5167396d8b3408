/// The in-memory image cache: payload bytes up to a capacity, least recently used out first
/// (as SDWebImage's or Kingfisher's memory caches by cost). A cached image needs no request.
/// Lookups are O(1); an eviction scans for the oldest entry, O(n) in the cached images.
struct ImageCache {
  private let capacity: Double
  private var entries: [Int: (bytes: Double, lastUse: Int)] = [:]
  private var clock = 0
  private(set) var bytes = 0.0

  init(capacity: Double) { self.capacity = capacity }

  func contains(_ item: Int) -> Bool { entries[item] != nil }

  /// Marks `item` as just used.
  mutating func touch(_ item: Int) {
    guard entries[item] != nil else { return }
    clock += 1
    entries[item]!.lastUse = clock
  }

  /// Stores an image, evicting the least recently used ones to make room; returns the
  /// evicted items. An image larger than the whole cache is not stored.
  mutating func insert(_ item: Int, bytes size: Double) -> [Int] {
    guard size <= capacity else { return [] }
    if let old = entries[item] { bytes -= old.bytes }
    clock += 1
    entries[item] = (size, clock)
    bytes += size
    var evicted: [Int] = []
    while bytes > capacity, let oldest = entries.min(by: { ($0.value.lastUse, $0.key) < ($1.value.lastUse, $1.key) }) {
      entries[oldest.key] = nil
      bytes -= oldest.value.bytes
      evicted.append(oldest.key)
    }
    return evicted
  }
}
