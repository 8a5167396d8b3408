import Foundation

/// When every page and image the limit needs arrives, on a relaxed network that no real
/// strategy's network is faster than (`docs/strategies.md`, "The clairvoyant limit"):
///
/// - the link can pause a transfer and resume it later for free, and gives its whole bandwidth
///   to one transfer at a time, chosen by a `Rule`; a real link shares its bandwidth among
///   everything on its way and can only cancel and ask again;
/// - no connection limit, no failure, no timeout;
/// - each request's latency is the least of its item's first `latencyDraws` attempts' draws
///   (asking again for an item draws anew; a strategy that cancels and asks again gets a
///   later draw, which this covers for a few tries);
/// - every page is asked for at the start, and each image as soon as its row's data is in.
///
/// Rows seen for less than `minVisible` seconds get no image (their bandwidth goes to the
/// others), and an image whose row has left the screen for good is dropped. What a plan costs
/// the user is estimated from the free path (`Foresight`): each row blanks the share of the
/// screen it covers while it is visible before its image is in, and a page of an append feed
/// that lands after its first row is due stalls the user that long (simplified: the shift a
/// stall gives everything after it is left out; this only ranks plans). The engine then plays
/// the plan of least estimate (`ArrivalPlan`) and measures the wait exactly. Each plan is
/// a simulation of a few thousand transfers, not of frames: a few plans cost less than a run.
struct LimitSchedule {
  /// Arrival time of each page asked for (not those loaded at the start).
  var pages: [Int: Double] = [:]
  /// Arrival time of each row's image.
  var content: [Int: Double] = [:]
  /// The wait the plan is estimated to cost (seconds of a wholly blank screen).
  var estimatedWait = 0.0

  /// Attempts whose latency draws the relaxed network takes the least of.
  static let latencyDraws = 3
  /// The thresholds `best` tries when `minVisible` is not given.
  static let thresholds: [Double] = [0, 0.1, 0.3]
  /// The rules `best` tries.
  static let rules: [Rule] = [.apparentTardiness(k: 8), .apparentTardiness(k: 32), .lateBySmith]

  /// Which transfer the relaxed link serves first.
  enum Rule: Equatable {
    /// The one whose row is due first (preemptive EDF).
    case earliestDeadline
    /// Every page before any image, each earliest deadline first: when the user is held at
    /// the end of the list, a page frees the whole screen.
    case pagesFirst
    /// The one of highest apparent tardiness cost (Vepsalainen & Morton 1987): what finishing
    /// it now saves the user, per second of link it needs, discounted by exp(−slack / (k × the
    /// mean transfer)); an overloaded link then serves the rows that pay most instead of
    /// making every row late in turn.
    case apparentTardiness(k: Double)
    /// Among the transfers already late (their row due before they could finish), the one
    /// that saves most screen per second of link (Smith's rule: the screen it would blank per
    /// second, over its transfer time); none late: earliest deadline first. A big image due
    /// now then waits for the small ones due with it.
    case lateBySmith

    /// Whether its priorities change with time alone (the choice is looked at again every
    /// `recheck`).
    var drifts: Bool { self != .earliestDeadline && self != .pagesFirst }
  }

  /// The plan of least estimated wait over `thresholds` (or at the one given).
  static func best(
    foresight: Foresight, scenario: Scenario, seed: UInt64, minVisible: Double?
  ) -> LimitSchedule {
    var best: LimitSchedule?
    for plan in candidates(foresight: foresight, scenario: scenario, seed: seed, minVisible: minVisible)
    where best == nil || plan.estimatedWait < best!.estimatedWait - 1e-12 {
      best = plan
    }
    return best!
  }

  /// Every plan `best` chooses from, in the order it tries them.
  static func candidates(
    foresight: Foresight, scenario: Scenario, seed: UInt64, minVisible: Double?
  ) -> [LimitSchedule] {
    let problem = Problem(foresight: foresight, scenario: scenario, seed: seed)
    // Earliest deadline first at each threshold; the apparent-tardiness rules weigh each row
    // already, at the threshold given or none; pages first on an append feed.
    var tries = (minVisible.map { [$0] } ?? thresholds).map { ($0, Rule.earliestDeadline) }
    tries += rules.map { (minVisible ?? 0, $0) }
    if problem.feed.kind == .append { tries.append((minVisible ?? 0.1, .pagesFirst)) }
    return tries.map { problem.schedule(minVisible: $0, rule: $1) }
  }

