/// The discrete-event simulator: it replays a trace over a scenario's list, lets one strategy
/// react through the iOS-like callbacks of `PrefetchStrategy`, and measures what the user sees.
///
/// The engine is a coordinator over parts, each a value with one job. Parts never call a
/// strategy, the network or a closure; this class and its `Simulation+` extension files (one
/// concern each) are the only place that decides the order in which strategy callbacks happen.
/// The map of the parts and the extension files is `docs/model.md` ("Map of the engine").
///
/// Time is integer nanoseconds; events at the same time run in `EngineEvent` order, then in the
/// order they were scheduled, so a run is a pure function of its inputs and seed. Display
/// frames are simulated only while something moves or a visible cell is blank: nothing else
/// can change what is on screen.
///
/// Release builds mark the parts `@exclusivity(unchecked)`: a simulation is confined to one
/// thread, and the runtime's dynamic exclusivity checks on a class's stored properties (every
/// read and write) cost about a quarter of a flinging run. Debug builds, and so the tests, keep
/// the checks. Every unchecked property of the package is listed, with its measurement, in
/// docs/performance.md ("Where release builds skip exclusivity checks").
public final class Simulation {
  /// Runs `strategy` on `trace` over `scenario` (with the session's own device and network,
  /// `Scenario.forSession`): once, or as the strategy's own search over runs if it is one
  /// (`SearchingStrategy`).
  public static func run(
    trace: Trace, traceName: String, scenario: Scenario, strategy: StrategyChoice,
    options: SimulationOptions = SimulationOptions()
  ) throws(SimError) -> RunResult {
    let scenario = try scenario.forSession(trace)
    let physics = try PhysicsPresets.lookup(for: trace, override: options.physics, touch: scenario.touch)
    let setup = RunSetup(
      trace: trace, traceName: traceName, scenario: scenario, physics: physics, options: options, label: strategy.label)
    var result: RunResult
    if let searching = strategy.searching {
      result = try searching.type.search(setup, parameters: searching.parameters)
    } else {
      result = try runOnce(setup, callbacks: strategy.make())
    }
    result.metrics.limitRole = strategy.limitRole
    return result
  }

  /// One run of `callbacks` over `setup`.
  static func runOnce(_ setup: RunSetup, callbacks: any ListCallbacks) throws(SimError) -> RunResult {
    let simulation = Simulation(
      trace: setup.trace, scenario: setup.scenario, strategy: callbacks, physics: setup.physics,
      options: setup.options)
    simulation.metrics.strategy = setup.label
    simulation.metrics.trace = setup.traceName
    simulation.metrics.seed = setup.options.seed
    try simulation.execute()
    if let failure = callbacks.failure { throw failure }
    var result = RunResult(metrics: simulation.metrics, events: simulation.log.events)
    result.frames = simulation.frameRecorder?.record.jsonLines ?? ""
    result.decisions = simulation.decisionLog?.decisions ?? []
    return result
  }

  // MARK: Inputs, fixed for the run

  /// The input, kept to work out the free path if the user gives up (`unservedDemandCharge`).
  let trace: Trace
  let scenario: Scenario
  /// Frames per second of the display.
  let refreshRate: Int64
  let strategy: any ListCallbacks
  let options: SimulationOptions
  let layout: ListLayout
  /// Points, or the device's whole pixels where the strategy's platform lays rows out on them
  /// (`LayoutUnits`): the layout, the offset the strategy reads and the rows on screen.
  let grid: PixelGrid
  /// The viewport's height on the grid.
  let shownViewportHeight: Double
  let physics: any ScrollPhysics
  /// Where rows bind and images decode in this run: the strategy's platform, or the scenario's
  /// override.
  let threading: RowThreading

