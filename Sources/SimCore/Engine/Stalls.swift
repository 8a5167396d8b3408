/// Stalls at the end of the loaded list: when one begins, when it ends, and what they added up
/// to. A stall begins when the user pushes past the end of the content while the server has
/// more; it ends when rows append, when the user scrolls back (policy `continue`), or when the
/// user gives up (`giveUpAfter`). After giving up, pushing against the same end starts no new
/// stall until the content grows.
struct Stalls {
  let policy: StallPolicy
  let giveUpAfter: Double
  /// When the current stall began.
  private(set) var start: SimTime?
  /// Bumped at every begin and end, so a give-up timer of an earlier stall is stale.
  private(set) var token = 0
  private var abandonedAtLength: Double?
  private(set) var count = 0
  private(set) var seconds = 0.0
  private(set) var maxSeconds = 0.0
  /// Stalls the user gave up on (`giveUpAfter` passed before rows appended).
  private(set) var abandonedCount = 0
  /// Since when the user has wanted rows past the end that have not come: from a stall's
  /// start until rows append (or the user scrolls back, policy `continue`). Giving up does
  /// not end it: the rows the user wanted still have not come.
  private(set) var unmetSince: SimTime?
  private var unmetTotal = 0.0

  init(spec: StallSpec) {
    policy = spec.policy
    giveUpAfter = spec.giveUpAfter
  }

  var isStalled: Bool { start != nil }

  /// Whether pushing the content toward `desired` begins a stall now.
  func begins(pushingTo desired: Double, maxOffset: Double, hasMoreData: Bool, contentLength: Double) -> Bool {
    !isStalled && desired > maxOffset + 0.5 && hasMoreData && contentLength != abandonedAtLength
  }

  /// With policy `continue`, a stall ends once the user scrolls back from the end.
  func endsByScrollingBack(offset: Double, maxOffset: Double) -> Bool {
    isStalled && policy == .continue && offset < maxOffset - 0.5
  }

  /// Starts a stall; returns the give-up timer's token.
  mutating func begin(at now: SimTime) -> Int {
    start = now
    if unmetSince == nil { unmetSince = now }
    token += 1
    return token
  }

  /// Ends the current stall; returns when it began (nil if none).
  mutating func end(at now: SimTime, abandoned: Bool, contentLength: Double) -> SimTime? {
    guard let start else { return nil }
    let duration = (now - start).seconds
    self.start = nil
    token += 1
    count += 1
    seconds += duration
    maxSeconds = max(maxSeconds, duration)
    if abandoned {
      abandonedAtLength = contentLength
      abandonedCount += 1
    } else {
      closeUnmet(at: now)
    }
    return start
  }

  /// Rows appended: whatever the user was waiting for past the end has come.
  mutating func rowsAppended(at now: SimTime) { closeUnmet(at: now) }

  private mutating func closeUnmet(at now: SimTime) {
    guard let since = unmetSince else { return }
    unmetTotal += (now - since).seconds
    unmetSince = nil
  }

  /// Seconds of unmet demand up to `now`, the open stretch included.
  func unmetSeconds(at now: SimTime) -> Double {
    unmetTotal + (unmetSince.map { (now - $0).seconds } ?? 0)
  }
}

extension Stalls {
  /// Its part of the metrics (`RunPart`): the stalls' totals, at the session's end.
  func report(into metrics: inout RunMetrics) {
    metrics.stallCount = count
    metrics.stallSeconds = seconds
    metrics.stallMaxSeconds = maxSeconds
    metrics.stallsAbandoned = abandonedCount
  }
}
