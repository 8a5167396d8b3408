/// The main (UI) thread: one serial queue of work, and the frames it presents on time or late.
///
/// A frame starts at its vsync, or when the thread is free if work outside frames (a timer's
/// binds) still runs then. Its work is the frame's own (`MainThreadSpec.frameTime`), the touch
/// samples dispatched since the last frame, and what the engine adds while handling it: binds,
/// page layouts, decodes on the main thread. The frame is presented at the first vsync at or
/// after its work ends; it was due at the next vsync after its own. Each vsync in between is a
/// dropped frame and adds one interval of hitch time; the screen keeps the previous frame
/// meanwhile, and the next frame starts at the vsync that presents this one (the scroll goes
/// on in time, so that frame jumps). The model's simplifications (one queue, whole intervals,
/// no render thread) are the ones `docs/main-thread.md` defends.
///
/// What it measures, over the frames in which the list moved (a hitch is seen only while
/// something moves; content that comes late while the list rests is the wait's business):
/// - hitch time, Apple's definition (WWDC20 10077 "Eliminate animation hitches with XCTest"):
///   the time a frame is on screen later than expected; the hitch time ratio divides it by the
///   time spent scrolling, in ms per s (Xcode Organizer: < 5 good, > 10 bad);
/// - dropped frames: vsyncs at which a frame was due and none was presented;
/// - janky frames: frames that missed their deadline (their work overran the budget, or began
///   late behind other work), the frames with a positive `frameOverrunMs` in Android's
///   `FrameTimingMetric` (androidx benchmark-macro, `FrameTimingMetric.kt`);
/// - the worst frame: the longest main-thread work of any frame.
struct MainThread {
  let spec: MainThreadSpec
  let refreshRate: Int64
  private let seed: UInt64
  private var bindAttempts = RowTable(defaultValue: 0)
  private static let bindStream = RandomStream("bind")

  /// When the work queued so far ends.
  private(set) var busyUntil: SimTime = 0
  /// The frame being handled: its vsync index and when its work started.
  private var frame: (index: Int64, start: SimTime)?
  /// Work of the frame being handled, or carried to the next frame (touch dispatch).
  private var frameWork: SimTime = 0
  /// The first vsync at which a frame may start: the one that presents the last frame.
  private(set) var nextFrameIndex: Int64 = 0
  /// RecyclerView's running average of bind times (`RecycledViewPool.mBindRunningAverageNs`:
  /// the first sample, then 3/4 old + 1/4 new), 0 before the first bind.
  private(set) var averageBind: SimTime = 0

  // Measurements.
  private(set) var movingFrames = 0
  private(set) var droppedFrames = 0
  private(set) var jankyFrames = 0
  private(set) var hitch: SimTime = 0
  private(set) var worstFrame: SimTime = 0

  init(spec: MainThreadSpec, refreshRate: Int64, seed: UInt64) {
    self.spec = spec
    self.refreshRate = refreshRate
    self.seed = seed
  }

  /// The time of vsync `index` (frames fall at `index / refreshRate` seconds, as `EventQueue`'s).
  func vsync(_ index: Int64) -> SimTime { SimTime.vsync(index, refreshRate: refreshRate) }

  /// A frame is being handled: work goes into it.
  var isInFrame: Bool { frame != nil }

  /// Adds `cost` of work now: to the frame being handled, else after what is queued.
  mutating func perform(_ cost: SimTime, at now: SimTime) {
    if frame != nil {
      frameWork += cost
    } else {
      busyUntil = max(busyUntil, now) + cost
    }
  }

  /// Touch dispatch: the next frame handles the input that came since the last one.
  mutating func dispatchInput() { frameWork += SimTime.fromSeconds(spec.inputTime) }

  /// The cost of binding `item` (its next bind: a row rebound later draws again).
  mutating func bindCost(of item: Int) -> SimTime {
    let attempt = bindAttempts[item]
    bindAttempts[item] = attempt + 1
    var random = SeededRandom(seed: seed, stream: Self.bindStream, index: item, attempt: attempt)
    let cost = SimTime.fromSeconds(min(max(0, spec.bindTime.sample(&random)), ScenarioLimits.seconds))
    averageBind = averageBind == 0 ? cost : averageBind / 4 * 3 + cost / 4
    return cost
  }

  /// The frame at vsync `index` begins: its own work first.
  mutating func beginFrame(index: Int64, at now: SimTime) {
    frame = (index, max(now, busyUntil))
    frameWork += SimTime.fromSeconds(spec.frameTime)
  }

  /// The frame's work is all in: how many vsyncs late it is presented (0: on time). Its work
  /// ends now; later work (a strategy's binds in the gap) queues behind it.
  mutating func endFrame(moved: Bool) -> Int64 {
    guard let frame else { return 0 }
    self.frame = nil
    let work = frameWork
    frameWork = 0
    let ready = frame.start + work
    busyUntil = ready
    let presented = max(frame.index + 1, firstVsync(atOrAfter: ready))
    nextFrameIndex = presented
    let late = presented - frame.index - 1
    worstFrame = max(worstFrame, work)
    if moved {
      movingFrames += 1
      if late > 0 { jankyFrames += 1 }
      droppedFrames += Int(late)
      hitch += vsync(presented) - vsync(frame.index + 1)
    }
    return late
  }

  /// The first vsync index whose time is at or after `time`: `vsync(i) = ⌊i·10⁹ / rate⌋ ≥ time`
  /// exactly when `i·10⁹ ≥ time·rate`, so it is `⌈time·rate / 10⁹⌉` (called once a frame: no
  /// search). Past 2⁶³ ns·Hz (over 200 days of busy work) it saturates.
  func firstVsync(atOrAfter time: SimTime) -> Int64 {
    let (scaled, overflow) = max(0, time).multipliedReportingOverflow(by: refreshRate)
    guard !overflow, scaled <= Int64.max - 999_999_999 else { return Int64.max / 1_000_000_000 }
    return (scaled + 999_999_999) / 1_000_000_000
  }

  /// The last vsync index whose time is at or before `time`.
  func lastVsync(atOrBefore time: SimTime) -> Int64 {
    let index = firstVsync(atOrAfter: time)
    return vsync(index) == time ? index : index - 1
  }

  /// Time left before the next frame's deadline after the work queued so far (0 past it): what
  /// GapWorker compares its average bind with.
  func remaining(at now: SimTime) -> SimTime {
    let index = frame?.index ?? lastVsync(atOrBefore: now)
    let end = max(now, busyUntil, frame.map { $0.start + frameWork } ?? 0)
    return max(0, vsync(index + 1) - end)
  }

  /// Seconds of scrolling: the vsync intervals of the frames in which the list moved, dropped
  /// ones included.
  var scrollingSeconds: Double { Double(movingFrames + droppedFrames) / Double(refreshRate) }
}
