/// Stops a run that would never end, with a message naming the strategy and the trace:
/// more events and frames than `SimulationOptions.maxEvents` in all, or more than
/// `maxEventsAtOneInstant` without the clock moving (a strategy or a part rescheduling itself
/// at the same time forever).
struct ProgressWatch {
  private var instant: SimTime = -1
  private var eventsAtInstant = 0

  mutating func check(_ queue: EventQueue, options: SimulationOptions, run: String) throws(SimError) {
    if queue.handled > options.maxEvents {
      throw SimError(
        .badData,
        "\(run): the run did not finish within \(options.maxEvents) events and frames (\(Report.fixed(queue.now.seconds, 1)) s simulated); a strategy that never settles, or a session that long?"
      )
    }
    if queue.now == instant {
      eventsAtInstant += 1
      if eventsAtInstant > options.maxEventsAtOneInstant {
        throw SimError(
          .badData,
          "\(run): no progress in simulated time: \(options.maxEventsAtOneInstant) events at t = \(Report.fixed(queue.now.seconds, 6)) s without the clock moving"
        )
      }
    } else {
      instant = queue.now
      eventsAtInstant = 0
    }
  }
}
