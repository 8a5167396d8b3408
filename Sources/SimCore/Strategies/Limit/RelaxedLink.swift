/// One plan in the making (`LimitSchedule.candidates`): the relaxed link serving the limit's
/// transfers one at a time by `rule`, rows seen less than `minVisible` left out. Every page is
/// asked for at the start and each image as soon as its row's data is in (`release`); the link
/// serves the chosen ready transfer until it finishes, a new one is released, its row leaves
/// for good or, for a rule that drifts, the choice is due again (`step`). A simulation of
/// transfers, not of frames.
struct RelaxedLink {
  let problem: LimitProblem
  let rule: LimitSchedule.Rule
  /// The plan so far: when each page and image arrived.
  private var result = LimitSchedule()
  /// Rows waiting for their page's data, by page.
  private var rowsOfPage: [Int: [Int]] = [:]
  /// Transfers not released yet, by when they can first be served.
  private var pending = BinaryHeap<ReleasedJob>()
  private var ready = ReadyJobs()
  /// Append feeds: the first page not yet loaded (rows append in page order).
  private var frontier: Int
  private var now = 0.0
  /// The rule's current choice, the window it was made on, and when to look again.
  private var chosen = 0
  private var pickedVersion = -1
  private var nextRecheck = 0.0
  /// The scale of the apparent-tardiness rule's slack: one image's transfer.
  private let meanTransfer: Double

  init(_ problem: LimitProblem, minVisible: Double, rule: LimitSchedule.Rule) {
    self.problem = problem
    self.rule = rule
    frontier = problem.startFeed.initialPages
    meanTransfer = problem.rate.map { max(1e-3, problem.network.content.bytes.mean / $0) } ?? 1e-3
    let foresight = problem.foresight
    for item in foresight.seenRows where problem.hasContent && foresight.visibleSeconds(item) >= minVisible {
      if problem.startFeed.hasData(item) {
        pending.insert(ReleasedJob(time: problem.latency(.content, item), job: problem.contentJob(item)))
      } else {
        rowsOfPage[item / problem.feed.pageSize, default: []].append(item)
      }
    }
    for (page, deadline) in problem.pageDeadline {
      let due = rule == .pagesFirst ? deadline - 1e12 : deadline
      let job = LimitProblem.Job(deadline: due, kind: .page, index: page, remaining: problem.bytes(.page, page))
      pending.insert(ReleasedJob(time: problem.latency(.page, page), job: job))
    }
  }

  /// Serves every transfer; the plan, with its estimated wait.
  mutating func plan() -> LimitSchedule {
    while step() {}
    result.estimatedWait = problem.estimatedWait(result)
    return result
  }

  /// Releases what is due and serves the chosen transfer until something changes; false when
  /// nothing is left.
  private mutating func step() -> Bool {
    while let next = pending.min, next.time <= now { ready.insert(pending.popMin()!.job) }
    // Images of rows gone for good are of no use any more.
    ready.removeAll { $0.gone <= now }
    guard !ready.window.isEmpty else {
      guard let next = pending.min else { return false }
      now = next.time
      return true
    }
    // A rule's choice stands until the window changes or, for a rule whose priorities drift
    // with time, `recheck` has passed.
    if ready.version != pickedVersion || now >= nextRecheck {
      chosen = problem.pick(ready.window, at: now, rule: rule, meanTransfer: meanTransfer, rowsOfPage: rowsOfPage)
      pickedVersion = ready.version
      nextRecheck = now + LimitProblem.recheck
    }
    var job = ready.window[chosen]
    if let rate = problem.rate, job.remaining > 0 {
      let finish = now + job.remaining / rate
      var until = min(finish, pending.min?.time ?? .infinity, job.gone)
      if rule.drifts { until = min(until, max(nextRecheck, now)) }
      job.remaining = until >= finish ? 0 : max(0, job.remaining - (until - now) * rate)
      now = until
      ready[chosen] = job
      guard job.remaining <= 0 else { return true }
    }
    ready.remove(at: chosen)
    arrived(job)
    return true
  }

  /// A transfer is done: it arrives now; a page's data releases its rows' images.
  private mutating func arrived(_ job: LimitProblem.Job) {
    switch job.kind {
    case .page:
      result.pages[job.index] = now
      release(afterPage: job.index)
    case .content:
      result.content[job.index] = now
    }
  }

  /// The images of the rows whose data is now in: the page's (a placeholder feed), or every
  /// page up to the first not yet loaded (an append feed, whose rows append in page order).
  private mutating func release(afterPage page: Int) {
    var pagesWithData: [Int] = []
    if problem.feed.kind == .append {
      while result.pages[frontier] != nil {
        pagesWithData.append(frontier)
        frontier += 1
      }
    } else {
      pagesWithData = [page]
    }
    for landed in pagesWithData {
      for item in rowsOfPage.removeValue(forKey: landed) ?? [] {
        pending.insert(ReleasedJob(time: now + problem.latency(.content, item), job: problem.contentJob(item)))
      }
    }
  }
}

/// The jobs ready to be served: the `windowSize` due first in `window` (the only ones a rule
/// looks at, so that a pick costs the same however many rows a fling passes), the rest in a
/// heap by deadline.
struct ReadyJobs {
  static let windowSize = 24
  private(set) var window: [LimitProblem.Job] = []
  private var rest = BinaryHeap<LimitProblem.Job>()
  /// Counts the changes to which jobs the window holds.
  private(set) var version = 0

  mutating func insert(_ job: LimitProblem.Job) {
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
  mutating func removeAll(where drop: (LimitProblem.Job) -> Bool) {
    while let index = window.firstIndex(where: drop) { remove(at: index) }
  }

  /// Updates a job of the window (its remaining bytes).
  subscript(index: Int) -> LimitProblem.Job {
    get { window[index] }
    set { window[index] = newValue }
  }
}

/// A job and when it can first be served.
struct ReleasedJob: Comparable {
  var time: Double
  var job: LimitProblem.Job
  static func < (a: ReleasedJob, b: ReleasedJob) -> Bool { (a.time, a.job) < (b.time, b.job) }
  static func == (a: ReleasedJob, b: ReleasedJob) -> Bool { a.time == b.time && a.job == b.job }
}
