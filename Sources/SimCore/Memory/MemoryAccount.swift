/// The app's footprint over a run: what it holds besides the list, plus the decoded images of
/// the rows and the memory cache, the encoded images rows keep, the row views, and the
/// responses in flight. The engine sets each part when it changes; the account integrates the
/// total over time (mean), keeps its peak, the time spent above the system's warning level, and
/// says when the total crosses the warning level or the kill limit.
///
/// Parts are whole bytes, so that adding and removing the same image leaves no rounding.
struct MemoryAccount {
  enum Part {
    /// Decoded images held by rows or the memory cache, each counted once.
    case decodedImages
    /// Encoded images rows hold without their decoded pixels (a web page's off-screen `<img>`).
    case encodedImages
    /// Built rows' views, widgets or nodes, and the pooled ones.
    case rowViews
    /// Responses being received (each counted whole from its first byte: an upper bound).
    case network
  }

  /// What crossing a level means for the run.
  enum Crossing: Equatable {
    case none
    /// The total went above the warning level.
    case warning
    /// The total went above the kill limit.
    case kill

    /// Keeps the stronger of two crossings (a kill over a warning).
    mutating func merge(_ other: Crossing) {
      if other == .kill || (other == .warning && self == .none) { self = other }
    }
  }

  private var decodedImages = 0
  private var encodedImages = 0
  private var rowViews = 0
  private var network = 0
  let warning: Double?
  let limit: Double?
  private(set) var total: Int
  private(set) var peak: Int
  private var since = SimTime.zero
  /// Byte-seconds so far, for the mean.
  private var byteSeconds = 0.0
  private(set) var secondsOverWarning = 0.0
  /// When and at what footprint the app was killed.
  private(set) var kill: (time: SimTime, bytes: Int)?

  init(spec: MemorySpec, canBeKilled: Bool) {
    warning = spec.warningLevelMB.map { $0 * MemoryUnits.mb }
    limit = canBeKilled ? spec.limitMB.map { $0 * MemoryUnits.mb } : nil
    total = Int((spec.baselineMB * MemoryUnits.mb).rounded())
    peak = total
  }

  /// Whether the total is above the warning level now.
  var isOverWarning: Bool { warning.map { Double(total) > $0 } ?? false }

  /// Sets `part` to `bytes` at `now`; says which level the change crossed upward.
  mutating func set(_ part: Part, to bytes: Int, at now: SimTime) -> Crossing {
    let change = bytes - self[part]
    guard change != 0 else { return .none }
    advance(to: now)
    let wasOverWarning = isOverWarning
    self[part] = bytes
    total += change
    peak = max(peak, total)
    if let limit, kill == nil, Double(total) > limit {
      kill = (now, total)
      return .kill
    }
    return !wasOverWarning && isOverWarning ? .warning : .none
  }

  /// Adds `change` bytes to `part`.
  mutating func add(_ change: Int, to part: Part, at now: SimTime) -> Crossing {
    set(part, to: self[part] + change, at: now)
  }

  /// A part's bytes (stored fields: an array here was a uniqueness check per change).
  private subscript(part: Part) -> Int {
    get {
      switch part {
      case .decodedImages: decodedImages
      case .encodedImages: encodedImages
      case .rowViews: rowViews
      case .network: network
      }
    }
    set {
      switch part {
      case .decodedImages: decodedImages = newValue
      case .encodedImages: encodedImages = newValue
      case .rowViews: rowViews = newValue
      case .network: network = newValue
      }
    }
  }

  /// Counts the time since the last change at the total held meanwhile.
  mutating func advance(to now: SimTime) {
    guard now > since else { return }
    let seconds = (now - since).seconds
    byteSeconds += Double(total) * seconds
    if isOverWarning { secondsOverWarning += seconds }
    since = now
  }

  /// The time-weighted mean footprint from the start to `end` (bytes).
  mutating func mean(until end: SimTime) -> Double {
    advance(to: end)
    return end.seconds > 0 ? byteSeconds / end.seconds : Double(total)
  }
}

extension MemoryAccount {
  /// Its part of the metrics (`RunPart`): peak, pressure and the kill (the mean needs the
  /// session's end: `Simulation.finish` closes the account first).
  func report(into metrics: inout RunMetrics) {
    metrics.peakMemory = Double(peak)
    metrics.decodedMemoryAtEnd = Double(decodedImages)
    metrics.memoryPressureSeconds = secondsOverWarning
    metrics.kills = kill == nil ? 0 : 1
    metrics.killedAtSeconds = kill?.time.seconds
  }
}
