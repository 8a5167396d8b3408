/// Named devices (`--device NAME`): render cost, render workers, main-thread costs, memory
/// (RAM, the kill limit, Android's memory class) and refresh rate.
///
/// These are scrollsim's assumptions, stated as such: render times bracket the decode-and-draw
/// of a feed photo on each class of phone against the frame budgets they must meet (16.7 ms at
/// 60 Hz, 11.1 ms at 90 Hz, 8.3 ms at 120 Hz); main-thread costs (`MainThreadSpec`: the
/// frame's own work, binds, page layout) scale with the render time's factor: 3× the mid
/// phone's on the low-end one, half on the flagship. Memory is measured, not assumed
/// (`../shared/reference/memory.md` §5): each class's RAM and the footprint at which jetsam
/// killed a test app (Stack Overflow 5887248: iPhone 6 645 of 1024 MB, iPhone XR 1792 of 2813,
/// iPhone 11 2068 of 3844), and Android's memory class of AOSP's presets (192 MB for 1, 2 and
/// 4 GB phones; 256 MB on some OEMs' flagships), from which Android's image libraries size
/// their caches. Measure your app and set the numbers with `--set`.
///
/// The Android phones by RAM (`android-2gb` … `android-8gb`) take their memory class from the
/// `dalvik.vm.heapgrowthlimit` of the platform's presets (`LineageOS/android_frameworks_native`
/// `build/`: `phone-xhdpi-2048-dalvik-heap.mk` @6663bcd6 192 MB, `phone-xxhdpi-3072-dalvik-heap.mk`
/// @06e59471 256 MB, `phone-xhdpi-4096-dalvik-heap.mk` @0a2e965f 192 MB, `phone-xhdpi-6144-
/// dalvik-heap.mk` @0a2e965f 256 MB, `phone-xhdpi-8192-dalvik-heap.mk` @14a853d4 256 MB; an
/// OEM may set its own). Android's low-memory killer has no fixed per-app limit (lmkd kills by
/// pressure, and a foreground app gets no trim warning since API 34): the kill limit is an
/// ASSUMPTION, `androidKillShare` of the RAM, the middle of the shares jetsam measured on
/// iPhones (50–63 %). Their render costs and refresh rates are ASSUMPTIONS by class: 2 GB as
/// the low-end phone, 4 GB as the mid one, 8 GB as the flagship, 3 and 6 GB between.
///
/// The iPhones by RAM (`iphone-1gb` … `iphone-6gb`) take jetsam's measured limits where there
/// is one (Stack Overflow 5887248: 1 GB, iPhone 6, 645 of 1024 MB; 3 GB, iPhone XR, 1792 of
/// 2813 MB — an iPhone X was killed at 1392 of 2785; 4 GB, iPhone 11, 2068 of 3844 MB); for 2
/// and 6 GB there is none, and the limit is an ASSUMPTION, `iPhoneKillShare` of the RAM (the
/// mean of the four measured shares). iPhones draw at 60 Hz but the Pro models since the 13
/// Pro (6 GB, 120 Hz); render costs as the Android phones of the same RAM (ASSUMPTIONS).
///
/// **The RAM a phone reports** (`reportedMB`, what per-class code reads) is less than its
/// nominal RAM, as the kernel does not see the memory firmware and hardware reserve:
/// - Android's `ActivityManager.MemoryInfo.totalMem` (the kernel's `MemTotal`): "around 5.4 GB
///   on a 6 GB device", and 8 GB devices at least 6,800 MB (AOSP CTS
///   `tests/mediapc/common/src/android/mediapc/cts/common/Utils.java` @6e9fc1e3,
///   msft-mirror-aosp/platform.cts: `MIN_MEMORY_PERF_CLASS_CANDIDATE_MB = 5 * 1024`,
///   `MIN_MEMORY_PERF_CLASS_T_MB = 6800`): `androidReportedShare` 0.9 of the nominal RAM, for
///   every size an ASSUMPTION from the 6 GB figure.
/// - iOS's `ProcessInfo.physicalMemory`: the totals jetsam's measurements give (Stack Overflow
///   5887248: iPhone 6 1024 MB, iPhone XR 2813 of 3 GB, iPhone 11 3844 of 4 GB, iPad Pro 2018
///   5650 of 6 GB); a 2 GB iPhone at `iPhoneReportedShare` of the nominal (the mean of the
///   X's 2785, the XR's, the 11's and the iPad's shares: ASSUMPTION), a 6 GB one as the iPad.
/// Measure your own: log `totalMem` or `physicalMemory` by model in your analytics.
package enum DeviceProfiles {
  /// The share of RAM at which an Android phone's foreground app is taken to be killed.
  package static let androidKillShare = 0.6
  /// The share of RAM at which jetsam is taken to kill an iPhone app where none was measured:
  /// the mean of 62, 50, 63 and 54 % (iPhone 6, X, XR, 11).
  package static let iPhoneKillShare = 0.57
  /// The share of its nominal RAM an Android phone reports (`MemoryInfo.totalMem`).
  package static let androidReportedShare = 0.9
  /// The share of its nominal RAM an iPhone reports (`physicalMemory`) where none was measured:
  /// the mean of 2785 / 3072, 2813 / 3072, 3844 / 4096 and 5650 / 6144.
  package static let iPhoneReportedShare = 0.92

  package struct Profile: Sendable {
    package var name: String
    package var renderTime: Distribution
    package var renderWorkers: Int
    /// RAM, the kill limit and the memory class (MB).
    package var deviceMB: Double
    package var limitMB: Double
    package var memoryClassMB: Double
    package var refreshRate: Int
    /// The main thread's costs as a multiple of the defaults (`MainThreadSpec()`).
    package var cpuFactor: Double
    package var note: String
    /// The platform the phone runs.
    package var platform: DevicePlatform = .ios
    /// The RAM the platform's API reports (MB): `MemoryInfo.totalMem`, `physicalMemory`.
    package var reportedMB: Double = 0

    /// The main thread's costs on this device.
    package var mainThread: MainThreadSpec {
      let base = MainThreadSpec()
      guard case .uniform(let low, let high) = base.bindTime else { return base }
      return MainThreadSpec(
        frameTime: base.frameTime * cpuFactor, inputTime: base.inputTime * cpuFactor,
        bindTime: .uniform(min: low * cpuFactor, max: high * cpuFactor),
        layoutPageTime: base.layoutPageTime * cpuFactor, layoutRowTime: base.layoutRowTime * cpuFactor)
    }

    /// The profile as a scenario overlay.
    package var json: JSONValue {
      .object([
        ("cell", .object([("renderTime", renderTime.json), ("renderWorkers", .int(renderWorkers))])),
        (
          "memory",
          .object([
            ("deviceMB", .number(deviceMB)), ("limitMB", .number(limitMB)), ("memoryClassMB", .number(memoryClassMB)),
          ])
        ),
        ("display", .object([("refreshRate", .int(refreshRate))])),
        ("mainThread", .object(mainThread.costFields)),
      ])
    }
  }

  package static let all: [Profile] = [
    Profile(
      name: "low-end", renderTime: .uniform(min: 0.012, max: 0.036), renderWorkers: 2, deviceMB: 1024, limitMB: 645,
      memoryClassMB: 192, refreshRate: 60, cpuFactor: 3,
      note: "an entry-level phone, iPhone 6 class: slow cores, 1 GB, killed at 645 MB", platform: .ios,
      reportedMB: 1024),
    Profile(
      name: "mid", renderTime: .uniform(min: 0.004, max: 0.012), renderWorkers: 2, deviceMB: 2813, limitMB: 1792,
      memoryClassMB: 192, refreshRate: 90, cpuFactor: 1,
      note: "a mid-range phone, iPhone XR class (the default scenario's render cost and memory)", platform: .ios,
      reportedMB: 2813),
    Profile(
      name: "high", renderTime: .uniform(min: 0.002, max: 0.006), renderWorkers: 4, deviceMB: 3844, limitMB: 2068,
      memoryClassMB: 256, refreshRate: 120, cpuFactor: 0.5,
      note: "a flagship with a 120 Hz display, iPhone 11 class: killed at 2068 MB", platform: .ios,
      reportedMB: 3844),
    android(gigabytes: 2, memoryClassMB: 192, render: (0.012, 0.036), workers: 2, refreshRate: 60, cpuFactor: 3),
    android(gigabytes: 3, memoryClassMB: 256, render: (0.008, 0.024), workers: 2, refreshRate: 60, cpuFactor: 2),
    android(gigabytes: 4, memoryClassMB: 192, render: (0.004, 0.012), workers: 2, refreshRate: 90, cpuFactor: 1),
    android(gigabytes: 6, memoryClassMB: 256, render: (0.003, 0.009), workers: 4, refreshRate: 120, cpuFactor: 0.75),
    android(gigabytes: 8, memoryClassMB: 256, render: (0.002, 0.006), workers: 4, refreshRate: 120, cpuFactor: 0.5),
    iPhone(
      gigabytes: 1, deviceMB: 1024, limitMB: 645, render: (0.012, 0.036), workers: 2, refreshRate: 60, cpuFactor: 3,
      measuredOn: "iPhone 6", reportedMB: 1024),
    iPhone(
      gigabytes: 2, deviceMB: 2048, limitMB: nil, render: (0.008, 0.024), workers: 2, refreshRate: 60, cpuFactor: 2,
      measuredOn: nil, reportedMB: nil),
    iPhone(
      gigabytes: 3, deviceMB: 2813, limitMB: 1792, render: (0.004, 0.012), workers: 2, refreshRate: 60, cpuFactor: 1,
      measuredOn: "iPhone XR", reportedMB: 2813),
    iPhone(
      gigabytes: 4, deviceMB: 3844, limitMB: 2068, render: (0.003, 0.009), workers: 2, refreshRate: 60, cpuFactor: 0.75,
      measuredOn: "iPhone 11", reportedMB: 3844),
    iPhone(
      gigabytes: 6, deviceMB: 6144, limitMB: nil, render: (0.002, 0.006), workers: 4, refreshRate: 120, cpuFactor: 0.5,
      measuredOn: nil, reportedMB: 5650),
  ]

  /// An iPhone of `gigabytes` of RAM: the RAM and kill limit jetsam was measured at on
  /// `measuredOn`, or (nil) `iPhoneKillShare` of it. iOS has no memory class; Android's
  /// default stands in for what Android libraries would read. `reportedMB`: what
  /// `physicalMemory` gives, measured (nil: `iPhoneReportedShare` of the nominal RAM).
  static func iPhone(
    gigabytes: Int, deviceMB: Double, limitMB: Double?, render: (Double, Double), workers: Int, refreshRate: Int,
    cpuFactor: Double, measuredOn: String?, reportedMB: Double?
  ) -> Profile {
    let limit = limitMB ?? (deviceMB * iPhoneKillShare).rounded()
    let source = measuredOn.map { "as measured on an \($0)" } ?? "(ASSUMPTION)"
    return Profile(
      name: "iphone-\(gigabytes)gb", renderTime: .uniform(min: render.0, max: render.1), renderWorkers: workers,
      deviceMB: deviceMB, limitMB: limit, memoryClassMB: 192, refreshRate: refreshRate, cpuFactor: cpuFactor,
      note:
        "an iPhone with \(gigabytes) GB: killed by jetsam at \(JSONWriter.number(limit)) MB \(source), \(refreshRate) Hz",
      platform: .ios, reportedMB: reportedMB ?? (Double(gigabytes * 1024) * iPhoneReportedShare).rounded())
  }

  /// An Android phone of `gigabytes` of RAM (GiB, as phones count it), killed at
  /// `androidKillShare` of it.
  static func android(
    gigabytes: Int, memoryClassMB: Double, render: (Double, Double), workers: Int, refreshRate: Int, cpuFactor: Double
  ) -> Profile {
    let ram = Double(gigabytes * 1024)
    let limit = (ram * androidKillShare).rounded()
    return Profile(
      name: "android-\(gigabytes)gb", renderTime: .uniform(min: render.0, max: render.1), renderWorkers: workers,
      deviceMB: ram, limitMB: limit, memoryClassMB: memoryClassMB, refreshRate: refreshRate, cpuFactor: cpuFactor,
      note:
        "an Android phone with \(gigabytes) GB: memory class \(JSONWriter.number(memoryClassMB)) MB, killed at \(JSONWriter.number(limit)) MB (ASSUMPTION), \(refreshRate) Hz",
      platform: .android, reportedMB: (ram * androidReportedShare).rounded())
  }

  package static var names: [String] { all.map(\.name) }

  package static func lookup(_ name: String) throws(SimError) -> Profile {
    guard let profile = all.first(where: { $0.name == name }) else {
      throw SimError(
        .usage,
        "unknown device profile \"\(name)\"\(NameSuggestion.hint(for: name, among: names)); known: \(names.joined(separator: ", "))"
      )
    }
    return profile
  }
}
