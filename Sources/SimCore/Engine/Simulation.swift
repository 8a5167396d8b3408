/// Options of one run that are not part of the trace or the scenario.
public struct SimulationOptions: Sendable {
  /// Seeds every random draw (latency, render cost, item heights).
  public var seed: UInt64 = 1
  /// Keep the timeline as JSON lines (`--events`); off by default because it costs time.
  public var recordEvents = false
  /// After the input is over and the list rests, blank cells get this long to fill before the
  /// session ends anyway.
  public var drainSeconds = 5.0
  /// A safety net against a strategy that keeps the engine busy forever.
  public var maxEvents = 20_000_000
  /// Physics preset to use instead of the trace's (`--physics`).
  public var physics: String?
  /// Release-velocity estimator instead of the physics' default (`--velocity`).
  public var velocityTracker: VelocityTrackerKind?

  public init(
    seed: UInt64 = 1, recordEvents: Bool = false, physics: String? = nil,
    velocityTracker: VelocityTrackerKind? = nil
  ) {
    self.seed = seed
    self.recordEvents = recordEvents
    self.physics = physics
    self.velocityTracker = velocityTracker
  }
}

/// The outcome of one run: its metrics and, if asked for, its timeline.
public struct RunResult: Sendable {
  public var metrics: RunMetrics
  /// One JSON object per line (`docs/events.md`); empty unless `recordEvents`.
  public var events: [String]
}

/// The discrete-event simulator: it replays a trace over a scenario's list, lets one strategy
/// react through the iOS-like callbacks of `PrefetchStrategy`, and measures what the user sees.
///
/// Time is integer nanoseconds; events at the same time run in `EngineEvent` order, then in the
/// order they were scheduled, so a run is a pure function of its inputs and seed. Display
/// frames are simulated only while something moves or a visible cell is blank: nothing else
/// can change what is on screen.
///
/// Release builds mark the mutable state `@exclusivity(unchecked)`: a simulation is confined to
/// one thread, and the runtime's dynamic exclusivity checks on these properties (every read and
/// write of a class's stored property) cost about a third of a flinging run (profile in
/// docs/performance.md). Debug builds, and so the tests, keep the checks, so an overlapping
/// access introduced by a change still traps there.
public final class Simulation: ListContext {
  /// Runs `strategy` on `trace` over `scenario`.
  public static func run(
    trace: Trace, traceName: String, scenario: Scenario, strategy: StrategyChoice,
    options: SimulationOptions = SimulationOptions()
  ) throws(SimError) -> RunResult {
    let physics = try PhysicsPresets.lookup(options.physics ?? trace.device.physics, density: trace.device.density)
    let simulation = Simulation(
      trace: trace, scenario: scenario, strategy: strategy.make(), physics: physics, options: options)
    simulation.metrics.strategy = strategy.label
    simulation.metrics.trace = traceName
    simulation.metrics.seed = options.seed
    try simulation.execute()
    return RunResult(metrics: simulation.metrics, events: simulation.eventLog ?? [])
  }

  // MARK: Inputs

  private let scenario: Scenario
  private let strategy: any PrefetchStrategy
  private let options: SimulationOptions
  private let layout: ListLayout
  public let viewportHeight: Double
  private let viewportWidth: Double
  private let refreshRate: Int64
  private let physics: any ScrollPhysics
  private let touches: [TouchSample]
  private let offsets: [OffsetSample]

  // MARK: Moving parts

  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var queue = EventQueue()
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var now: SimTime = 0
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var network: Network!
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var cache: ImageCache
  private let renderer: RenderPool

  // MARK: Scroll state

  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  public private(set) var contentOffset: Double = 0
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  public private(set) var isTracking = false
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  public private(set) var isDragging = false
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  public private(set) var isDecelerating = false
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  public private(set) var targetContentOffset: Double?
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var motion: ScrollMotion?
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var fingerY = 0.0
  /// Where the finger touched down (the touch slop is measured from there).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var touchDownY = 0.0
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var tracker: VelocityTracker
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var lastDidScrollOffset: Double = 0
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var displayedOffset: Double = 0
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var pendingDidEndDecelerating = false

