import Foundation

/// The pages and rows of one run, with their deadlines and draws: what every plan of the limit
/// shares (`LimitSchedule.candidates`). A plan is made by `RelaxedLink`, its transfers chosen by
/// `pick` (`LimitRules.swift`), and ranked by `estimatedWait`.
struct LimitProblem {
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
      if deadline[page] == nil { deadline[page] = foresight.firstVisible(item)! }
    }
    if feed.kind == .append, let last = deadline.keys.max() {
      var due = Double.infinity
      for page in stride(from: last, through: startFeed.initialPages, by: -1) {
        due = min(due, deadline[page] ?? due)
        deadline[page] = due
      }
    }
    pageDeadline = deadline
    var draws = RowTable(defaultValue: (latency: Double.nan, bytes: Double.nan))
    for item in foresight.seenRows { draws[item] = Self.relaxedDraw(network, seed, .content, item) }
    contentDraws = draws
    draws = RowTable(defaultValue: (latency: Double.nan, bytes: Double.nan))
    for page in deadline.keys { draws[page] = Self.relaxedDraw(network, seed, .page, page) }
    pageDraws = draws
  }

  /// Each seen row's image and each page's latency on the relaxed network and size, drawn once
  /// (NaN: not drawn). Tables, not dictionaries: every step of every plan reads them.
  let contentDraws: RowTable<(latency: Double, bytes: Double)>
  let pageDraws: RowTable<(latency: Double, bytes: Double)>

  func latency(_ kind: RequestKind, _ index: Int) -> Double {
    kind == .page ? pageDraws[index].latency : contentDraws[index].latency
  }

  func bytes(_ kind: RequestKind, _ index: Int) -> Double {
    kind == .page ? pageDraws[index].bytes : contentDraws[index].bytes
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

  /// A row's image as a transfer: due when the row first shows, useless once it has left for good.
  func contentJob(_ item: Int) -> Job {
    Job(
      deadline: foresight.firstVisible(item)!, kind: .content, index: item, remaining: bytes(.content, item),
      gone: foresight.lastVisible(item) ?? 0)
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
      // In page order: a dictionary's order changes from process to process, and with it the
      // sum's last bits.
      for page in pageDeadline.keys.sorted() {
        wait += max(0, min(plan.pages[page] ?? .infinity, 1e9) - pageDeadline[page]!)
      }
    }
    return wait
  }
}
