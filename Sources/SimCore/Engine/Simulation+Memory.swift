/// Memory: after any change to a row's cell or to the memory cache the engine settles the row's
/// share of the footprint (`ListMemory`); crossing the warning level makes a library that
/// listens empty its memory cache, and crossing the kill limit ends the run there.
extension Simulation {
  /// Settles what row `item` holds: built or not, its image decoded, encoded or gone.
  func settleMemory(_ item: Int) {
    guard item >= 0, item < cells.count, !queue.isFinished else { return }
    let cell = cells[item]
    let built = cell.isVisible || cell.renderWanted || cell.isBound || cell.render != .none
    let holdsDecoded =
      (cell.hasContent && (cell.isVisible || memory.policy.offscreenRowsHoldDecoded)) || cache.contains(item)
    let crossing = memory.settle(
      item, built: built, holdsDecoded: holdsDecoded, holdsEncoded: cell.hasContent,
      height: { layout.frames[item].height },
      encodedBytes: { encodedBytes(of: item) },
      at: now)
    respond(to: crossing)
  }

  /// Row `item`'s image as the network sends it (the size every attempt draws): what the disk
  /// tier stores and a web page's off-screen `<img>` keeps.
  func encodedBytes(of item: Int) -> Double {
    NetworkDraw.bytes(scenario.network.content, seed: options.seed, kind: .content, index: item)
  }

  /// Rows the memory cache dropped: they may hold nothing now.
  func settleMemory(evicted: [Int]) {
    changes?.rows.append(contentsOf: evicted)
    for item in evicted { settleMemory(item) }
  }

  /// The network's buffered responses, after any request started, ended or was cancelled.
  func settleNetworkMemory() {
    guard !queue.isFinished else { return }
    respond(to: memory.network(network.bufferedBytes, at: now))
  }

  /// The list's rows with data, at the start and after pages arrive (a web page keeps them all
  /// in its DOM; other pools' spare views are counted from the start).
  func settleLaidOutMemory() {
    guard !queue.isFinished else { return }
    respond(to: memory.rowsLaidOut(feed.rowsWithData, at: now))
  }

  /// A warning empties the memory tier of a library that listens, and so does any change while
  /// the footprint stays above the level (the system warns again while the pressure lasts):
  /// under pressure the tier holds only what arrived since the last change.
  private func respond(to crossing: MemoryAccount.Crossing) {
    switch crossing {
    case .none:
      if memory.account.isOverWarning, memory.policy.trimsOnWarning, cache.bytes > 0 {
        settleMemory(evicted: cache.removeAll())
      }
    case .warning:
      record(.memoryWarning(bytes: memory.account.total))
      guard memory.policy.trimsOnWarning else { return }
      settleMemory(evicted: cache.removeAll())
    case .kill:
      record(.killed(bytes: memory.account.total))
      queue.finish()
    }
  }
}
