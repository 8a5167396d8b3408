/// A small pool of background workers that decode and draw cells (seed 004: on slow devices
/// rendering alone causes blank cells): the whole cell on a list that binds asynchronously
/// (Texture), the image's decode where the platform decodes in the background (`RowThreading`). Visible cells go before cells rendered ahead of time.
/// A cell's render cost is drawn from a stream keyed by (item, attempt): the same for every
/// strategy. The engine schedules the completions the pool hands back.
struct RenderPool {
  private let renderTime: Distribution
  private let seed: UInt64
  /// The workers: priority 0 for visible rows, 1 for rows rendered ahead.
  private var workers: PriorityResource
  private var attempts = RowTable(defaultValue: 0)
  private(set) var token = 0
  private static let stream = RandomStream("render")

  init(spec: CellSpec, seed: UInt64) {
    workers = PriorityResource(capacity: spec.renderWorkers)
    renderTime = spec.renderTime
    self.seed = seed
  }

  mutating func enqueue(_ item: Int, urgent isUrgent: Bool) {
    workers.enqueue(item, priority: isUrgent ? 0 : 1)
  }

  /// Moves a queued item to the urgent queue (it became visible).
  mutating func promote(_ item: Int) { workers.move(item, to: 0) }

  mutating func removeQueued(_ item: Int) { workers.withdraw(item) }

  /// Starts the next job if a worker is free; returns (item, token, completion time).
  mutating func startNext(at now: SimTime) -> (item: Int, token: Int, completesAt: SimTime)? {
    guard let item = workers.start() else { return nil }
    token += 1
    return (item, token, now + cost(of: item))
  }

  /// The cost of `item`'s next render, wherever it runs: a decode on the main thread draws
  /// from the same stream, so a row's nth decode costs the same on either thread.
  mutating func cost(of item: Int) -> SimTime {
    let attempt = attempts[item]
    attempts[item] = attempt + 1
    var random = SeededRandom(seed: seed, stream: Self.stream, index: item, attempt: attempt)
    return SimTime.fromSeconds(min(max(0, renderTime.sample(&random)), ScenarioLimits.seconds))
  }

  mutating func finish() { workers.release() }
}