  /// The script the engine delivers the plan with.
  var arrivals: ArrivalPlan { ArrivalPlan(pages: pages, content: content) }
}

/// The pages and rows of one run, with their deadlines and draws: what every threshold's
/// schedule shares.
private struct Problem {
  let foresight: Foresight
  let feed: FeedSpec
  let hasContent: Bool
  /// Bytes per second of the link; nil: unlimited.
  let rate: Double?
  let network: NetworkSpec
  let seed: UInt64
  /// Pages to ask for, by index, with the first time one of their rows is due (on an append
  /// feed a page is due when any later page is: rows append in page order).
  let pageDeadline: [Int: Double]
  /// The feed as the session starts: which rows have their data then.
  let startFeed: Feed

  init(foresight: Foresight, scenario: Scenario, seed: UInt64) {
    self.foresight = foresight
    feed = scenario.feed
    hasContent = scenario.cell.hasContent
    network = scenario.network
    rate = scenario.network.link.bytesPerSecond.flatMap { $0 > 0 ? $0 : nil }
    self.seed = seed
    startFeed = Feed(spec: scenario.feed)
    var deadline: [Int: Double] = [:]
    for item in foresight.seenRows where !startFeed.hasData(item) {
      let page = item / feed.pageSize
      if deadline[page] == nil { deadline[page] = foresight.firstVisible[item]! }
    }
    if feed.kind == .append, let last = deadline.keys.max() {
      var due = Double.infinity
      for page in stride(from: last, through: startFeed.initialPages, by: -1) {
        due = min(due, deadline[page] ?? due)
        deadline[page] = due
      }
    }
    pageDeadline = deadline
    var draws: [Int: (latency: Double, bytes: Double)] = [:]
    for item in foresight.seenRows { draws[item] = Self.relaxedDraw(network, seed, .content, item) }
    contentDraws = draws
    draws = [:]
    for page in deadline.keys { draws[page] = Self.relaxedDraw(network, seed, .page, page) }
    pageDraws = draws
  }

  /// Each seen row's image and each page's latency on the relaxed network and size, drawn once.
  let contentDraws: [Int: (latency: Double, bytes: Double)]
  let pageDraws: [Int: (latency: Double, bytes: Double)]

  func latency(_ kind: RequestKind, _ index: Int) -> Double {
    (kind == .page ? pageDraws : contentDraws)[index]!.latency
  }

  func bytes(_ kind: RequestKind, _ index: Int) -> Double {
    (kind == .page ? pageDraws : contentDraws)[index]!.bytes
  }

  /// An item's size and its latency on the relaxed network: the least of its first
  /// `latencyDraws` attempts' (the draws a run makes, `NetworkDraw`).
  static func relaxedDraw(
    _ network: NetworkSpec, _ seed: UInt64, _ kind: RequestKind, _ index: Int
  ) -> (latency: Double, bytes: Double) {
    let attempts = (1...LimitSchedule.latencyDraws).map {
      NetworkDraw(spec: network, seed: seed, kind: kind, index: index, attempt: $0)
    }
    return (attempts.map(\.latency).min()!, attempts[0].bytes)
  }

  /// A transfer on the relaxed link; `<` is earliest deadline first (ties: pages, then index).
  struct Job: Comparable {
    var deadline: Double
    var kind: RequestKind
    var index: Int
    var remaining: Double
    /// When its row leaves the screen for good (a page: never).
    var gone = Double.infinity

    static func < (a: Job, b: Job) -> Bool {
      (a.deadline, a.kind.slot, a.index) < (b.deadline, b.kind.slot, b.index)
    }
    static func == (a: Job, b: Job) -> Bool { a.kind == b.kind && a.index == b.index }
  }

