/// A resource with a capacity and a priority queue, after SimPy's `PriorityResource`
/// (simpy/resources/resource.py): `capacity` users at once; the rest wait in a queue ordered
/// by priority (lower values first), first come first served within a priority. A host's
/// connections (`Network`: visible, display, preload) and the render workers (`RenderPool`:
/// urgent, ahead of display) are each one.
///
/// Users are integer ids (request ids, row indices). Unlike SimPy, a waiting user can move to
/// a more urgent priority (a preloading row came on screen): it joins the back of that
/// priority's line, as a new request would. Moving and withdrawing leave the old entry in the
/// heap, skipped when it comes up (each entry carries a ticket; an id's live ticket is kept
/// per id), so every operation is O(log n) in the waiting users.
struct PriorityResource {
  private struct Waiting: Comparable {
    var priority: Int
    /// When it joined the queue: first come first served within a priority.
    var ticket: Int
    var id: Int

    static func < (a: Waiting, b: Waiting) -> Bool {
      a.priority < b.priority || (a.priority == b.priority && a.ticket < b.ticket)
    }
  }

  /// Users served at once.
  let capacity: Int
  /// Users being served now.
  private(set) var inUse = 0
  private var queue = BinaryHeap<Waiting>()
  private var lastTicket = 0
  /// Per id, the ticket of its entry in the queue; 0: not waiting.
  private var liveTicket = RowTable(defaultValue: 0)

  init(capacity: Int) { self.capacity = capacity }

  /// Whether `id` waits in the queue.
  func isWaiting(_ id: Int) -> Bool { liveTicket[id] != 0 }

  /// `id` joins the queue at `priority` (it must not be waiting already).
  mutating func enqueue(_ id: Int, priority: Int) {
    lastTicket += 1
    liveTicket[id] = lastTicket
    queue.insert(Waiting(priority: priority, ticket: lastTicket, id: id))
  }

  /// A waiting `id` moves to the back of `priority`'s line (its callers move users to a more
  /// urgent priority only); an id not waiting is left alone.
  mutating func move(_ id: Int, to priority: Int) {
    guard isWaiting(id) else { return }
    enqueue(id, priority: priority)
  }

  /// A waiting `id` leaves the queue unserved (cancelled).
  mutating func withdraw(_ id: Int) {
    if isWaiting(id) { liveTicket[id] = 0 }
  }

  /// The next user to serve, if a unit is free and someone waits: it takes the unit until
  /// `release`.
  mutating func start() -> Int? {
    guard inUse < capacity else { return nil }
    while let next = queue.popMin() {
      guard liveTicket[next.id] == next.ticket else { continue }
      liveTicket[next.id] = 0
      inUse += 1
      return next.id
    }
    return nil
  }

  /// A user is done with its unit.
  mutating func release() { inUse -= 1 }
}
