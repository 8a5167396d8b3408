/// The device's downlink: transfers in progress share its bandwidth equally (processor
/// sharing, the steady state of TCP flows on one bottleneck). Each start, end or removal
/// re-times the next completion. O(n) per change in the n transfers in progress (a handful).
final class Link {
  private let bytesPerSecond: Double?
  private var transfers: [(id: Int, remaining: Double, size: Double)] = []
  private var lastUpdate: SimTime = 0
  private(set) var generation = 0
  private let schedule: (SimTime, Int) -> Void

  /// `schedule(time, generation)` asks for a tick at `time`; ticks of older generations are stale.
  init(bytesPerSecond: Double?, schedule: @escaping (SimTime, Int) -> Void) {
    self.bytesPerSecond = bytesPerSecond
    self.schedule = schedule
  }

  var isUnlimited: Bool { bytesPerSecond == nil }

  /// Starts a transfer; with an unlimited link it is complete at once (returns true).
  func start(_ id: Int, bytes: Double, at now: SimTime) -> Bool {
    guard bytesPerSecond != nil, bytes > 0 else { return true }
    advance(to: now)
    transfers.append((id, bytes, bytes))
    reschedule(from: now)
    return false
  }

  /// Stops a transfer; returns the bytes it had received.
  func remove(_ id: Int, at now: SimTime) -> Double {
    advance(to: now)
    guard let i = transfers.firstIndex(where: { $0.id == id }) else { return 0 }
    let transfer = transfers.remove(at: i)
    reschedule(from: now)
    return transfer.size - transfer.remaining
  }

  /// A scheduled tick: the transfers that have finished, in start order.
  func tick(generation: Int, at now: SimTime) -> [Int] {
    guard generation == self.generation else { return [] }
    advance(to: now)
    let done = transfers.filter { $0.remaining <= 1e-3 }.map(\.id)
    transfers.removeAll { $0.remaining <= 1e-3 }
    reschedule(from: now)
    return done
  }

  private func advance(to now: SimTime) {
    defer { lastUpdate = now }
    guard let bytesPerSecond, !transfers.isEmpty, now > lastUpdate else { return }
    let share = bytesPerSecond / Double(transfers.count) * (now - lastUpdate).seconds
    for i in transfers.indices { transfers[i].remaining = max(0, transfers[i].remaining - share) }
  }

  private func reschedule(from now: SimTime) {
    generation += 1
    guard let bytesPerSecond, let least = transfers.map(\.remaining).min() else { return }
    let seconds = least * Double(transfers.count) / bytesPerSecond
    schedule(now + SimTime((seconds * 1e9).rounded(.up)), generation)
  }
}
