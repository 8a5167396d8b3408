/// Named devices (`--device NAME`): render cost, render workers, main-thread costs, image cache
/// and refresh rate.
///
/// These are scrollsim's assumptions, stated as such: render times bracket the decode-and-draw
/// of a feed photo on each class of phone against the frame budgets they must meet (16.7 ms at
/// 60 Hz, 11.1 ms at 90 Hz, 8.3 ms at 120 Hz); main-thread costs (`MainThreadSpec`: the
/// frame's own work, binds, page layout) scale with the render time's factor: 3× the mid
/// phone's on the low-end one, half on the flagship; cache sizes follow the order of magnitude of
/// Glide's default memory cache (about two screens of ARGB_8888 bitmaps, ~20 MB on a 1080×2400
/// phone) up to a flagship's generous budget. Measure your app and set the numbers with `--set`.
public enum DeviceProfiles {
  public struct Profile: Sendable {
    public var name: String
    public var renderTime: Distribution
    public var renderWorkers: Int
    public var cacheBytes: Double
    public var refreshRate: Int
    /// The main thread's costs as a multiple of the defaults (`MainThreadSpec()`).
    public var cpuFactor: Double
    public var note: String

    /// The main thread's costs on this device.
    public var mainThread: MainThreadSpec {
      let base = MainThreadSpec()
      guard case .uniform(let low, let high) = base.bindTime else { return base }
      return MainThreadSpec(
        frameTime: base.frameTime * cpuFactor, inputTime: base.inputTime * cpuFactor,
        bindTime: .uniform(min: low * cpuFactor, max: high * cpuFactor),
        layoutPageTime: base.layoutPageTime * cpuFactor, layoutRowTime: base.layoutRowTime * cpuFactor)
    }

    /// The profile as a scenario overlay.
    public var json: JSONValue {
      .object([
        ("cell", .object([("renderTime", renderTime.json), ("renderWorkers", .int(renderWorkers))])),
        ("cache", .object([("capacity", .number(cacheBytes))])),
        ("display", .object([("refreshRate", .int(refreshRate))])),
        ("mainThread", .object(mainThread.costFields)),
      ])
    }
  }

  public static let all: [Profile] = [
    Profile(
      name: "low-end", renderTime: .uniform(min: 0.012, max: 0.036), renderWorkers: 2, cacheBytes: 16_000_000,
      refreshRate: 60, cpuFactor: 3, note: "an entry-level Android phone: slow cores, small memory class"),
    Profile(
      name: "mid", renderTime: .uniform(min: 0.004, max: 0.012), renderWorkers: 2, cacheBytes: 64_000_000,
      refreshRate: 90, cpuFactor: 1, note: "a mid-range phone (the default scenario's render cost and cache)"),
    Profile(
      name: "high", renderTime: .uniform(min: 0.002, max: 0.006), renderWorkers: 4, cacheBytes: 256_000_000,
      refreshRate: 120, cpuFactor: 0.5, note: "a flagship with a 120 Hz display"),
  ]

  public static var names: [String] { all.map(\.name) }

  public static func lookup(_ name: String) throws(SimError) -> Profile {
    guard let profile = all.first(where: { $0.name == name }) else {
      throw SimError(
        .usage,
        "unknown device profile \"\(name)\"\(NameSuggestion.hint(for: name, among: names)); known: \(names.joined(separator: ", "))"
      )
    }
    return profile
  }
}