  // MARK: Parts

  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var queue: EventQueue
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var scroll: ScrollViewState
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var input: InputReplay
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var stalls: Stalls
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var feed: Feed
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var cells = CellTable()
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var visible = VisibleRows()
  /// The last offset put on the grid and where it landed (`shownOffset`): most reads in a frame
  /// come at one offset, and rounding is a library call.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var gridOffset = (raw: 0.0, shown: 0.0)
  /// The rows within the decode band (`MemoryPolicy.decodeBand`), and its reach beyond the
  /// viewport in points (nil: images decode as they arrive).
  var decodeRows = ListBand()
  /// The band's reach (points; nil: images decode as they arrive).
  let decodeReach: DecodeReach?
  /// The list's motion as the band sees it: the offset's change since two frames before.
  var bandMotion = BandMotion()
  /// Rows were appended or an image arrived since the last frame: the next frame lays the page
  /// out (under `prioritiesFromLayouts` it then promotes the rows on screen).
  var layoutPending = false
  /// Rows laid out when the content length was last worked out (`refreshContentLength`).
  var laidOutForLength = 0
  /// Pages and rows appended since the last frame, which that frame lays out.
  var appendedPages = 0
  var appendedRows = 0
  /// Rows whose image arrived while no frame was being drawn, on a list that decodes on the
  /// main thread: the next frame decodes them. Read every frame, so unchecked in release
  /// builds like the parts.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var mainThreadDecodes: [Int] = []
  /// Storage for a network event's outcomes, reused from event to event.
  var outcomeBuffer: [Network.Outcome] = []
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var meter: FrameMeter
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var network: Network
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var cache: ImageCache
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var disk: ImageCache
  /// Rows whose image is being read from the disk tier.
  var readingFromDisk: Set<Int> = []
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var renderer: RenderPool
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var main: MainThread
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var memory: ListMemory
  /// The counters that are not a part's: requests, cache hits, cell episodes.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var metrics = RunMetrics()
  var log = EventLog()
  /// The per-frame record, when the run keeps one (`SimulationOptions.recordFrames`).
  let frameRecorder: FrameRecorder?
  /// What changed since the strategy last looked, if it mirrors the list (`ListChanges`).
  let changes: ListChanges?
  /// Every callback and the strategy's actions in it, when the run keeps them
  /// (`SimulationOptions.recordDecisions`).
  let decisionLog: DecisionLog?

  init(
    trace: Trace, scenario: Scenario, strategy: any ListCallbacks, physics: any ScrollPhysics,
    options: SimulationOptions
  ) {
    self.trace = trace
    self.scenario = scenario
    self.options = options
    self.physics = physics
    grid = PixelGrid(strategy.layoutUnits, density: trace.device.density)
    shownViewportHeight = grid.length(trace.device.viewportHeight)
    layout = ListLayout(
      spec: scenario.list, seed: options.seed, viewportWidth: trace.device.viewportWidth, grid: grid)
    if options.estimatesLength { layout.exactLengthUpTo = 0 }
    refreshRate = Int64(scenario.display.refreshRate ?? trace.device.refreshRate)
    decisionLog = options.recordDecisions && !options.recordFrames ? DecisionLog() : nil
    if options.recordFrames {
      let recorder = FrameRecorder(
        layout: layout, viewportWidth: trace.device.viewportWidth,
        header: Self.frameHeader(trace: trace, scenario: scenario, refreshRate: refreshRate))
      frameRecorder = recorder
      (strategy as? any FrameStateReporting)?.beginFrameReports()
      self.strategy = FrameRecordingCallbacks(strategy, recorder: recorder)
    } else if let decisionLog {
      frameRecorder = nil
      self.strategy = DecisionRecordingCallbacks(strategy, log: decisionLog)
    } else {
      frameRecorder = nil
      self.strategy = strategy
    }
    queue = EventQueue(refreshRate: refreshRate)
    scroll = ScrollViewState(viewportHeight: trace.device.viewportHeight)
    input = InputReplay(trace.input, tracker: VelocityTracker(kind: options.velocityTracker ?? physics.defaultTracker))
    stalls = Stalls(spec: scenario.stall)
    feed = Feed(spec: scenario.feed)
    meter = FrameMeter(
      refreshRate: refreshRate, columns: layout.columns, viewportHeight: trace.device.viewportHeight)
    network = Network(
      spec: strategy.contentQueue.applied(to: scenario.network), seed: options.seed, keepsNotes: options.recordEvents,
      plan: strategy.arrivalPlan)
    let policy = strategy.memoryPolicy(on: scenario.platform(of: trace))
    let sizes = DecodedImageSize(
      image: scenario.image, policy: policy, viewportWidth: trace.device.viewportWidth, columns: scenario.list.columns,
      density: trace.device.density, seed: options.seed, list: scenario.list)
    cache = ImageCache(
      capacity: scenario.cache.memory
        ?? policy.memoryCache.bytes(
          memory: scenario.memory, screenBytes: sizes.screenBytes(viewportHeight: trace.device.viewportHeight)),
      maxEntries: policy.memoryCacheEntries ?? .max, maxEntryBytes: policy.memoryCacheMaxImageBytes ?? .infinity)
    memory = ListMemory(memory: scenario.memory, policy: policy, sizes: sizes)
    decodeReach = DecodeReach(scenarioBand: scenario.image.decodeBand, policy: policy, device: trace.device)
    disk = ImageCache(capacity: scenario.cache.disk ?? policy.diskCache, tier: .disk)
    renderer = RenderPool(spec: scenario.cell, seed: options.seed)
    main = MainThread(spec: scenario.mainThread, refreshRate: refreshRate, seed: options.seed)
    threading = scenario.mainThread.threading(for: strategy.threading)
    let readers = strategy.listChangeReaders
    changes = readers > 0 ? ListChanges(readers: readers) : nil
    cells.changes = changes
    growCells()
    if scenario.cache.start == .warm { warmDisk() }
  }

