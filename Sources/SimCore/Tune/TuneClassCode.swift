/// The per-class answer as code that picks its setting by the phone's RAM at run time, through
/// the platform's own API:
/// - Kotlin: `ActivityManager.getMemoryInfo(MemoryInfo).totalMem` (bytes; AOSP
///   `ActivityManager.java`, API 16+);
/// - Swift: `ProcessInfo.processInfo.physicalMemory` (bytes; Foundation);
/// - Dart: device_info_plus `AndroidDeviceInfo.physicalRamSize` / `IosDeviceInfo.physicalRamSize`
///   (MB; fluttercommunity/plus_plugins);
/// - TSX: react-native-device-info `getTotalMemorySync()` (bytes);
/// - JavaScript: `navigator.deviceMemory` (GiB, rounded down to a power of two and capped at 8 by
///   the Device Memory spec; Chromium only, so a browser without it takes the middle branch).
///
/// Each class covers RAM up to the midpoint between its profile's RAM and the next class's
/// (`DeviceProfiles`: low-end 1024 MB, mid 2813 MB, high 3844 MB, …; a class named "scenario" the
/// scenario's `memory.deviceMB`): phones report a little less than their nominal RAM, and a
/// midpoint leaves room either way. The thresholds are stated in the code's comment.
extension TuneSpace {
  /// One branch of the per-class code: a class, the RAM its profile assumes, its setting.
  public struct ClassBranch: Sendable {
    public var name: String
    public var memoryMB: Double
    public var setting: [ParameterAssignment]

    public init(name: String, memoryMB: Double, setting: [ParameterAssignment]) {
      self.name = name
      self.memoryMB = memoryMB
      self.setting = setting
    }
  }

  /// The RAM device class `name` assumes (MB): its profile's, or the scenario's own.
  public static func memoryMB(of name: String, scenario: Scenario) -> Double {
    DeviceProfiles.all.first { $0.name == name }?.deviceMB ?? scenario.memory.deviceMB
  }

  /// `branches` (any order) as code that switches on the device's RAM, in the stack's language.
  public func classCode(_ branches: [ClassBranch], pageSize: Int) -> String {
    let sorted = branches.sorted { ($0.memoryMB, $0.name) < ($1.memoryMB, $1.name) }
    guard sorted.count > 1 else { return sorted.first.map { code($0.setting, pageSize: pageSize) } ?? "" }
    let limits = zip(sorted, sorted.dropFirst()).map { (($0.memoryMB + $1.memoryMB) / 2).rounded() }
    let mb = { (value: Double) in NumberText.fixed(value, 0) }
    let assumed = sorted.map { "\($0.name) \(mb($0.memoryMB)) MB" }.joined(separator: ", ")
    let bounds = limits.map { mb($0) }.joined(separator: " and ")
    var lines = [
      "// Per device class (scrollsim tune across the mix). RAM as scrollsim's profiles assume it: \(assumed);",
      "// each class up to the midpoint to the next: \(bounds) MB.",
    ]
    let bodies = sorted.map { code($0.setting, pageSize: pageSize).trimmingCharacters(in: .newlines) }
    switch stack.fence {
    case "tsx":
      lines.append("// Total RAM from react-native-device-info's getTotalMemorySync() (bytes).")
      for (index, body) in bodies.enumerated() {
        let test =
          index < limits.count ? "DeviceInfo.getTotalMemorySync() / 1_048_576 <= \(mb(limits[index])) ? " : ""
        lines.append("\(index == 0 ? "" : ": ")\(test)( // \(sorted[index].name)")
        lines += body.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        lines.append(")")
      }
      return lines.joined(separator: "\n")
    case "kotlin":
      lines += [
        "val activityManager = context.getSystemService(Context.ACTIVITY_SERVICE) as ActivityManager",
        "val totalMemoryMb = ActivityManager.MemoryInfo().also { activityManager.getMemoryInfo(it) }.totalMem / 1_048_576",
      ]
    case "swift":
      lines.append("let totalMemoryMb = ProcessInfo.processInfo.physicalMemory / 1_048_576")
    case "dart":
      lines += [
        "final deviceInfo = DeviceInfoPlugin();  // device_info_plus",
        "final totalMemoryMb = Platform.isIOS",
        "    ? (await deviceInfo.iosInfo).physicalRamSize",
        "    : (await deviceInfo.androidInfo).physicalRamSize;",
      ]
    case "js":
      lines.append(
        "const totalMemoryMb = (navigator.deviceMemory ?? \(NumberText.fixed((sorted[sorted.count / 2].memoryMB / 1024).rounded(.down), 0))) * 1024;  // GiB, Chromium only"
      )
    default:
      // A team's own strategy: the options per class, as comments around the first.
      return (sorted.map { "# \($0.name): " + code($0.setting, pageSize: pageSize) }).joined(separator: "\n")
    }
    let condition = { (limit: String) in
      self.stack.fence == "swift" ? "totalMemoryMb <= \(limit)" : "(totalMemoryMb <= \(limit))"
    }
    for (index, body) in bodies.enumerated() {
      let opening =
        index == 0
        ? "if \(condition(mb(limits[0]))) {"
        : index < limits.count ? "} else if \(condition(mb(limits[index]))) {" : "} else {"
      lines.append(opening)
      lines.append("    // \(sorted[index].name)")
      lines += body.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }
}
