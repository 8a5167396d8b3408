/// The prefetching literature's four measures of a prefetcher, for rows' content (images): how
/// much of what the user saw it had ready (coverage), how much of what it fetched was used
/// (accuracy), how much came too late (lateness), and what it pushed out that was wanted
/// again (pollution).
///
/// Definitions follow Srinath, Mutlu, Kim and Patt, "Feedback Directed Prefetching" (HPCA 2007,
/// §2.1: accuracy = used prefetches / prefetches sent; lateness = late prefetches / used ones;
/// pollution = demand misses caused by the prefetcher) and gem5's
/// `src/mem/cache/prefetch/base.cc` (gem5/gem5, `Base::probeNotify`: `pfUseful`, `pfLate`
/// counted when a demand access meets a prefetched block, or one still in flight). A "block"
/// here is a row's image and a "demand access" is the row coming on screen:
/// - a **prefetch** is a load (network request or disk read) that went out while its row was
///   off screen, counted once per row until the row is shown;
/// - it is **useful** when the row then comes on screen with the image in its cell, in the
///   memory tier or still on its way; **late** when still on its way, and the blank time from
///   the row's appearing to its first frame with content is what lateness cost;
/// - **coverage** is over rows: rows whose data and content were there (in the cell or the
///   memory tier) when first shown, over rows shown;
/// - **pollution** counts rows whose image a prefetched image pushed out of the memory tier and
///   that came on screen again before their image came back.
/// Simplified: pages (data) are not counted as prefetches; a disk-tier eviction is not
/// pollution (the disk is large, and a disk miss shows as a refetch).
extension Simulation {
  /// A load for `item` is going out (a request or a disk read).
  func notePrefetchIfOffscreen(_ item: Int) {
    let offscreen = !cells[item].isVisible
    cells[item].latestLoadIsPrefetch = offscreen
    guard offscreen, !cells[item].prefetchPending else { return }
    cells[item].prefetchPending = true
    metrics.prefetches += 1
  }

  /// `item` comes on screen, before the strategy hears of it: its first showing counts toward
  /// coverage, a pending prefetch is judged, and an image a prefetch pushed out is missed.
  func judgePrefetchOnShow(_ item: Int) {
    let inMemory = cells[item].hasContent || cache.contains(item)
    let contentThere = !scenario.cell.hasContent || inMemory
    if !cells[item].everVisible {
      metrics.rowsShown += 1
      if rowHasData(item) && contentThere { metrics.rowsReadyWhenShown += 1 }
    }
    if cells[item].prefetchPending {
      cells[item].prefetchPending = false
      let onItsWay = cells[item].content == .requested || readingFromDisk.contains(item)
      if inMemory || onItsWay {
        metrics.usefulPrefetches += 1
        if !inMemory {
          metrics.latePrefetches += 1
          cells[item].waitsOnLatePrefetch = true
        }
      }
    }
    if cells[item].evictedByPrefetch {
      cells[item].evictedByPrefetch = false
      if !inMemory { metrics.prefetchPollution += 1 }
    }
  }

  /// `item`'s image entered the memory tier and pushed `evicted` out.
  func notePrefetchEvictions(_ evicted: [Int], by item: Int) {
    cells[item].evictedByPrefetch = false
    guard cells[item].latestLoadIsPrefetch else { return }
    for other in evicted where other != item { cells[other].evictedByPrefetch = true }
  }

  /// A late prefetch's episode ends its wait (the row filled, left, or the session ended) at
  /// `time`: the blank time it cost.
  func endLatePrefetchWait(_ item: Int, at time: SimTime) {
    guard cells[item].waitsOnLatePrefetch, let since = cells[item].visibleSince else { return }
    cells[item].waitsOnLatePrefetch = false
    metrics.lateBlankSeconds += (time - since).seconds
  }
}