  // MARK: Input replay and stalls

  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var inputIndex = 0
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var inputGeneration = 0
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var inputShift: SimTime = 0
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var inputPaused = false
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var inputDoneAt: SimTime?
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var stallStart: SimTime?
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var stallToken = 0
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var abandonedAtLength: Double?

  // MARK: Feed and cells

  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  public private(set) var itemCount: Int
  private let totalItems: Int?
  private let initialPages: Int
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var pages: [PageState] = []
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var cells: [CellState] = []
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  public private(set) var pageRequestsOutstanding = 0
  /// The latest request for each page (to move it up the queue when its rows show).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var pageRequestIds: [Int: Int] = [:]
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  public private(set) var contentLength: Double = 0

  // MARK: Frames and metrics

  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var displayed: [Int] = []
  /// The viewport's rows and the offsets over which they stay the same.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var viewportBand = ListBand()
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var displayedVersion = -1
  /// Outstanding content request ids per row (more than one if a strategy sent duplicates).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var contentRequestIds: [Int: [Int]] = [:]
  /// The next display frame (kept out of the heap: most events are frames).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var pendingFrame: (index: Int64, time: SimTime)?
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var lastFrameIndex: Int64 = -1
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var anyVisibleBlank = false
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var finished = false
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var movedFrames = 0
  /// Σ over frames of blank visible cells (integer, so the seconds carry no rounding drift).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var blankCellFrames = 0
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var movedAreaSum = 0.0
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var metrics = RunMetrics()
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var eventLog: [String]?

  init(
    trace: Trace, scenario: Scenario, strategy: any PrefetchStrategy, physics: any ScrollPhysics,
    options: SimulationOptions
  ) {
    self.scenario = scenario
    self.strategy = strategy
    self.options = options
    layout = ListLayout(spec: scenario.list, seed: options.seed)
    viewportHeight = trace.device.viewportHeight
    viewportWidth = trace.device.viewportWidth
    refreshRate = Int64(scenario.display.refreshRate ?? trace.device.refreshRate)
    self.physics = physics
    tracker = VelocityTracker(kind: options.velocityTracker ?? physics.defaultTracker)
    switch trace.input {
    case .touches(let samples):
      touches = samples
      offsets = []
    case .offsets(let samples):
      touches = []
      offsets = samples
    }
    cache = ImageCache(capacity: scenario.cache.capacity)
    renderer = RenderPool(spec: scenario.cell, seed: options.seed)
    totalItems = scenario.feed.totalItems
    initialPages = scenario.feed.initialItems / scenario.feed.pageSize
    switch scenario.feed.kind {
    case .append: itemCount = min(scenario.feed.initialItems, totalItems ?? Int.max)
    case .placeholder: itemCount = totalItems ?? scenario.feed.initialItems
    }
    for page in 0..<initialPages { pages[ensurePage(page)].loaded = true }
    growCells()
    if options.recordEvents { eventLog = [] }
    network = Network(
      spec: scenario.network, seed: options.seed,
      schedule: { [unowned self] event, time in queue.schedule(.network(event), at: time) },
      log: { [unowned self] event, request, fields in
        log(
          event,
          [(request.kind.rawValue == "page" ? "page" : "item", .int(request.index)), ("id", .int(request.id))] + fields)
      })
  }

  // MARK: The loop

  private func execute() throws(SimError) {
    log("session-begin", [("items", .int(itemCount))])
    strategy.listDidLoad(self)
    scheduleNextInput()
    requestFrame()
    while !finished {
      // The pending frame runs once no heap event is due at or before its time.
      if let frame = pendingFrame, queue.nextTime.map({ $0 > frame.time }) ?? true {
        now = frame.time
        pendingFrame = nil
        metrics.events += 1
        handleFrame(frame.index)
        continue
      }
      guard let (time, event) = queue.pop() else { break }
      now = time
      metrics.events += 1
      if metrics.events > options.maxEvents {
        throw SimError(
          .badData, "the simulation did not finish within \(options.maxEvents) events (a strategy that never settles?)")
      }
      switch event {
      case .input(let generation): handleInput(generation: generation)
      case .network(let event): handleNetwork(event)
      case .renderDone(let item, let token): handleRenderDone(item: item, token: token)
      case .stallGiveUp(let token): if token == stallToken { endStall(abandoned: true) }
      }
    }
    finish()
  }