  /// The schedule by `rule` with rows seen less than `minVisible` left out, and its
  /// estimated wait.
  func schedule(minVisible: Double, rule: LimitSchedule.Rule) -> LimitSchedule {
    var result = LimitSchedule()
    let wanted = Set(
      hasContent ? foresight.seenRows.filter { foresight.visibleSeconds[$0, default: 0] >= minVisible } : [])
    // Rows by page, for releasing their images when the page's data is in.
    var rowsOfPage: [Int: [Int]] = [:]
    var pending = BinaryHeap<ReleasedJob>()
    for item in foresight.seenRows where wanted.contains(item) {
      if startFeed.hasData(item) {
        pending.insert(ReleasedJob(time: latency(.content, item), job: contentJob(item)))
      } else {
        rowsOfPage[item / feed.pageSize, default: []].append(item)
      }
    }
    for (page, deadline) in pageDeadline {
      let due = rule == .pagesFirst ? deadline - 1e12 : deadline
      let job = Job(deadline: due, kind: .page, index: page, remaining: bytes(.page, page))
      pending.insert(ReleasedJob(time: latency(.page, page), job: job))
    }
    var ready = ReadyJobs()
    // Append feeds: the first page not yet loaded (rows append in page order).
    var frontier = startFeed.initialPages
    var now = 0.0
    func dataLanded(_ page: Int) {
      var pagesWithData: [Int] = []
      if feed.kind == .append {
        while result.pages[frontier] != nil {
          pagesWithData.append(frontier)
          frontier += 1
        }
      } else {
        pagesWithData = [page]
      }
      for landed in pagesWithData {
        for item in rowsOfPage.removeValue(forKey: landed) ?? [] {
          pending.insert(ReleasedJob(time: now + latency(.content, item), job: contentJob(item)))
        }
      }
    }
    // The scale of the apparent-tardiness rule's slack: one image's transfer.
    let meanTransfer = rate.map { max(1e-3, network.content.bytes.mean / $0) } ?? 1e-3
    var chosen = 0
    var pickedVersion = -1
    var nextRecheck = 0.0
    while true {
      while let next = pending.min, next.time <= now { ready.insert(pending.popMin()!.job) }
      // Images of rows gone for good are of no use any more.
      ready.removeAll { $0.gone <= now }
      guard !ready.window.isEmpty else {
        guard let next = pending.min else { break }
        now = next.time
        continue
      }
      // A rule's choice stands until the window changes or, for a rule whose priorities
      // drift with time, `recheck` has passed.
      if ready.version != pickedVersion || now >= nextRecheck {
        chosen = pick(ready.window, at: now, rule: rule, meanTransfer: meanTransfer, rowsOfPage: rowsOfPage)
        pickedVersion = ready.version
        nextRecheck = now + Self.recheck
      }
      var job = ready.window[chosen]
      if let rate, job.remaining > 0 {
        let finish = now + job.remaining / rate
        var until = min(finish, pending.min?.time ?? .infinity, job.gone)
        if rule.drifts { until = min(until, max(nextRecheck, now)) }
        job.remaining = until >= finish ? 0 : max(0, job.remaining - (until - now) * rate)
        now = until
        ready[chosen] = job
        guard job.remaining <= 0 else { continue }
      }
      ready.remove(at: chosen)
      switch job.kind {
      case .page:
        result.pages[job.index] = now
        dataLanded(job.index)
      case .content:
        result.content[job.index] = now
      }
    }
    result.estimatedWait = estimatedWait(result)
    return result
  }

  /// How often the apparent-tardiness rule looks again at what to serve (its priorities
  /// change with time).
  static let recheck = 0.05

  /// The job to serve now: the one due first, or the one of highest apparent tardiness cost
  /// (what finishing it now saves, per second of link it takes, discounted by its slack).
  func pick(
    _ ready: [Job], at now: Double, rule: LimitSchedule.Rule, meanTransfer: Double, rowsOfPage: [Int: [Int]]
  ) -> Int {
    switch rule {
    case .earliestDeadline, .pagesFirst:  // under pagesFirst pages are due first (`schedule`)
      return ready.indices.min { ready[$0] < ready[$1] }!
    case .lateBySmith:
      let late = highestPriority(ready, at: now) { job, transfer in
        let finish = now + transfer
        guard job.deadline <= finish else { return nil }
        // The screen it blanks per second once late, over the next mean transfer.
        let blanking = rowsValue(job, page: feed.kind == .append ? 1 : 0) { item in
          (foresight.coverage(of: item, before: finish + meanTransfer) - foresight.coverage(of: item, before: finish))
            / meanTransfer
        }
        return blanking / transfer
      }
      return late ?? ready.indices.min { ready[$0] < ready[$1] }!
    case .apparentTardiness(let k):
      // A page of an append feed due soon goes first, in page order (a page is of no use
      // before the ones above it, and its lateness stalls the whole screen).
      let soon = 4 * k * meanTransfer
      if feed.kind == .append,
        let page = ready.indices.filter({ ready[$0].kind == .page && ready[$0].deadline - now < soon }).min(by: {
          ready[$0] < ready[$1]
        })
      {
        return page
      }
      let urgent = highestPriority(ready, at: now) { job, transfer in
        // What finishing it now saves: its row's screen time from then on (a page: its rows').
        let saving = rowsValue(job, page: 0) { item in
          foresight.coverage(of: item, before: .infinity) - foresight.coverage(of: item, before: now + transfer)
        }
        let slack = max(0, job.deadline - transfer - now)
        return saving / transfer * Foundation.exp(-slack / (k * meanTransfer))
      }
      return urgent ?? 0
    }

    /// The ready job of highest `priority` (given the job and the seconds of link it still
    /// needs; nil leaves it out), ties to the one due first; nil if none is left in.
    func highestPriority(_ ready: [Job], at now: Double, _ priority: (Job, Double) -> Double?) -> Int? {
      var best: Int?
      var bestPriority = -Double.infinity
      for (i, job) in ready.enumerated() {
        let transfer = rate.map { max(job.remaining / $0, 1e-6) } ?? 1e-6
        guard let value = priority(job, transfer) else { continue }
        if value > bestPriority || (value == bestPriority && best != nil && job < ready[best!]) {
          best = i
          bestPriority = value
        }
      }
      return best
    }

    /// What a job is worth by `perRow`: its row's, or a page's rows' summed above `page`.
    func rowsValue(_ job: Job, page: Double, _ perRow: (Int) -> Double) -> Double {
      job.kind == .content ? perRow(job.index) : (rowsOfPage[job.index] ?? []).reduce(page) { $0 + perRow($1) }
    }
  }

