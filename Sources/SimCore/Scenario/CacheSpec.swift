/// The image caches (`docs/memory.md`): the memory tier holds decoded images (a hit needs no
/// request and no decode), the disk tier encoded ones (a hit needs a read and a decode), each
/// least recently used out first; a run starts with the disk empty (cold) or holding what a
/// returning user saw (warm).
package struct CacheSpec: Equatable, Sendable {
  /// The memory tier's budget in decoded bytes; nil: the strategy's image library's default
  /// (`MemoryPolicy.memoryCache`); 0: none.
  package var memory: Double?
  /// The disk tier's budget in encoded bytes; nil: the library's (`MemoryPolicy.diskCache`); 0:
  /// none.
  package var disk: Double?
  /// A disk hit's read, before its decode. Default uniform 2–10 ms: ASSUMPTION (no published
  /// phone figure; `docs/memory.md` says how to measure yours).
  package var diskReadTime: Distribution
  package var start: CacheStart
  /// Warm: the disk holds the images of rows 0 ..< `warmRows` (the first ten pages by default:
  /// ASSUMPTION, a returning user's earlier visit), as far as its budget allows.
  package var warmRows: Int

  package init(
    memory: Double? = nil, disk: Double? = nil, diskReadTime: Distribution = .uniform(min: 0.002, max: 0.010),
    start: CacheStart = .cold, warmRows: Int = 200
  ) {
    self.memory = memory
    self.disk = disk
    self.diskReadTime = diskReadTime
    self.start = start
    self.warmRows = warmRows
  }
}

/// How a run's caches start: empty (a first install), or the disk holding what the user saw on
/// an earlier visit (most feed sessions).
package enum CacheStart: String, Equatable, Sendable, CaseIterable {
  case cold
  case warm
}