  private func requestFrame() {
    guard pendingFrame == nil, !finished else { return }
    let dueNow = (now * refreshRate + 999_999_999) / 1_000_000_000
    let index = max(lastFrameIndex + 1, dueNow)
    pendingFrame = (index, index * 1_000_000_000 / refreshRate)
  }

  private func handleFrame(_ index: Int64) {
    lastFrameIndex = index
    advanceMotion()
    if stallStart != nil, scenario.stall.policy == .continue, contentOffset < maxOffset - 0.5 {
      endStall(abandoned: false)
    }
    if contentOffset != lastDidScrollOffset {
      lastDidScrollOffset = contentOffset
      strategy.didScroll(self)
    }
    updateVisibility()
    if pendingDidEndDecelerating {
      pendingDidEndDecelerating = false
      strategy.didEndDecelerating(self)
    }
    measureFrame(moved: contentOffset != displayedOffset)
    displayedOffset = contentOffset

    let idle = inputDoneAt != nil && !isTracking && !isDecelerating && stallStart == nil
    if idle && (!anyVisibleBlank || now >= inputDoneAt! + SimTime.fromSeconds(options.drainSeconds)) {
      finished = true
    } else if isDecelerating || anyVisibleBlank {
      requestFrame()
    }
  }

  private func finish() {
    metrics.sessionSeconds = now.seconds
    for item in displayed where !cells[item].filledThisEpisode { metrics.cellsNeverFilled += 1 }
    for cell in cells where cell.fetchShown == false { metrics.wastedContentRequests += 1 }
    for (index, page) in pages.enumerated() where index >= initialPages && page.responses > 0 && !page.shown {
      metrics.wastedPageRequests += 1
    }
    metrics.inFlightAtEnd = network.inFlightCount
    metrics.bytes = network.bytesReceived
    metrics.timeouts = network.timeouts
    metrics.retries = network.retries
    metrics.blankAreaMean = movedFrames > 0 ? movedAreaSum / Double(movedFrames) : 0
    metrics.blankCellSeconds = Double(blankCellFrames) / Double(refreshRate)
    log("session-end", [])
  }

  // MARK: Input

  private var inputCount: Int { touches.isEmpty ? offsets.count : touches.count }

  private func sampleTime(_ index: Int) -> SimTime {
    let t = touches.isEmpty ? offsets[index].t : touches[index].t
    return SimTime.fromSeconds(t) + inputShift
  }

  private func scheduleNextInput() {
    guard inputIndex < inputCount else {
      if inputDoneAt == nil { inputDoneAt = now }
      requestFrame()
      return
    }
    queue.schedule(.input(generation: inputGeneration), at: max(now, sampleTime(inputIndex)))
  }

  private func handleInput(generation: Int) {
    guard generation == inputGeneration, !inputPaused else { return }
    if touches.isEmpty { handleOffsetSample(inputIndex) } else { handleTouch(touches[inputIndex]) }
    inputIndex += 1
    requestFrame()
    scheduleNextInput()
  }

  private func handleTouch(_ sample: TouchSample) {
    switch sample.phase {
    case .began:
      if motion != nil {
        // A touch during momentum stops it where it is (UIKit sends no did-end-decelerating).
        advanceMotion()
        stopDeceleration(notify: false)
      }
      isTracking = true
      fingerY = sample.y
      touchDownY = sample.y
      tracker.reset()
      tracker.add(t: now.seconds, position: -sample.y)
    case .moved, .ended:
      tracker.add(t: now.seconds, position: -sample.y)
      if isDragging {
        dragContent(by: fingerY - sample.y)
      } else if abs(sample.y - touchDownY) > physics.touchSlop {
        // The drag begins once the finger passes the slop; the content follows only the rest.
        isDragging = true
        log("drag-begin", [])
        strategy.willBeginDragging(self)
        let travel = sample.y - touchDownY
        dragContent(by: -(travel - (travel > 0 ? physics.touchSlop : -physics.touchSlop)))
      }
      fingerY = sample.y
      if sample.phase == .ended {
        isTracking = false
        if isDragging { release(velocity: tracker.velocity()) }
      }
    }
  }

