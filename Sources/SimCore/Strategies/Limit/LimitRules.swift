import Foundation

/// The rules by which the relaxed link chooses what to serve (`LimitSchedule.Rule`).
extension LimitProblem {
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
}