  func contentJob(_ item: Int) -> Job {
    Job(
      deadline: foresight.firstVisible[item]!, kind: .content, index: item, remaining: bytes(.content, item),
      gone: foresight.lastVisible[item] ?? 0)
  }

  /// Each row blanks its share of the screen while visible before it is ready; an append
  /// feed's page that lands after it is due stalls the whole screen that long (the stall's
  /// shift of what follows is left out: this only ranks plans).
  func estimatedWait(_ plan: LimitSchedule) -> Double {
    var wait = 0.0
    var dataAt = 0.0
    var page = startFeed.initialPages
    for item in foresight.seenRows {
      var ready = 0.0
      if !startFeed.hasData(item) {
        let itemPage = item / feed.pageSize
        if feed.kind == .append {
          while page <= itemPage {
            dataAt = max(dataAt, plan.pages[page] ?? .infinity)
            page += 1
          }
          ready = dataAt
        } else {
          ready = plan.pages[itemPage] ?? .infinity
        }
      }
      if hasContent { ready = max(ready, plan.content[item] ?? .infinity) }
      wait += foresight.coverage(of: item, before: ready)
    }
    if feed.kind == .append {
      for (page, deadline) in pageDeadline {
        wait += max(0, min(plan.pages[page] ?? .infinity, 1e9) - deadline)
      }
    }
    return wait
  }
}

/// The jobs ready to be served: the `windowSize` due first in `window` (the only ones a rule
/// looks at, so that a pick costs the same however many rows a fling passes), the rest in a
/// heap by deadline.
private struct ReadyJobs {
  static let windowSize = 24
  private(set) var window: [Problem.Job] = []
  private var rest = BinaryHeap<Problem.Job>()
  /// Counts the changes to which jobs the window holds.
  private(set) var version = 0

  mutating func insert(_ job: Problem.Job) {
    guard window.count >= Self.windowSize else {
      version += 1
      return window.append(job)
    }
    let latest = window.indices.max { window[$0] < window[$1] }!
    if job < window[latest] {
      version += 1
      rest.insert(window[latest])
      window[latest] = job
    } else {
      rest.insert(job)
    }
  }

  mutating func remove(at index: Int) {
    version += 1
    window.remove(at: index)
    if let next = rest.popMin() { window.append(next) }
  }

  /// Drops the window's jobs that match (the rest's are dropped as they reach it).
  mutating func removeAll(where drop: (Problem.Job) -> Bool) {
    while let index = window.firstIndex(where: drop) { remove(at: index) }
  }

  /// Updates a job of the window (its remaining bytes).
  subscript(index: Int) -> Problem.Job {
    get { window[index] }
    set { window[index] = newValue }
  }
}

/// A job and when it can first be served.
private struct ReleasedJob: Comparable {
  var time: Double
  var job: Problem.Job
  static func < (a: ReleasedJob, b: ReleasedJob) -> Bool { (a.time, a.job) < (b.time, b.job) }
  static func == (a: ReleasedJob, b: ReleasedJob) -> Bool { a.time == b.time && a.job == b.job }
}
