/// What the frames showed: blank cells per frame (integer, so the seconds carry no rounding
/// drift), the blank share of the viewport, and whether any visible cell is blank (then the
/// engine keeps drawing frames until it fills).
struct FrameMeter {
  let refreshRate: Int64
  let columns: Int
  let viewportHeight: Double
  private(set) var frames = 0
  /// Σ over frames of blank visible cells.
  private var blankCellFrames = 0
  private var movedFrames = 0
  private var movedAreaSum = 0.0
  /// Σ over frames outside stalls of the blank fraction of the viewport.
  private var waitingAreaSum = 0.0
  private(set) var blankAreaMax = 0.0
  /// The last frame showed a blank cell.
  private(set) var anyVisibleBlank = false
  /// The last frame as measured, which a late frame leaves on screen longer (nil before the
  /// first frame: until it is presented the list shows nothing).
  private var previous: (blankCells: Int, fraction: Double, stalled: Bool)?

  init(refreshRate: Int64, columns: Int, viewportHeight: Double) {
    self.refreshRate = refreshRate
    self.columns = columns
    self.viewportHeight = viewportHeight
  }

  /// One frame with `blankCells` blank visible cells covering `blankHeight` points of the
  /// viewport (summed over columns); `moved` if the offset changed since the last frame;
  /// `stalled` if the user is held at the end of the loaded list (that time counts whole).
  /// `heldIntervals`: the frame was presented that many vsyncs late, and the previous frame
  /// stayed on screen meanwhile (its blank cells count that much longer); -1: it was presented
  /// at the previous frame's vsync, which was never seen (its interval is this frame's).
  mutating func record(blankCells: Int, blankHeight: Double, moved: Bool, stalled: Bool, heldIntervals: Int = 0) {
    if heldIntervals != 0 {
      // Before the first frame no cell is drawn, blank or not; the screen shows nothing.
      let shown = previous ?? (0, 1, stalled)
      let intervals = max(heldIntervals, -1)
      blankCellFrames += shown.blankCells * intervals
      if !shown.stalled { waitingAreaSum += shown.fraction * Double(intervals) }
    }
    frames += 1
    anyVisibleBlank = blankCells > 0
    blankCellFrames += blankCells
    let fraction = min(1, blankHeight / Double(columns) / viewportHeight)
    previous = (blankCells, fraction, stalled)
    if fraction > blankAreaMax { blankAreaMax = fraction }
    if !stalled { waitingAreaSum += fraction }
    if moved {
      movedFrames += 1
      movedAreaSum += fraction
    }
  }

  /// Σ over frames of blank visible cells × the frame's duration.
  var blankCellSeconds: Double { Double(blankCellFrames) / Double(refreshRate) }
  /// Σ over frames outside stalls of the blank fraction × the frame's duration: seconds of a
  /// wholly blank screen.
  var blankScreenSeconds: Double { waitingAreaSum / Double(refreshRate) }
  /// Mean blank fraction of the viewport over the frames in which the list moved.
  var blankAreaMean: Double { movedFrames > 0 ? movedAreaSum / Double(movedFrames) : 0 }
}

extension FrameMeter {
  /// Its part of the metrics (`RunPart`): the frames' totals, at the session's end.
  func report(into metrics: inout RunMetrics) {
    metrics.frames = frames
    metrics.blankAreaMax = blankAreaMax
    metrics.blankAreaMean = blankAreaMean
    metrics.blankCellSeconds = blankCellSeconds
  }
}
