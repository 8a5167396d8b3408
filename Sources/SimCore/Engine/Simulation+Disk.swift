/// The disk tier (`docs/memory.md`): a row whose image is not in memory but on disk is read
/// (`cache.diskReadTime`), then decoded where the platform decodes, with no request; a warm run
/// starts with the disk holding what a returning user saw.
extension Simulation {
  /// Starts reading `item`'s image from the disk tier if it is there; whether it is (a read
  /// already under way counts).
  func readFromDisk(_ item: Int) -> Bool {
    guard disk.contains(item) else { return false }
    cells[item].content = .requested
    guard readingFromDisk.insert(item).inserted else { return true }
    disk.touch(item)
    metrics.diskHits += 1
    notePrefetchIfOffscreen(item)
    record(.diskHit(item: item))
    var random = SeededRandom(
      seed: options.seed, stream: Self.diskReadStream, index: item, attempt: Int(metrics.diskHits))
    let seconds = min(max(0, scenario.cache.diskReadTime.sample(&random)), ScenarioLimits.seconds)
    queue.schedule(.diskRead(item: item), at: now + SimTime.fromSeconds(seconds))
    return true
  }

  /// The read is done: the image goes into the memory tier and, if the row still wants it (no
  /// cancellation, no network request meanwhile), into its cell, to be decoded as an arrival is.
  func diskReadDone(_ item: Int) {
    readingFromDisk.remove(item)
    cacheArrived(item)
    if cells[item].content == .requested, cells[item].firstRequest < 0 {
      if strategy.keepsOffscreenCells || cells[item].isVisible {
        cells[item].content = .loaded
        cells[item].isDecoded = false
        renderIfPossible(item)
      } else {
        cells[item].content = .none
      }
    }
    settleMemory(item)
    layoutPending = true
    strategy.requestDidComplete(self, kind: .content, index: item)
    queue.requestFrame()
  }

  /// A warm start: the disk holds the images of the first `cache.warmRows` rows, the latest
  /// seen most recent, as far as its budget allows.
  func warmDisk() {
    guard scenario.cell.hasContent else { return }
    for item in 0..<scenario.cache.warmRows {
      _ = disk.insert(item, bytes: encodedBytes(of: item))
    }
  }

  private static let diskReadStream = RandomStream("disk-read")
}
