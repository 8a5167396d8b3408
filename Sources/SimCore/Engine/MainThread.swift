/// The main (UI) thread: one serial queue of work, and the frames it begins and presents.
///
/// A frame begins at its vsync, or, if the thread is still busy then, as soon as it is free,
/// with the latest vsync's time: the vsync that came meanwhile is already queued. Android's
/// `Choreographer` posts each vsync as a message and, in `doFrame`, moves a late frame's time
/// back to the latest vsync, logging "Skipped N frames" (aosp-mirror/platform_frameworks_base
/// `core/java/android/view/Choreographer.java` @02857a72); Chromium's scheduler hands a missed
/// BeginFrame to the main thread when it can take it (`cc/scheduler/scheduler.cc`). Its work is
/// the frame's own (`MainThreadSpec.frameTime`), the touch samples dispatched since the last
/// frame, and what the engine adds while handling it: binds, page layouts, decodes on the main
/// thread. The frame is presented at the first vsync at or after its work ends (at the
/// earliest the one after its own); a frame that ends before the vsync that presents the one
/// before it replaces that one, which is never seen.
///
/// What it measures, over the frames in which the list moved (a hitch is seen only while
/// something moves; content that comes late while the list rests is the wait's business):
/// - dropped frames: vsyncs at which no frame could begin because the thread was busy through
///   them (Choreographer's skipped frames; Chromium reports them as `STATE_DROPPED` in its
///   `PipelineReporter` trace events, and its rAF timestamps skip them). Checked in Chromium
///   (`Validation/`): 20 ms of work in every frame at 60 Hz drops one vsync in six, 25 ms once
///   drops none, 40 ms once drops one;
/// - hitch time, Apple's definition (WWDC20 10077 "Eliminate animation hitches with XCTest"):
///   the time the screen shows a frame longer than expected because the next one is late; the
///   hitch time ratio divides it by the time spent scrolling, in ms per s (Xcode Organizer:
///   < 5 good, > 10 bad). A 25 ms frame at 60 Hz is one interval of hitch, no dropped frame;
/// - janky frames: frames presented later than due (their work overran the budget, or began
///   late behind other work), the frames with a positive `frameOverrunMs` in Android's
///   `FrameTimingMetric` (androidx benchmark-macro, `FrameTimingMetric.kt`);
/// - the worst frame: the longest main-thread work of any frame.
///
/// The model's simplifications (one queue, whole intervals, no render thread) are the ones
/// `docs/main-thread.md` defends.
struct MainThread {
  let spec: MainThreadSpec
  let refreshRate: Int64
  /// `spec.frameTime` and `spec.inputTime` in the engine's nanoseconds, converted once: they
  /// are added every frame and every touch sample.
  private let frameTime: SimTime
  private let inputTime: SimTime
  private let seed: UInt64
  private var bindAttempts = RowTable(defaultValue: 0)
  private static let bindStream = RandomStream("bind")

  /// When the work queued so far ends.
  private(set) var busyUntil: SimTime = 0
  /// The frame being handled: the vsync it was asked for, the vsync whose time it takes (later
  /// if the thread was busy through some), and when its work started.
  private var frame: (asked: Int64, index: Int64, start: SimTime)?
  /// Work of the frame being handled, or carried to the next frame (touch dispatch).
  private var frameWork: SimTime = 0
  /// The first vsync at which a frame may begin: the next one, or, if the last frame's work
  /// ran past it, the latest vsync before that work ended.
  private(set) var nextFrameIndex: Int64 = 0
  /// The vsync at which the last frame was presented (-1 before the first).
  private(set) var lastPresented: Int64 = -1
  /// RecyclerView's running average of bind times (`RecycledViewPool.mBindRunningAverageNs`:
  /// the first sample, then 3/4 old + 1/4 new), 0 before the first bind.
  private(set) var averageBind: SimTime = 0

  // Measurements.
  private(set) var movingFrames = 0
  private(set) var droppedFrames = 0
  private(set) var jankyFrames = 0
  private(set) var hitch: SimTime = 0
  private(set) var worstFrame: SimTime = 0
  /// Vsync intervals the moving frames were on screen, held ones included.
  private(set) var scrollingIntervals = 0

  init(spec: MainThreadSpec, refreshRate: Int64, seed: UInt64) {
    self.spec = spec
    self.refreshRate = refreshRate
    self.seed = seed
    frameTime = SimTime.fromSeconds(spec.frameTime)
    inputTime = SimTime.fromSeconds(spec.inputTime)
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
  mutating func dispatchInput() { frameWork += inputTime }

  /// The cost of binding `item` (its next bind: a row rebound later draws again).
  mutating func bindCost(of item: Int) -> SimTime {
    let attempt = bindAttempts[item]
    bindAttempts[item] = attempt + 1
    var random = SeededRandom(seed: seed, stream: Self.bindStream, index: item, attempt: attempt)
    let cost = SimTime.fromSeconds(min(max(0, spec.bindTime.sample(&random)), ScenarioLimits.seconds))
    averageBind = averageBind == 0 ? cost : averageBind / 4 * 3 + cost / 4
    return cost
  }

  /// The frame asked for at vsync `index` begins, when the thread is free: its own work first.
  mutating func beginFrame(index: Int64, at now: SimTime) {
    let start = max(now, busyUntil)
    frame = (index, max(index, lastVsync(atOrBefore: start)), start)
    frameWork += frameTime
  }

  /// The frame's work is all in. Returns how many vsyncs the frame before it stayed on screen
  /// too long (0: on time; -1: this frame replaces it at the same vsync, so it was never seen).
  /// Its work ends now; later work (a strategy's binds in the gap) queues behind it.
  mutating func endFrame(moved: Bool) -> Int64 {
    guard let frame else { return 0 }
    self.frame = nil
    let work = frameWork
    frameWork = 0
    let ready = frame.start + work
    busyUntil = ready
    let presented = max(frame.index + 1, firstVsync(atOrAfter: ready))
    // On screen since: the last frame's vsync, or the vsync this one was asked for after a rest.
    let shownSince = max(lastPresented, frame.asked)
    let held = presented - shownSince - 1
    lastPresented = presented
    nextFrameIndex = max(frame.index + 1, lastVsync(atOrBefore: ready))
    worstFrame = max(worstFrame, work)
    if moved {
      movingFrames += 1
      // Vsyncs no frame began at: those the thread was busy through before this one began
      // (from the one it was asked for) and those it is busy through after.
      droppedFrames += Int(nextFrameIndex - frame.asked - 1)
      scrollingIntervals += Int(held + 1)
      if held > 0 {
        jankyFrames += 1
        hitch += vsync(presented) - vsync(shownSince + 1)
      }
    }
    return held
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

  /// Seconds of scrolling: the vsync intervals the frames in which the list moved were on
  /// screen, held ones included.
  var scrollingSeconds: Double { Double(scrollingIntervals) / Double(refreshRate) }
}

extension MainThread {
  /// Its part of the metrics (`RunPart`): the main thread's totals, at the session's end.
  func report(into metrics: inout RunMetrics) {
    metrics.hitchSeconds = hitch.seconds
    metrics.scrollingSeconds = scrollingSeconds
    metrics.droppedFrames = droppedFrames
    metrics.jankyFrames = jankyFrames
    metrics.movingFrames = movingFrames
    metrics.worstFrameSeconds = worstFrame.seconds
  }
}