  /// The finger moves the content by `delta` (content coordinates), through the platform's
  /// edge behaviour; pushing past the end while the feed has more begins a stall.
  private func dragContent(by delta: Double) {
    guard delta != 0 else { return }
    let desired = contentOffset + delta
    contentOffset = physics.drag(from: contentOffset, by: delta, bounds: 0...maxOffset, viewport: viewportHeight)
    if delta > 0 { checkStall(pushingTo: desired) }
  }

  /// The finger lifts: UIKit's will-end-dragging with the projected target, then momentum.
  private func release(velocity: Double) {
    isDragging = false
    let flingVelocity = physics.flingVelocity(forRelease: velocity)
    let bounds = 0...maxOffset
    let target: Double
    if bounds.contains(contentOffset) {
      motion = ScrollMotion.fling(from: contentOffset, velocity: flingVelocity, at: now, physics: physics)
      target = min(max(motion?.restingOffset ?? contentOffset, 0), maxOffset)
    } else {
      // Let go past an edge: the content springs back to it.
      target = min(max(contentOffset, 0), maxOffset)
      motion = ScrollMotion.bounceBack(
        from: contentOffset, to: target, velocity: flingVelocity, at: now, physics: physics)
      if motion == nil { contentOffset = target }
    }
    let willDecelerate = motion != nil
    targetContentOffset = willDecelerate ? target : nil
    log(
      "drag-end", [("velocity", .number(rounded(flingVelocity, 2))), ("target", .number(rounded(target, 2)))])
    strategy.willEndDragging(self, velocity: flingVelocity, targetContentOffset: target)
    isDecelerating = willDecelerate
    strategy.didEndDragging(self, willDecelerate: willDecelerate)
  }

  /// Replays one recorded offset. Phases come from the file, or are inferred: a sample that
  /// moved within 100 ms of the previous one is part of a drag.
  private func handleOffsetSample(_ index: Int) {
    let sample = offsets[index]
    let phase = offsetPhase(index)
    let previous = index > 0 && sample.t - offsets[index - 1].t <= 0.1 ? offsetPhase(index - 1) : nil
    if phase == .dragging && previous != .dragging {
      if isDecelerating { stopDeceleration(notify: false) }
      tracker.reset()
      isTracking = true
      isDragging = true
      log("drag-begin", [])
      strategy.willBeginDragging(self)
    }
    tracker.add(t: now.seconds, position: sample.offset)
    if phase == .decelerating && !isDecelerating {
      let target = min(max(restingOffset(ofRunAt: index), 0), maxOffset)
      targetContentOffset = target
      if isDragging {
        isDragging = false
        isTracking = false
        let velocity = tracker.velocity()
        log("drag-end", [("velocity", .number(rounded(velocity, 2))), ("target", .number(rounded(target, 2)))])
        strategy.willEndDragging(self, velocity: velocity, targetContentOffset: target)
        strategy.didEndDragging(self, willDecelerate: true)
      }
      isDecelerating = true
    }
    moveContent(to: sample.offset)
    let next = index + 1 < offsets.count && offsets[index + 1].t - sample.t <= 0.1 ? offsetPhase(index + 1) : nil
    if phase == .dragging && next != .dragging && next != .decelerating {
      isDragging = false
      isTracking = false
      log("drag-end", [("velocity", .number(0)), ("target", .number(rounded(contentOffset, 2)))])
      strategy.willEndDragging(self, velocity: 0, targetContentOffset: contentOffset)
      strategy.didEndDragging(self, willDecelerate: false)
    }
    if phase == .decelerating && next != .decelerating {
      stopDeceleration(notify: true)
    }
  }

  private func offsetPhase(_ index: Int) -> OffsetPhase? {
    let sample = offsets[index]
    if let phase = sample.phase { return phase }
    guard index > 0 else { return nil }
    let previous = offsets[index - 1]
    return sample.offset != previous.offset && sample.t - previous.t <= 0.1 ? .dragging : nil
  }

  /// The offset where the decelerating run containing `index` ends in the recording.
  private func restingOffset(ofRunAt index: Int) -> Double {
    var last = index
    while last + 1 < offsets.count, offsetPhase(last + 1) == .decelerating,
      offsets[last + 1].t - offsets[last].t <= 0.1
    {
      last += 1
    }
    return offsets[last].offset
  }

  // MARK: Scrolling

  private var maxOffset: Double { max(0, contentLength - viewportHeight) }

