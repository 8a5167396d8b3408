/// Cells: entering and leaving the screen, their content arriving, and their rendering.
/// A visible cell is drawn when it has its data, its content (if cells have content) and its
/// rendering; until then it is blank.
extension Simulation {
  func updateVisibility() {
    let count = feed.itemCount
    let band = shownBand
    guard !visible.isCurrent(band, count: count), let change = visible.update(band, layout: layout, count: count)
    else { return }
    // Rows that left, then rows that came, in index order.
    visitSortedDifference(from: change.before, to: change.after, removed: { item in hide(item) })
    visitSortedDifference(from: change.before, to: change.after, added: { item in show(item) })
  }

  private func hide(_ item: Int) {
    cells[item].isVisible = false
    if !cells[item].filledThisEpisode { neverFilled(item) }
    endLatePrefetchWait(item, at: now)
    cells[item].visibleSince = nil
    record(.cellHidden(item: item))
    strategy.didEndDisplaying(self, item: item)
    if !strategy.keepsOffscreenCells {
      // The cell view is reused for another row (unbound): its image stays only in the cache.
      if cells[item].hasContent { cells[item].content = .none }
      discardRender(item)  // settles the row's memory
    } else {
      settleMemory(item)
    }
  }

  /// An episode that ends (the cell leaves, or the session ends) with `item` still blank.
  func neverFilled(_ item: Int) {
    metrics.cellsNeverFilled += 1
    if let since = cells[item].visibleSince {
      metrics.blankMaxSeconds = max(metrics.blankMaxSeconds, (now - since).seconds)
    }
  }

  private func show(_ item: Int) {
    metrics.cellsAppeared += 1
    judgePrefetchOnShow(item)
    cells[item].isVisible = true
    cells[item].everVisible = true
    cells[item].responsesSinceLeaving = 0
    cells[item].visibleSince = now
    cells[item].filledThisEpisode = false
    if rowHasData(item) { feed.markShown(item / feed.pageSize) }
    record(.cellVisible(item: item))
    if !strategy.prioritiesFromLayouts { promoteRequests(for: item) }
    strategy.willDisplay(self, item: item)
    bindIfNeeded(item)
    renderIfPossible(item)
    settleMemory(item)
  }

  func contentReady(_ item: Int) -> Bool {
    !scenario.cell.hasContent || cells[item].hasContent
  }

  /// A content response: the cell takes it if it still wants it (visible, or kept off screen
  /// by a strategy that keeps off-screen cells); the image lands in the cache either way.
  func contentArrived(item: Int, request: Network.Request) {
    layoutPending = true
    if cells[item].everVisible && !cells[item].isVisible { cells[item].responsesSinceLeaving += 1 }
    let partial = partialDecodeShare(item: item, request: request)
    guard cells[item].content == .requested, cells.hasRequest(request.id, for: item) else {
      // A duplicate's response, or one for a reused cell: the image still lands in the caches.
      cacheArrived(item, partialDecode: partial)
      _ = disk.insert(item, bytes: request.bytes)
      settleMemory(item)
      return
    }
    // The image the previous fetch brought was never seen: that fetch was wasted.
    if cells[item].fetchShown == false { metrics.wastedContentRequests += 1 }
    cells[item].fetchShown = false
    cells[item].everLoaded = true
    cells[item].isDecoded = false
    cacheArrived(item, partialDecode: partial)
    _ = disk.insert(item, bytes: request.bytes)
    if strategy.keepsOffscreenCells || cells[item].isVisible {
      // Duplicates still in flight are transferred and ignored.
      cells.dropRequests(of: item)
      cells[item].content = .loaded
      renderIfPossible(item)
    } else if !cells.forget(request.id, of: item) {
      cells[item].content = .none
    }
    settleMemory(item)
  }

  /// The expected share of a decode of a response's image drawn while its bytes arrived
  /// (`MemoryPolicy.partialDecode`), from how long they took and the image's decoded size.
  private func partialDecodeShare(item: Int, request: Network.Request) -> Double {
    guard let partial = memory.policy.partialDecode, let start = request.transferStart else { return 0 }
    let bytes = Double(memory.sizes.bytes(item: item, height: layout.frames[item].height))
    return partial.share(seconds: (now - start).seconds, bytes: bytes)
  }

  /// An arrived image goes into the memory cache, decoded (where images decode near the
  /// viewport, only if its row is there: `updateDecodeBand`), with the share of a decode of its
  /// partial data it may keep; what it pushes out may be held by nothing now. The caller settles
  /// the row itself once its cell has taken the image or not.
  func cacheArrived(_ item: Int, partialDecode: Double = 0) {
    guard isInDecodeBand(item) else { return }
    let taken = partialDecode > 0 && memory.addPartialDecode(item, share: partialDecode)
    let decodes = 1 + (taken ? partialDecode : 0)
    let evicted = cache.insert(
      item, bytes: decodes * Double(memory.sizes.bytes(item: item, height: layout.frames[item].height)))
    changes?.rows.append(item)
    notePrefetchEvictions(evicted, by: item)
    settleMemory(evicted: evicted)
  }

  // MARK: Rendering

  /// Renders a row that has its data and content and is visible or wanted ahead of display.
  /// A list that binds on the main thread drew the row at its bind: it is drawn at once if its
  /// image is decoded (or it has none), else the image is decoded where the platform decodes.
  /// Texture's rows, and background decodes, go to the render pool: visible rows first.
  func renderIfPossible(_ item: Int) {
    guard item < cells.count, rowHasData(item), contentReady(item) else { return }
    let isVisible = cells[item].isVisible
    switch cells[item].render {
    case .none where isVisible || cells[item].renderWanted:
      if threading.bind == .synchronous {
        if !scenario.cell.hasContent || cells[item].isDecoded { return finishRender(item) }
        if threading.decode == .main { return decodeOnMainThread(item) }
      }
      cells[item].render = .queued(urgent: isVisible)
      renderer.enqueue(item, urgent: isVisible)
      pumpRender()
    case .queued(urgent: false) where isVisible:
      cells[item].render = .queued(urgent: true)
      renderer.promote(item)
    default: break
    }
  }

  private func pumpRender() {
    while let (item, token, time) = renderer.startNext(at: now) {
      cells[item].render = .rendering(token: token)
      queue.schedule(.renderDone(item: item, token: token), at: time)
    }
  }

  func handleRenderDone(item: Int, token: Int) {
    renderer.finish()
    if cells[item].render == .rendering(token: token) { finishRender(item) }
    pumpRender()
  }
}
