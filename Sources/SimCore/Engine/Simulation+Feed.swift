/// Requests and their outcomes: pages and content go out through the network, responses fill
/// the feed and the cells, failures free them for another try, and the strategy hears of each.
extension Simulation {
  func handleNetwork(_ event: NetworkEvent) {
    // The outcomes go into a buffer kept between events (taken out while in use).
    var outcomes = outcomeBuffer
    outcomeBuffer = []
    outcomes.removeAll(keepingCapacity: true)
    defer { outcomeBuffer = outcomes }
    network.handle(event, at: now, queue: &queue, into: &outcomes)
    recordNetworkNotes()
    for outcome in outcomes {
      switch outcome {
      case .completed(let request):
        record(.response(request.kind, index: request.index, id: request.id, bytes: request.bytes))
        switch request.kind {
        case .content: contentArrived(item: request.index, request: request)
        case .page: pageArrived(request.index)
        }
        strategy.requestDidComplete(self, kind: request.kind, index: request.index)
      case .failed(let request):
        metrics.failedRequests += 1
        switch request.kind {
        case .content:
          if cells[request.index].content == .requested, !cells.forget(request.id, of: request.index) {
            cells[request.index].content = .none
          }
        case .page:
          feed.failed(request.index)
          changes?.pages.append(request.index)
        }
        strategy.requestDidFail(self, kind: request.kind, index: request.index)
      }
    }
    settleNetworkMemory()
    queue.requestFrame()
  }

  private func pageArrived(_ page: Int) {
    let rowsBefore = feed.itemCount
    changes?.pages.append(page)
    switch feed.arrived(page) {
    case .nothingNew, .appended(rowsAppended: false):
      break
    case .appended(rowsAppended: true):
      layoutPending = true
      appendedPages += 1
      appendedRows += feed.itemCount - rowsBefore
      growCells()
      settleLaidOutMemory()
      endStall(abandoned: false)
      stalls.rowsAppended(at: now)
    case .filled(let rows):
      settleLaidOutMemory()
      for item in rows {
        if cells[item].isVisible { feed.markShown(page) }
        if cells[item].contentAwaitsData {
          cells[item].contentAwaitsData = false
          requestContent(item)
        }
        renderIfPossible(item)
      }
    }
  }

  /// Whether row `item` has its data. The feed's fields are read in place: calling a query
  /// method on the stored part copied it (retaining its tables) on every call.
  @inline(__always) func rowHasData(_ item: Int) -> Bool {
    feed.kind == .append ? item < feed.itemCount : feed.isPageLoaded(item / feed.pageSize)
  }

  /// Adds cells for the rows the feed has now and works out the content length (which lays
  /// them out unless the list is too long to: `ListLayout`).
  func growCells() {
    cells.grow(to: feed.itemCount, storingUpTo: layout.exactLengthUpTo)
    refreshContentLength()
  }

  /// The content length from the layout; a long list's estimate changes as rows are laid out.
  func refreshContentLength() {
    scroll.contentLength = layout.contentLength(itemCount: feed.itemCount)
    laidOutForLength = layout.laidOutCount
  }

  /// Sends a page request (the strategy asked; `requestPage` checked the page exists).
  func issuePageRequest(_ page: Int) {
    if feed.isPageLoaded(page) || feed.isPageRequested(page) { metrics.duplicateRequests += 1 }
    metrics.pageRequests += 1
    let rows = page * feed.pageSize..<(page + 1) * feed.pageSize
    let needed = feed.kind == .placeholder && visible.items.contains { rows.contains($0) }
    record(.request(.page, index: page, id: network.requests.count))
    let id = network.issue(.page, index: page, priority: needed ? .visible : .preload, at: now, queue: &queue)
    feed.requested(page, id: id)
    changes?.pages.append(page)
    recordNetworkNotes()
  }

  /// Sends a content request for a row that has its data and no content.
  func issueContentRequest(_ item: Int) {
    if cells[item].isContentRequested {
      metrics.duplicateRequests += 1
    } else if cells[item].everLoaded {
      metrics.refetchRequests += 1
    }
    metrics.contentRequests += 1
    notePrefetchIfOffscreen(item)
    record(.request(.content, index: item, id: network.requests.count))
    let priority = strategy.contentQueue.priority(
      row: cells.priority(of: item), fromLayouts: strategy.prioritiesFromLayouts)
    let id = network.issue(.content, index: item, priority: priority, at: now, queue: &queue)
    cells.requested(item, id: id)
    recordNetworkNotes()
  }

  func cancelRequest(_ id: Int) {
    let request = network.request(id)
    let wasSent = network.cancel(id, at: now, queue: &queue)
    recordNetworkNotes()
    metrics.cancelledRequests += 1
    settleNetworkMemory()
    if wasSent { metrics.wastedContentRequests += 1 }
    record(.cancel(request.kind, index: request.index, id: id, sent: wasSent))
  }

  /// A row came on screen: its queued requests jump ahead of preloading (its image's only
  /// where the network queues them, `ContentQueue.promotesShownRows`).
  func promoteRequests(for item: Int) {
    if strategy.contentQueue.promotesShownRows {
      cells.forEachRequest(of: item) { id in network.reprioritize(id, to: .visible) }
    }
    if !rowHasData(item), let id = feed.latestRequest[item / feed.pageSize] {
      network.reprioritize(id, to: .visible)
    }
  }
}