  /// Moves the content to a recorded offset, clamped to its edges; past the end while the
  /// feed has more, a stall begins.
  private func moveContent(to desired: Double) {
    contentOffset = min(max(desired, 0), maxOffset)
    checkStall(pushingTo: desired)
  }

  private func checkStall(pushingTo desired: Double) {
    if desired > maxOffset + 0.5, hasMoreData, contentLength != abandonedAtLength { beginStall() }
  }

  private func advanceMotion() {
    guard let motion else { return }
    let step = motion.advance(to: now, bounds: 0...maxOffset)
    contentOffset = step.offset
    if step.crossedEnd { checkStall(pushingTo: .infinity) }
    if step.finished { stopDeceleration(notify: true) }
  }

  private func stopDeceleration(notify: Bool) {
    isDecelerating = false
    motion = nil
    targetContentOffset = nil
    if notify {
      log("decelerate-end", [])
      pendingDidEndDecelerating = true
    }
  }

  // MARK: Stalls

  private func beginStall() {
    guard stallStart == nil else { return }
    stallStart = now
    stallToken += 1
    log("stall-begin", [])
    queue.schedule(.stallGiveUp(token: stallToken), at: now + SimTime.fromSeconds(scenario.stall.giveUpAfter))
    if scenario.stall.policy == .wait { inputPaused = true }
  }

  private func endStall(abandoned: Bool) {
    guard let start = stallStart else { return }
    let duration = (now - start).seconds
    stallStart = nil
    stallToken += 1
    metrics.stallCount += 1
    metrics.stallSeconds += duration
    metrics.stallMaxSeconds = max(metrics.stallMaxSeconds, duration)
    log(abandoned ? "stall-abandon" : "stall-end", [("seconds", .number(rounded(duration, 6)))])
    if abandoned { abandonedAtLength = contentLength }
    if inputPaused {
      inputPaused = false
      inputShift += now - start
      inputGeneration += 1
      scheduleNextInput()
    }
    requestFrame()
  }

  // MARK: Visibility and measurement

  private func updateVisibility() {
    let onScreen = viewportBand.update(
      from: contentOffset, to: contentOffset + viewportHeight, layout: layout, count: itemCount)
    guard viewportBand.version != displayedVersion else { return }
    displayedVersion = viewportBand.version
    let (hidden, appeared) = sortedDifference(from: displayed, to: onScreen)
    displayed = onScreen
    for item in hidden { hide(item) }
    for item in appeared { show(item) }
  }

  private func hide(_ item: Int) {
    cells[item].isDisplayed = false
    if !cells[item].filledThisEpisode { metrics.cellsNeverFilled += 1 }
    cells[item].visibleSince = nil
    log("cell-hidden", [("item", .int(item))])
    strategy.didEndDisplaying(self, item: item)
    if !strategy.keepsOffscreenCells {
      // The cell view is reused for another row: its image stays only in the cache.
      discardRender(item)
      if case .loaded = cells[item].content { cells[item].content = .none }
    }
  }

  private func show(_ item: Int) {
    metrics.cellsAppeared += 1
    cells[item].isDisplayed = true
    cells[item].visibleSince = now
    cells[item].filledThisEpisode = false
    if hasData(item) { pages[ensurePage(page(of: item))].shown = true }
    log("cell-visible", [("item", .int(item))])
    promoteRequests(for: item)
    strategy.willDisplay(self, item: item)
    renderIfPossible(item)
  }

  private func isReady(_ item: Int) -> Bool {
    hasData(item) && contentReady(item) && cells[item].render == .done
  }

  private func contentReady(_ item: Int) -> Bool {
    guard scenario.cell.hasContent else { return true }
    if case .loaded = cells[item].content { return true }
    return false
  }

  private func measureFrame(moved: Bool) {
    metrics.frames += 1
    var blankCells = 0
    var blankHeight = 0.0
    let top = contentOffset
    let bottom = contentOffset + viewportHeight
    for item in displayed {
      if isReady(item) {
        if !cells[item].filledThisEpisode { cellFilled(item) }
      } else {
        blankCells += 1
        let frame = layout.frames[item]
        blankHeight += max(0, min(frame.bottom, bottom) - max(frame.top, top))
        if cells[item].visibleSince == now { metrics.cellsAppearedBlank += 1 }
      }
    }
    anyVisibleBlank = blankCells > 0
    blankCellFrames += blankCells
    let fraction = min(1, blankHeight / Double(layout.columns) / viewportHeight)
    if fraction > metrics.blankAreaMax { metrics.blankAreaMax = fraction }
    if moved {
      movedFrames += 1
      movedAreaSum += fraction
    }
  }

