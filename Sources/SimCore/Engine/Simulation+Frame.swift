/// A display frame: appended pages are laid out, momentum advances, the delegate hears
/// `didScroll`, cells enter the screen (and bind) and leave it, images decode where the platform
/// decodes on the main thread, momentum's end is reported; then the main thread says whether
/// the frame is presented on time, the frame is measured as presented, and the strategy may
/// use the idle time left (`frameDidFinish`). Then the engine decides whether another frame
/// is needed or the session is over.
extension Simulation {
  func handleFrame(index: Int64) {
    main.beginFrame(index: index, at: now)
    layoutAppendedPages()
    // A long list's length is an estimate refined as rows are laid out (`ListLayout`).
    if layout.laidOutCount != laidOutForLength { refreshContentLength() }
    if layoutPending {
      // The page is laid out before the frame scrolls (the replay's scrollTo forces it), so
      // the rows on screen are the last frame's.
      layoutPending = false
      if strategy.prioritiesFromLayouts { for item in visible.items { promoteRequests(for: item) } }
    }
    advanceMotion()
    if stalls.endsByScrollingBack(offset: scroll.contentOffset, maxOffset: scroll.maxOffset) {
      endStall(abandoned: false)
    }
    // On whole pixels the platform hears a scroll only when the offset moved a pixel.
    let offset = shownOffset
    if offset != scroll.lastDidScrollOffset {
      scroll.lastDidScrollOffset = offset
      strategy.didScroll(self)
    }
    updateVisibility()
    updateDecodeBand()
    decodeArrivedImages()
    if scroll.owesDidEndDecelerating {
      scroll.owesDidEndDecelerating = false
      strategy.didEndDecelerating(self)
    }
    let moved = scroll.contentOffset != scroll.frameOffset
    let late = main.endFrame(moved: moved)
    queue.holdFrames(before: main.nextFrameIndex)
    if late > 0 { record(.frameLate(frames: Int(late))) }
    measureFrame(moved: moved, presentedAfter: main.vsync(main.lastPresented - 1) - main.vsync(index), late: late)
    scroll.frameOffset = scroll.contentOffset
    strategy.frameDidFinish(self)
    recordFrame(index)

    let idle = input.doneAt != nil && !scroll.isTracking && !scroll.isDecelerating && !stalls.isStalled
    if idle
      && (!meter.anyVisibleBlank || now >= input.doneAt! + SimTime.fromSeconds(options.drainSeconds))
    {
      queue.finish()
    } else if scroll.isDecelerating || meter.anyVisibleBlank {
      queue.requestFrame()
    }
  }

  /// Counts the visible cells that are blank and the viewport height they cover; a cell's
  /// first frame with content ends its wait (time-to-content), when the frame is presented
  /// (`presentedAfter` past its vsync). A frame `late` vsyncs late left the previous frame on
  /// screen that much longer.
  private func measureFrame(moved: Bool, presentedAfter delay: SimTime, late: Int64) {
    var blankCells = 0
    var blankHeight = 0.0
    let top = shownOffset
    let bottom = top + shownViewportHeight
    let needsContent = scenario.cell.hasContent
    // Indexed rather than iterated: iterating would retain the array for the loop.
    for index in visible.items.indices {
      let item = visible.items[index]
      let hasData = rowHasData(item)
      let cell = cells[item]  // one read of the row's cell (a copy of plain values)
      if hasData && (!needsContent || cell.hasContent) && cell.isRendered {
        if !cell.filledThisEpisode { cellFilled(item, presentedAt: now + delay) }
      } else {
        blankCells += 1
        blankHeight += layout.blankExtent(layout.frames[item], between: top, and: bottom, hasData: hasData)
        if cell.visibleSince == now { metrics.cellsAppearedBlank += 1 }
      }
    }
    meter.record(
      blankCells: blankCells, blankHeight: blankHeight, moved: moved, stalled: stalls.unmetSince != nil,
      heldIntervals: Int(late))
  }

  /// The first frame of this visibility in which `item` shows its content.
  private func cellFilled(_ item: Int, presentedAt time: SimTime) {
    cells[item].filledThisEpisode = true
    endLatePrefetchWait(item, at: time)
    if cells[item].fetchShown != nil { cells[item].fetchShown = true }
    cache.touch(item)
    let waited = (time - cells[item].visibleSince!).seconds
    metrics.timeToContent.append(waited)
    metrics.blankMaxSeconds = max(metrics.blankMaxSeconds, waited)
    record(.cellReady(item: item))
  }
}
