/// An image cache tier: images up to a budget in bytes, least recently used out first. The
/// memory tier holds decoded images (as Glide's `LruResourceCache`, SDWebImage's or Flutter's
/// `ImageCache` by cost): a hit needs no request and no decode. The disk tier holds encoded
/// responses (Glide's `DiskLruCache`, SDWebImage's disk cache): a hit needs a read and a
/// decode, not a request.
///
/// The recency order is a doubly linked list threaded through the dictionary (the classic
/// LRU), so lookups, touches, inserts and each eviction are O(1): a scan for the oldest entry
/// per insert cost ~6% of a flinging simulation once the cache was full.
struct ImageCache {
  private struct Entry {
    var bytes: Double
    /// The next less recently used item, toward `oldest`.
    var older: Int?
    /// The next more recently used item, toward `newest`.
    var newer: Int?
  }

  enum Tier { case memory, disk }

  let tier: Tier
  private let capacity: Double
  private var entries: [Int: Entry] = [:]
  private var oldest: Int?
  private var newest: Int?
  private(set) var bytes = 0.0
  /// Images dropped to make room so far.
  private(set) var evictions = 0

  init(capacity: Double, tier: Tier = .memory) {
    self.capacity = capacity
    self.tier = tier
  }

  @inline(__always) func contains(_ item: Int) -> Bool { entries[item] != nil }

  /// Marks `item` as just used.
  mutating func touch(_ item: Int) {
    guard let entry = entries[item], newest != item else { return }
    unlink(item, entry)
    link(item, bytes: entry.bytes)
  }

  /// Stores an image, evicting the least recently used ones to make room; returns the
  /// evicted items. An image larger than the whole cache is not stored.
  mutating func insert(_ item: Int, bytes size: Double) -> [Int] {
    guard size <= capacity else { return [] }
    if let old = entries[item] {
      bytes -= old.bytes
      unlink(item, old)
    }
    link(item, bytes: size)
    bytes += size
    var evicted: [Int] = []
    while bytes > capacity, let victim = oldest, let entry = entries[victim] {
      unlink(victim, entry)
      bytes -= entry.bytes
      evicted.append(victim)
      evictions += 1
    }
    return evicted
  }

  /// Empties the cache (a library's trim on a memory warning); returns what it held, least
  /// recently used first. A trim is not an eviction to make room: `evictions` stays.
  mutating func removeAll() -> [Int] {
    var removed: [Int] = []
    var item = oldest
    while let current = item {
      removed.append(current)
      item = entries[current]?.newer
    }
    // Under pressure a trimmed tier refills at once: keep its storage.
    entries.removeAll(keepingCapacity: true)
    oldest = nil
    newest = nil
    bytes = 0
    return removed
  }

  /// Removes `item` from the recency list and the dictionary.
  private mutating func unlink(_ item: Int, _ entry: Entry) {
    if let older = entry.older { entries[older]!.newer = entry.newer } else { oldest = entry.newer }
    if let newer = entry.newer { entries[newer]!.older = entry.older } else { newest = entry.older }
    entries[item] = nil
  }

  /// Adds `item` as the most recently used.
  private mutating func link(_ item: Int, bytes size: Double) {
    entries[item] = Entry(bytes: size, older: newest, newer: nil)
    if let previous = newest { entries[previous]!.newer = item } else { oldest = item }
    newest = item
  }
}

extension ImageCache {
  /// Its part of the metrics (`RunPart`): the evictions, at the session's end.
  func report(into metrics: inout RunMetrics) {
    switch tier {
    case .memory: metrics.cacheEvictions = evictions
    case .disk: metrics.diskEvictions = evictions
    }
  }
}