  /// The first frame of this visibility in which `item` shows its content.
  private func cellFilled(_ item: Int) {
    cells[item].filledThisEpisode = true
    if cells[item].fetchShown != nil { cells[item].fetchShown = true }
    cache.touch(item)
    metrics.timeToContent.append((now - cells[item].visibleSince!).seconds)
    log("cell-ready", [("item", .int(item))])
  }

  // MARK: Network

  private func handleNetwork(_ event: NetworkEvent) {
    for outcome in network.handle(event, at: now) {
      switch outcome {
      case .completed(let request):
        log(
          "response",
          [
            (indexKey(request.kind), .int(request.index)), ("kind", .string(request.kind.rawValue)),
            ("id", .int(request.id)), ("bytes", .number(request.bytes.rounded())),
          ])
        switch request.kind {
        case .content: contentArrived(item: request.index, request: request)
        case .page: pageArrived(request.index)
        }
        strategy.requestDidComplete(self, kind: request.kind, index: request.index)
      case .failed(let request):
        metrics.failedRequests += 1
        switch request.kind {
        case .content:
          if case .requested = cells[request.index].content {
            let rest = (contentRequestIds[request.index] ?? []).filter { $0 != request.id }
            contentRequestIds[request.index] = rest.isEmpty ? nil : rest
            if rest.isEmpty { cells[request.index].content = .none }
          }
        case .page:
          pages[request.index].outstanding -= 1
          pageRequestsOutstanding -= 1
        }
        strategy.requestDidFail(self, kind: request.kind, index: request.index)
      }
    }
    requestFrame()
  }

  private func contentArrived(item: Int, request: Network.Request) {
    guard case .requested = cells[item].content, let ids = contentRequestIds[item], ids.contains(request.id) else {
      // A duplicate's response, or one for a reused cell: the image still lands in the cache.
      _ = cache.insert(item, bytes: request.bytes)
      return
    }
    // The image the previous fetch brought was never seen: that fetch was wasted.
    if cells[item].fetchShown == false { metrics.wastedContentRequests += 1 }
    cells[item].fetchShown = false
    cells[item].everLoaded = true
    _ = cache.insert(item, bytes: request.bytes)
    let rest = ids.filter { $0 != request.id }
    if strategy.keepsOffscreenCells || cells[item].isDisplayed {
      // Duplicates still in flight are transferred and ignored.
      contentRequestIds[item] = nil
      cells[item].content = .loaded
      renderIfPossible(item)
    } else {
      contentRequestIds[item] = rest.isEmpty ? nil : rest
      if rest.isEmpty { cells[item].content = .none }
    }
  }

  private func pageArrived(_ page: Int) {
    pages[page].outstanding -= 1
    pageRequestsOutstanding -= 1
    pages[page].responses += 1
    guard !pages[page].loaded else { return }
    pages[page].loaded = true
    switch scenario.feed.kind {
    case .append:
      var count = itemCount
      while pages[ensurePage(count / scenario.feed.pageSize)].loaded, count < (totalItems ?? Int.max) {
        count = min((count / scenario.feed.pageSize + 1) * scenario.feed.pageSize, totalItems ?? Int.max)
      }
      if count > itemCount {
        itemCount = count
        growCells()
        endStall(abandoned: false)
      }
    case .placeholder:
      let first = page * scenario.feed.pageSize
      for item in first..<min(first + scenario.feed.pageSize, itemCount) {
        if cells[item].isDisplayed { pages[page].shown = true }
        if cells[item].contentAwaitsData {
          cells[item].contentAwaitsData = false
          requestContent(item)
        }
        renderIfPossible(item)
      }
    }
  }

  private func cancelRequest(_ id: Int) {
    let request = network.request(id)
    let wasSent = network.cancel(id, at: now)
    metrics.cancelledRequests += 1
    if wasSent { metrics.wastedContentRequests += 1 }
    log(
      "cancel",
      [
        ("kind", .string(request.kind.rawValue)), (indexKey(request.kind), .int(request.index)), ("id", .int(id)),
        ("sent", .bool(wasSent)),
      ])
  }

