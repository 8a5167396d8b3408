/// An image cache tier: images up to a budget in bytes, least recently used out first. The
/// memory tier holds decoded images (as Glide's `LruResourceCache`, SDWebImage's or Flutter's
/// `ImageCache` by cost): a hit needs no request and no decode. The disk tier holds encoded
/// responses (Glide's `DiskLruCache`, SDWebImage's disk cache): a hit needs a read and a
/// decode, not a request.
///
/// The recency order is a doubly linked list of nodes in one array, found by row through a
/// `RowTable` (no hashing: a dictionary threaded with the links cost a hash per link, several
/// per insert, and two tiers doubled them); lookups, touches, inserts and each eviction are
/// O(1), and a removed node's slot is reused.
struct ImageCache {
  private struct Node {
    var item: Int
    var bytes: Double
    /// The next less recently used node, toward `oldest` (-1: none).
    var older: Int
    /// The next more recently used node, toward `newest` (-1: none).
    var newer: Int
  }

  enum Tier { case memory, disk }

  let tier: Tier
  private let capacity: Double
  /// The most images it holds whatever their bytes (Chromium's decode cache keeps 1,000).
  private let maxEntries: Int
  /// The largest image kept (bytes): a larger one is not cached (React Native's
  /// `RCTImageCache` keeps decodes of at most 2 MiB).
  private let maxEntryBytes: Double
  private var nodes: [Node] = []
  /// Slots of `nodes` that hold no image, for the next insert.
  private var freeSlots: [Int] = []
  /// Each cached row's slot in `nodes` (-1: not cached).
  private var slots = RowTable(defaultValue: -1)
  private var oldest = -1
  private var newest = -1
  private(set) var bytes = 0.0
  /// Images dropped to make room so far.
  private(set) var evictions = 0

  init(capacity: Double, tier: Tier = .memory, maxEntries: Int = .max, maxEntryBytes: Double = .infinity) {
    self.capacity = capacity
    self.tier = tier
    self.maxEntries = max(maxEntries, 1)
    self.maxEntryBytes = min(capacity, maxEntryBytes)
  }

  /// Images held now.
  var count: Int { nodes.count - freeSlots.count }

  @inline(__always) func contains(_ item: Int) -> Bool { slots[item] >= 0 }

  /// Marks `item` as just used.
  mutating func touch(_ item: Int) {
    let slot = slots[item]
    guard slot >= 0, slot != newest else { return }
    unlink(slot)
    linkNewest(slot)
  }

  /// Stores an image, evicting the least recently used ones to make room; returns the
  /// evicted items. An image larger than the whole cache is not stored.
  mutating func insert(_ item: Int, bytes size: Double) -> [Int] {
    guard size <= maxEntryBytes else { return [] }
    var slot = slots[item]
    if slot >= 0 {
      bytes -= nodes[slot].bytes
      unlink(slot)
      nodes[slot].bytes = size
    } else {
      slot = store(Node(item: item, bytes: size, older: -1, newer: -1))
      slots[item] = slot
    }
    linkNewest(slot)
    bytes += size
    var evicted: [Int] = []
    while bytes > capacity || count > maxEntries, oldest >= 0 {
      let victim = oldest
      unlink(victim)
      bytes -= nodes[victim].bytes
      evicted.append(nodes[victim].item)
      release(victim)
      evictions += 1
    }
    return evicted
  }

  /// Empties the cache (a library's trim on a memory warning); returns what it held, least
  /// recently used first. A trim is not an eviction to make room: `evictions` stays.
  mutating func removeAll() -> [Int] {
    var removed: [Int] = []
    var slot = oldest
    while slot >= 0 {
      removed.append(nodes[slot].item)
      slots[nodes[slot].item] = -1
      slot = nodes[slot].newer
    }
    // Under pressure a trimmed tier refills at once: keep its storage.
    nodes.removeAll(keepingCapacity: true)
    freeSlots.removeAll(keepingCapacity: true)
    oldest = -1
    newest = -1
    bytes = 0
    return removed
  }

  /// Puts `node` in a free slot; returns the slot.
  private mutating func store(_ node: Node) -> Int {
    if let slot = freeSlots.popLast() {
      nodes[slot] = node
      return slot
    }
    nodes.append(node)
    return nodes.count - 1
  }

  /// Frees `slot` (already unlinked) and forgets its row.
  private mutating func release(_ slot: Int) {
    slots[nodes[slot].item] = -1
    freeSlots.append(slot)
  }

  /// Takes `slot` out of the recency list.
  private mutating func unlink(_ slot: Int) {
    let (older, newer) = (nodes[slot].older, nodes[slot].newer)
    if older >= 0 { nodes[older].newer = newer } else { oldest = newer }
    if newer >= 0 { nodes[newer].older = older } else { newest = older }
  }

  /// Puts `slot` at the most recently used end.
  private mutating func linkNewest(_ slot: Int) {
    nodes[slot].older = newest
    nodes[slot].newer = -1
    if newest >= 0 { nodes[newest].newer = slot } else { oldest = slot }
    newest = slot
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