  var now: SimTime { queue.now }

  // MARK: The loop

  func execute() throws(SimError) {
    record(.sessionBegin(items: feed.itemCount))
    settleLaidOutMemory()
    strategy.listDidLoad(self)
    scheduleNextInput()
    queue.requestFrame()
    var progress = ProgressWatch()
    while !queue.isFinished, let next = queue.next() {
      try progress.check(handled: queue.handled, now: queue.now, options: options, run: runName)
      switch next {
      case .frame(let index): handleFrame(index: index)
      case .event(let event):
        switch event {
        case .input(let generation): handleInput(generation: generation)
        case .network(let event): handleNetwork(event)
        case .renderDone(let item, let token): handleRenderDone(item: item, token: token)
        case .stallGiveUp(let token): if token == stalls.token { endStall(abandoned: true) }
        case .strategyTimer: strategy.timerDidFire(self)
        case .diskRead(let item): diskReadDone(item)
        }
      }
      #if DEBUG
        checkInvariants()
      #endif
    }
    // A killed app leaves no one waiting for the rest of the list.
    finish(unservedCharge: memory.account.kill == nil ? try unservedDemandCharge() : 0)
  }

  /// "strategy on trace", for messages about this run.
  private var runName: String {
    metrics.strategy.isEmpty ? "the run on \(trace.name ?? "the trace")" : "\(metrics.strategy) on \(metrics.trace)"
  }

  /// The session is over: what was never filled, the headline wait, and every part's totals
  /// (`RunPart.report(into:)`: a part that counts a metric reports it, so a new metric needs no
  /// line here).
  private func finish(unservedCharge: Double) {
    metrics.sessionSeconds = now.seconds
    for item in visible.items where !cells[item].filledThisEpisode {
      neverFilled(item)
      endLatePrefetchWait(item, at: now)
    }
    metrics.waitSeconds = meter.blankScreenSeconds + stalls.unmetSeconds(at: now) + unservedCharge
    metrics.meanMemory = memory.meanFootprint(until: now)
    let parts: [any RunPart] = [
      queue, scroll, input, stalls, feed, cells, visible, meter, network, cache, disk, renderer, main, memory,
    ]
    for part in parts { part.report(into: &metrics) }
    record(.sessionEnd)
  }

  // MARK: The timeline

  /// Adds a line to the timeline (`--events`), stamped with the time and the offset.
  func record(_ event: @autoclosure () -> TimelineEvent.Kind) {
    guard options.recordEvents else { return }
    log.record(event(), time: now, offset: scroll.contentOffset)
  }

  /// Writes what the network did since the last call.
  func recordNetworkNotes() {
    guard options.recordEvents else { return }
    for note in network.takeNotes() { record(note) }
  }
}