  /// The priority a content request for `item` deserves now.
  private func contentPriority(_ item: Int) -> RequestPriority {
    cells[item].isDisplayed ? .visible : cells[item].renderWanted ? .display : .preload
  }

  /// A row came on screen: its queued requests jump ahead of preloading.
  private func promoteRequests(for item: Int) {
    for id in contentRequestIds[item] ?? [] { network.reprioritize(id, to: .visible) }
    if !hasData(item), let id = pageRequestIds[page(of: item)] { network.reprioritize(id, to: .visible) }
  }

  // MARK: Rendering

  /// Queues a render when the row has its data and content and is visible (urgent) or
  /// wanted ahead of display.
  private func renderIfPossible(_ item: Int) {
    guard item < cells.count, hasData(item), contentReady(item) else { return }
    let visible = cells[item].isDisplayed
    switch cells[item].render {
    case .none where visible || cells[item].renderWanted:
      cells[item].render = .queued(urgent: visible)
      renderer.enqueue(item, urgent: visible)
      pumpRender()
    case .queued(urgent: false) where visible:
      cells[item].render = .queued(urgent: true)
      renderer.promote(item)
    default: break
    }
  }

  private func pumpRender() {
    for (item, token, time) in renderer.pump(at: now) {
      cells[item].render = .rendering(token: token)
      queue.schedule(.renderDone(item: item, token: token), at: time)
    }
  }

  private func handleRenderDone(item: Int, token: Int) {
    renderer.finish()
    if cells[item].render == .rendering(token: token) {
      cells[item].render = .done
      if cells[item].isDisplayed { requestFrame() }
    }
    pumpRender()
  }

  // MARK: Feed bookkeeping

  private var totalPages: Int? {
    totalItems.map { ($0 + scenario.feed.pageSize - 1) / scenario.feed.pageSize }
  }

  /// `page`, after growing the page table to hold it.
  private func ensurePage(_ page: Int) -> Int {
    while pages.count <= page { pages.append(PageState()) }
    return page
  }

  private func growCells() {
    layout.ensure(itemCount)
    if cells.count < itemCount { cells.append(contentsOf: repeatElement(CellState(), count: itemCount - cells.count)) }
    contentLength = layout.contentLength(itemCount: itemCount)
  }

  // MARK: Event log

  private func log(_ event: String, _ fields: @autoclosure () -> [(String, JSONValue)]) {
    guard eventLog != nil else { return }
    let head: [(String, JSONValue)] = [
      ("t", .number(rounded(now.seconds, 6))), ("event", .string(event)),
      ("offset", .number(rounded(contentOffset, 2))),
    ]
    eventLog!.append(JSONWriter.compact(.object(head + fields())))
  }

  private func indexKey(_ kind: RequestKind) -> String { kind == .page ? "page" : "item" }

  /// `value` rounded to `decimals` places, without binary noise in the printed form.
  private func rounded(_ value: Double, _ decimals: Int) -> Double {
    let scale = [1.0, 10, 100, 1000, 10_000, 100_000, 1_000_000][decimals]
    return (value * scale).rounded() / scale
  }

  // MARK: ListContext

  public var time: Double { now.seconds }
  public var feedKind: FeedKind { scenario.feed.kind }
  public var pageSize: Int { scenario.feed.pageSize }

  public var hasMoreData: Bool {
    scenario.feed.kind == .append && (totalItems == nil || itemCount < totalItems!)
  }

  public var nextPageIndex: Int {
    var page = itemCount / scenario.feed.pageSize
    while pages[ensurePage(page)].loaded { page += 1 }
    return page
  }

  public var visibleItems: [Int] {
    var band = viewportBand
    return band.update(from: contentOffset, to: contentOffset + viewportHeight, layout: layout, count: itemCount)
  }

  public func items(from lower: Double, to upper: Double) -> [Int] {
    layout.items(from: lower, to: upper, itemCount: itemCount)
  }

  public func items(in band: inout ListBand, from lower: Double, to upper: Double) -> [Int] {
    band.update(from: lower, to: upper, layout: layout, count: itemCount)
  }

