/// Options of one run that are not part of the trace or the scenario.
public struct SimulationOptions: Sendable {
  /// Seeds every random draw (latency, render cost, item heights).
  public var seed: UInt64 = 1
  /// Keep the timeline as JSON lines (`--events`); off by default because it costs time.
  package var recordEvents = false
  /// Keep the per-frame record (`--frames`, `FrameRecord`); off by default because it costs time.
  package var recordFrames = false
  /// After the input is over and the list rests, blank cells get this long to fill before the
  /// session ends anyway.
  package var drainSeconds = 5.0
  /// A safety net against a run that never ends: events and frames together (a day-long
  /// session at 120 Hz is 10.4 million frames).
  package var maxEvents = 20_000_000
  /// Events handled at one simulated instant before the run is called stuck: a loop that makes
  /// no progress in time (legitimate runs handle a few hundred at most).
  package var maxEventsAtOneInstant = 1_000_000
  /// Physics preset to use instead of the trace's (`--physics`).
  public var physics: String?
  /// Release-velocity estimator instead of the physics' default (`--velocity`).
  package var velocityTracker: VelocityTrackerKind?
  /// Lists of any length estimate their length from the rows laid out, as a list of more than
  /// `ListLayout.exactLengthLimit` rows does: for the free path's endless list (`FreePath`),
  /// whose end only a 10⁹ pt drag reaches, and which laid out all its 100 000 rows and stored
  /// their cells before the first frame (two thirds of the limit's work on a calm minute).
  var estimatesLength = false
  /// Keep the run's decisions (`DecisionLog`): where a port parts from a built-in.
  var recordDecisions = false

  public init(
    seed: UInt64 = 1, recordEvents: Bool = false, physics: String? = nil,
    velocityTracker: VelocityTrackerKind? = nil
  ) {
    self.seed = seed
    self.recordEvents = recordEvents
    self.physics = physics
    self.velocityTracker = velocityTracker
  }
}

/// The outcome of one run: its metrics and, if asked for, its timeline.
public struct RunResult: Sendable {
  public var metrics: RunMetrics
  /// The timeline (`docs/events.md`; `events.jsonLines` is what `--events` writes); empty
  /// unless `recordEvents`.
  package var events: [TimelineEvent]
  /// The per-frame record as JSON lines (`docs/events.md`); empty unless `recordFrames`.
  package var frames: String = ""
  /// Every callback and the actions taken in it (`DecisionLog`); empty unless `recordDecisions`.
  var decisions: [Decision] = []
}
