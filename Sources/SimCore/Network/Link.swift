/// The device's downlink: transfers in progress share its bandwidth equally (processor
/// sharing, the steady state of TCP flows on one bottleneck). Each start, end or removal
/// re-times the next completion, scheduled on the engine's queue as a `linkTick` of a new
/// generation (ticks of older generations are stale). O(n) per change in the n transfers in
/// progress (a handful).
struct Link {
  private let bytesPerSecond: Double?
  private var transfers: [(id: Int, remaining: Double, size: Double)] = []
  private var lastUpdate: SimTime = 0
  private(set) var generation = 0

  init(bytesPerSecond: Double?) { self.bytesPerSecond = bytesPerSecond }

  var isUnlimited: Bool { bytesPerSecond == nil }

  /// Starts a transfer; with an unlimited link it is complete at once (returns true).
  mutating func start(_ id: Int, bytes: Double, at now: SimTime, queue: inout EventQueue) -> Bool {
    guard bytesPerSecond != nil, bytes > 0 else { return true }
    advance(to: now)
    transfers.append((id, bytes, bytes))
    reschedule(from: now, queue: &queue)
    return false
  }

  /// Stops a transfer; returns the bytes it had received.
  mutating func remove(_ id: Int, at now: SimTime, queue: inout EventQueue) -> Double {
    advance(to: now)
    guard let i = transfers.firstIndex(where: { $0.id == id }) else { return 0 }
    let transfer = transfers.remove(at: i)
    reschedule(from: now, queue: &queue)
    return transfer.size - transfer.remaining
  }

  /// A scheduled tick: the transfers that have finished, in start order.
  mutating func tick(generation: Int, at now: SimTime, queue: inout EventQueue) -> [Int] {
    guard generation == self.generation else { return [] }
    advance(to: now)
    let done = transfers.filter { $0.remaining <= 1e-3 }.map(\.id)
    transfers.removeAll { $0.remaining <= 1e-3 }
    reschedule(from: now, queue: &queue)
    return done
  }

  private mutating func advance(to now: SimTime) {
    defer { lastUpdate = now }
    guard let bytesPerSecond, !transfers.isEmpty, now > lastUpdate else { return }
    let share = bytesPerSecond / Double(transfers.count) * (now - lastUpdate).seconds
    for i in transfers.indices { transfers[i].remaining = max(0, transfers[i].remaining - share) }
  }

  private mutating func reschedule(from now: SimTime, queue: inout EventQueue) {
    generation += 1
    guard let bytesPerSecond, let least = transfers.map(\.remaining).min() else { return }
    let seconds = least * Double(transfers.count) / bytesPerSecond
    // Rounded up, so time advances; capped, so no size or rate traps the conversion.
    queue.schedule(
      .network(.linkTick(generation: generation)), at: now + SimTime(min((seconds * 1e9).rounded(.up), 4e18)))
  }
}
