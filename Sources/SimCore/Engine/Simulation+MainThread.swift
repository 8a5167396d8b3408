/// The main thread's share of a row's work: binding it, decoding its image where the platform
/// decodes there, and laying out appended pages. Each adds its cost to the frame being drawn,
/// or, outside a frame, queues it on the thread (`MainThread.perform`).
extension Simulation {
  /// Binds `item` on the main thread if the list binds there and its view is not bound yet.
  func bindIfNeeded(_ item: Int) {
    guard threading.bind == .synchronous, !cells[item].isBound else { return }
    cells[item].isBound = true
    main.perform(main.bindCost(of: item), at: now)
  }

  /// Decodes `item`'s image on the main thread: now, inside the frame being drawn, or in the
  /// next frame when the image came between frames.
  func decodeOnMainThread(_ item: Int) {
    guard main.isInFrame else {
      cells[item].render = .queued(urgent: cells[item].isVisible)
      mainThreadDecodes.append(item)
      queue.requestFrame()
      return
    }
    main.perform(renderer.cost(of: item), at: now)
    finishRender(item)
  }

  /// The frame decodes the images that came since the last one, for rows still waiting on it.
  func decodeArrivedImages() {
    guard !mainThreadDecodes.isEmpty else { return }
    let items = mainThreadDecodes
    mainThreadDecodes.removeAll(keepingCapacity: true)
    for item in items {
      guard case .queued = cells[item].render, cells[item].isVisible || cells[item].renderWanted else { continue }
      main.perform(renderer.cost(of: item), at: now)
      finishRender(item)
    }
  }

  /// The cell is drawn with its content.
  func finishRender(_ item: Int) {
    cells[item].render = .done
    cells[item].isDecoded = true
    if cells[item].isVisible { queue.requestFrame() }
  }

  /// The frame lays out the pages appended since the last one: each page's insertion, and each
  /// row where rows are measured on the main thread (Texture measures them in the background).
  func layoutAppendedPages() {
    guard appendedPages > 0 else { return }
    var cost = Double(appendedPages) * scenario.mainThread.layoutPageTime
    if threading.bind == .synchronous { cost += Double(appendedRows) * scenario.mainThread.layoutRowTime }
    main.perform(SimTime.fromSeconds(min(cost, ScenarioLimits.seconds)), at: now)
    appendedPages = 0
    appendedRows = 0
  }
}
