/// The trace's input as it is replayed: the next sample, the finger, and the shift a stall
/// adds to every later sample (with the `wait` stall policy the user waits, so the rest of the
/// recording happens later).
struct InputReplay {
  let touches: [TouchSample]
  let offsets: [OffsetSample]
  /// The next sample to replay.
  var index = 0
  /// Bumped when the schedule changes, so an input event scheduled before is stale.
  private(set) var generation = 0
  /// Added to every sample's time (the stalls the user waited through).
  private(set) var shift: SimTime = 0
  /// A stall holds the input.
  var isPaused = false
  /// When the last sample was replayed.
  var doneAt: SimTime?
  var fingerY = 0.0
  /// Where the finger touched down (the touch slop is measured from there).
  var touchDownY = 0.0
  /// How far the content is ahead of the finger (`ScrollPhysics.dragLead`), and when the
  /// drag last moved it (trace time).
  var dragLead = 0.0
  var lastDragStepTime: Double?
  /// Which fling a touch caught, for platforms that boost flings (`FlingBooster`).
  var booster = FlingBooster()
  var tracker: VelocityTracker

  init(_ input: TraceInput, tracker: VelocityTracker) {
    switch input {
    case .touches(let samples):
      touches = samples
      offsets = []
    case .offsets(let samples):
      touches = []
      offsets = samples
    }
    self.tracker = tracker
  }

  var isTouchInput: Bool { !touches.isEmpty }
  var count: Int { touches.isEmpty ? offsets.count : touches.count }
  var isOver: Bool { index >= count }

  /// When sample `index` happens, stalls included.
  func time(ofSample index: Int) -> SimTime {
    let t = touches.isEmpty ? offsets[index].t : touches[index].t
    return SimTime.fromSeconds(t) + shift
  }

  /// A stall of `duration` that held the input is over: later samples happen that much later.
  mutating func resume(afterStallOf duration: SimTime) {
    isPaused = false
    shift += duration
    generation += 1
  }

  /// The phase of offset sample `index`: from the file, or inferred (a sample that moved within
  /// 100 ms of the previous one is part of a drag).
  @inline(__always) func offsetPhase(_ index: Int) -> OffsetPhase? {
    let sample = offsets[index]
    if let phase = sample.phase { return phase }
    guard index > 0 else { return nil }
    let previous = offsets[index - 1]
    return sample.offset != previous.offset && sample.t - previous.t <= 0.1 ? .dragging : nil
  }

  /// The phase of the neighbouring sample `index` (just before or after `sample`) if it is
  /// within 100 ms of it. Inlined, as `offsetPhase` is: an outlined call on the engine's
  /// stored replay copied it (retaining its arrays) per sample.
  @inline(__always) func phase(ofNeighbour index: Int, of sample: Int) -> OffsetPhase? {
    guard index >= 0, index < offsets.count else { return nil }
    let gap = index < sample ? offsets[sample].t - offsets[index].t : offsets[index].t - offsets[sample].t
    return gap <= 0.1 ? offsetPhase(index) : nil
  }

  /// The offset where the decelerating run containing `index` ends in the recording.
  func restingOffset(ofRunAt index: Int) -> Double {
    var last = index
    while last + 1 < offsets.count, offsetPhase(last + 1) == .decelerating,
      offsets[last + 1].t - offsets[last].t <= 0.1
    {
      last += 1
    }
    return offsets[last].offset
  }
}