  public func frame(of item: Int) -> ListLayout.Frame { layout.frame(of: item) }
  public func page(of item: Int) -> Int { item / scenario.feed.pageSize }
  public func isPageLoaded(_ page: Int) -> Bool { page < pages.count && pages[page].loaded }
  public func isPageRequested(_ page: Int) -> Bool { page < pages.count && pages[page].outstanding > 0 }

  public func hasData(_ item: Int) -> Bool {
    scenario.feed.kind == .append ? item < itemCount : isPageLoaded(page(of: item))
  }

  public func hasContent(_ item: Int) -> Bool {
    guard item >= 0, item < cells.count else { return false }
    if case .loaded = cells[item].content { return true }
    return false
  }

  public func isContentRequested(_ item: Int) -> Bool {
    guard item >= 0, item < cells.count else { return false }
    if cells[item].contentAwaitsData { return true }
    if case .requested = cells[item].content { return true }
    return false
  }

  public func requestPage(_ page: Int) {
    guard page >= 0, totalPages.map({ page < $0 }) ?? true else {
      log("request-ignored", [("kind", .string("page")), ("page", .int(page)), ("reason", .string("no such page"))])
      return
    }
    if isPageLoaded(page) || isPageRequested(page) { metrics.duplicateRequests += 1 }
    metrics.pageRequests += 1
    pages[ensurePage(page)].outstanding += 1
    pageRequestsOutstanding += 1
    let rows = page * scenario.feed.pageSize..<(page + 1) * scenario.feed.pageSize
    let needed = scenario.feed.kind == .placeholder && displayed.contains { rows.contains($0) }
    log("request", [("kind", .string("page")), ("page", .int(page)), ("id", .int(network.requests.count))])
    pageRequestIds[page] = network.issue(.page, index: page, priority: needed ? .visible : .preload, at: now)
  }

  public func requestContent(_ item: Int) {
    guard scenario.cell.hasContent, item >= 0, item < itemCount else { return }
    guard hasData(item) else {
      if !cells[item].contentAwaitsData {
        cells[item].contentAwaitsData = true
        log("request-deferred", [("kind", .string("content")), ("item", .int(item))])
      }
      return
    }
    if case .loaded = cells[item].content { return }
    if loadFromCache(item) { return }
    if isContentRequested(item) {
      metrics.duplicateRequests += 1
    } else if cells[item].everLoaded {
      metrics.refetchRequests += 1
    }
    metrics.contentRequests += 1
    log("request", [("kind", .string("content")), ("item", .int(item)), ("id", .int(network.requests.count))])
    let id = network.issue(.content, index: item, priority: contentPriority(item), at: now)
    contentRequestIds[item, default: []].append(id)
    cells[item].content = .requested
  }

  public func isCached(_ item: Int) -> Bool { cache.contains(item) }

  @discardableResult
  public func loadFromCache(_ item: Int) -> Bool {
    guard item >= 0, item < cells.count, hasData(item), cache.contains(item) else { return false }
    if case .loaded = cells[item].content { return true }
    cache.touch(item)
    metrics.cacheHits += 1
    log("cache-hit", [("item", .int(item))])
    // A request still in flight for it goes on; its response is ignored.
    cells[item].content = .loaded
    renderIfPossible(item)
    return true
  }

  public func cancelContent(_ item: Int) {
    guard item >= 0, item < cells.count else { return }
    cells[item].contentAwaitsData = false
    guard case .requested = cells[item].content else { return }
    cells[item].content = .none
    for id in contentRequestIds.removeValue(forKey: item) ?? [] { cancelRequest(id) }
  }

  public func clearContent(_ item: Int) {
    guard item >= 0, item < cells.count, case .loaded = cells[item].content else { return }
    cells[item].content = .none
    discardRender(item)
    log("clear", [("item", .int(item))])
  }

  public func prepareRender(_ item: Int) {
    guard item >= 0, item < cells.count else { return }
    cells[item].renderWanted = true
    renderIfPossible(item)
  }

  public func discardRender(_ item: Int) {
    guard item >= 0, item < cells.count else { return }
    cells[item].renderWanted = false
    switch cells[item].render {
    case .queued: renderer.removeQueued(item)
    case .none: return
    default: break
    }
    cells[item].render = .none
  }
}
