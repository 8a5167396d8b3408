/// Stops a run that would never end, with a message naming the strategy and the trace:
/// more events and frames than `SimulationOptions.maxEvents` in all, or more than
/// `maxEventsAtOneInstant` without the clock moving (a strategy or a part rescheduling itself
/// at the same time forever).
struct ProgressWatch {
  private var instant: SimTime = -1
  private var eventsAtInstant = 0

  /// Called once per event: it takes the queue's two counters rather than the queue (a copy
  /// would retain its heap) and builds the run's name only for a message.
  mutating func check(
    handled: Int, now: SimTime, options: SimulationOptions, run: @autoclosure () -> String
  ) throws(SimError) {
    if handled > options.maxEvents {
      throw SimError(
        .badData,
        "\(run()): the run did not finish within \(options.maxEvents) events and frames (\(NumberText.fixed(now.seconds, 1)) s simulated); a strategy that never settles, or a session that long?"
      )
    }
    if now == instant {
      eventsAtInstant += 1
      if eventsAtInstant > options.maxEventsAtOneInstant {
        throw SimError(
          .badData,
          "\(run()): no progress in simulated time: \(options.maxEventsAtOneInstant) events at t = \(NumberText.fixed(now.seconds, 6)) s without the clock moving"
        )
      }
    } else {
      instant = now
      eventsAtInstant = 0
    }
  }
}
