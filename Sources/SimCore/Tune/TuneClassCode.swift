/// The per-class answer as code that picks its setting at run time: first by the platform the
/// phone runs (when the classes are on both), then by the RAM that platform reports, through its
/// own API:
/// - Kotlin: `ActivityManager.getMemoryInfo(MemoryInfo).totalMem` (bytes; AOSP
///   `ActivityManager.java`, API 16+); Android classes only;
/// - Swift: `ProcessInfo.processInfo.physicalMemory` (bytes; Foundation); iOS classes only;
/// - Dart: `Platform.isIOS` (dart:io), then device_info_plus `IosDeviceInfo.physicalRamSize` /
///   `AndroidDeviceInfo.physicalRamSize` (MB; fluttercommunity/plus_plugins);
/// - TSX: `Platform.OS` (react-native), then react-native-device-info `getTotalMemorySync()`
///   (bytes: `totalMem` on Android, `physicalMemory` on iOS);
/// - JavaScript: the user agent (iOS Safari and every iOS browser say `iPhone`, `iPad` or
///   `iPod`; none has `navigator.deviceMemory`, so iOS takes one branch), then
///   `navigator.deviceMemory`, which Chromium gives as the reported RAM rounded to the nearest
///   power of two in GiB and held to 0.25–8 (chromium/chromium
///   `third_party/blink/common/device_memory/approximated_device_memory.cc` @40d512a8,
///   `CalculateAndSetApproximatedDeviceMemory`): classes that round alike share a branch, and a
///   browser without it takes the middle one.
///
/// The thresholds sit midway between the RAM one class's phones report and the next class's on
/// the same platform (`DeviceProfiles.Profile.reportedMB`: an Android "4 GB" phone reports
/// about 3,686 MB, an iPhone 11 3,844 MB); a class named "scenario" (sessions that name no
/// phone) has the scenario's `memory.deviceMB` and joins every platform's switch. The code's
/// comment states the thresholds, the RAM assumed for each class, and any class the code
/// cannot tell apart from another.
extension TuneSpace {
  /// One branch of the per-class code: a class, its platform (nil: either), the RAM its phones
  /// report, its setting.
  package struct ClassBranch: Sendable {
    package var name: String
    package var platform: DevicePlatform?
    package var reportedMB: Double
    package var setting: [ParameterAssignment]

    package init(name: String, platform: DevicePlatform?, reportedMB: Double, setting: [ParameterAssignment]) {
      self.name = name
      self.platform = platform
      self.reportedMB = reportedMB
      self.setting = setting
    }

    /// Class `name`'s branch: its profile's platform and reported RAM, or the scenario's own.
    package init(name: String, scenario: Scenario, setting: [ParameterAssignment]) {
      let profile = DeviceProfiles.all.first { $0.name == name }
      self.init(
        name: name, platform: profile?.platform, reportedMB: profile?.reportedMB ?? scenario.memory.deviceMB,
        setting: setting)
    }
  }

  /// The RAM device class `name` assumes (MB, nominal): its profile's, or the scenario's own.
  package static func memoryMB(of name: String, scenario: Scenario) -> Double {
    DeviceProfiles.all.first { $0.name == name }?.deviceMB ?? scenario.memory.deviceMB
  }

  /// One arm of the decision, in the order the code tests them: taken when the platform matches
  /// (nil: any) and the RAM read is at most `limit` (nil: any), for the class `branch`.
  struct ClassArm {
    var platform: DevicePlatform?
    var limit: Double?
    var branch: ClassBranch
  }

  /// The decision the code makes, as a flat chain of arms (the first that holds is taken), what
  /// each platform reads (`read`: MB, or Chromium's GiB for the web), and notes for the comment.
  func classArms(_ branches: [ClassBranch]) -> (arms: [ClassArm], notes: [String]) {
    let fence = stack.fence
    let only: DevicePlatform? = fence == "kotlin" ? .android : fence == "swift" ? .ios : nil
    var notes: [String] = []
    let left = branches.filter { only != nil && $0.platform != nil && $0.platform != only }
    if let only, !left.isEmpty {
      notes.append(
        "\(left.map(\.name).joined(separator: ", ")): not \(only.label) phones, so not in this \(stack.language) code.")
    }
    var kept = branches.filter { only == nil || $0.platform == nil || $0.platform == only }
    if kept.isEmpty, let only {
      notes = ["no class is of \(only.label) phones: the branches follow their RAM alone."]
      kept = branches.map {
        var branch = $0
        branch.platform = nil
        return branch
      }
    }
    let platforms = Set(kept.compactMap(\.platform))
    let sides: [DevicePlatform?] = platforms.count > 1 ? DevicePlatform.allCases.map { $0 } : [nil]
    var arms: [ClassArm] = []
    for side in sides {
      let mine = kept.filter { side == nil || $0.platform == nil || $0.platform == side }
      var ordered = mine.sorted { (read($0, side), $0.name) < (read($1, side), $1.name) }
      if stack.inBrowser && side == .ios {
        // No iOS browser reads RAM: one branch, the class of the least RAM (the safest).
        if ordered.count > 1 {
          notes.append(
            "iOS browsers have no navigator.deviceMemory: every iPhone takes \(ordered[0].name)'s branch (\(ordered.dropFirst().map(\.name).joined(separator: ", ")) cannot be told apart)."
          )
        }
        ordered = Array(ordered.prefix(1))
      }
      // Classes the platform reports alike share the first one's branch.
      var distinct: [ClassBranch] = []
      for branch in ordered {
        if let last = distinct.last, read(last, side) == read(branch, side) {
          notes.append(
            "\(branch.name) reads \(readText(branch, side)) as \(last.name) does: it takes \(last.name)'s branch.")
          continue
        }
        distinct.append(branch)
      }
      for (index, branch) in distinct.enumerated() {
        let limit: Double? =
          index + 1 < distinct.count ? threshold(read(branch, side), read(distinct[index + 1], side)) : nil
        arms.append(ClassArm(platform: sides.count > 1 ? side : nil, limit: limit, branch: branch))
      }
    }
    return (arms, notes)
  }

  /// What the code reads on `side` for a class: MB, or on the web Chromium's GiB.
  func read(_ branch: ClassBranch, _ side: DevicePlatform?) -> Double {
    stack.inBrowser ? Self.deviceMemory(reportedMB: branch.reportedMB) : branch.reportedMB
  }

  private func readText(_ branch: ClassBranch, _ side: DevicePlatform?) -> String {
    stack.inBrowser
      ? "navigator.deviceMemory \(JSONWriter.number(read(branch, side)))"
      : "\(NumberText.fixed(branch.reportedMB, 0)) MB"
  }

  /// The limit between two reads: midway in MB; on the web the lower bucket itself.
  private func threshold(_ lower: Double, _ upper: Double) -> Double {
    stack.inBrowser ? lower : ((lower + upper) / 2).rounded()
  }

  /// `navigator.deviceMemory` in Chromium for a phone reporting `reportedMB` MiB: the nearest
  /// power of two (the lower on a tie), in GiB, held to 0.25–8.
  package static func deviceMemory(reportedMB: Double) -> Double {
    let mb = max(1, Int(reportedMB))
    var lower = 1
    while lower * 2 <= mb { lower *= 2 }
    let upper = lower * 2
    let nearest = mb - lower <= upper - mb ? lower : upper
    return min(max(Double(nearest) / 1024, 0.25), 8)
  }

  /// `branches` (any order) as code that switches on the platform and the RAM it reports, in
  /// the stack's language.
  package func classCode(_ branches: [ClassBranch], pageSize: Int, list: ListSpec = ListSpec()) -> String {
    guard branches.count > 1 else {
      return branches.first.map { code($0.setting, pageSize: pageSize, list: list) } ?? ""
    }
    guard ["tsx", "kotlin", "swift", "dart", "js"].contains(stack.fence) else {
      // A team's own strategy: the options per class, as comments.
      return branches.map { "# \($0.name): " + code($0.setting, pageSize: pageSize, list: list) }.joined(
        separator: "\n")
    }
    let (arms, notes) = classArms(branches)
    var lines = classHeader(branches, arms: arms, notes: notes)
    guard !arms.isEmpty else { return lines.joined(separator: "\n") }
    let bodies = arms.map { code($0.branch.setting, pageSize: pageSize, list: list).trimmingCharacters(in: .newlines) }
    guard arms.count > 1 else { return (lines + ["// \(arms[0].branch.name)", bodies[0]]).joined(separator: "\n") }
    if stack.fence == "tsx" && stack.inBrowser {
      // A web list's code is a component's body (its hooks): one whole component per class,
      // chosen once, so each calls the same hooks on every render.
      lines += memoryReading(arms)
      for (index, arm) in arms.enumerated() {
        let test = condition(arm, isLast: index == arms.count - 1).map { "\($0) ? " } ?? ""
        lines.append("\(index == 0 ? "const FeedList = " : "  : ")\(test)function FeedList() {  // \(arm.branch.name)")
        lines += bodies[index].split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
        lines += ["    return list;", "  }"]
      }
      lines[lines.count - 1] += ";"
      return lines.joined(separator: "\n")
    }
    if stack.fence == "tsx" {
      lines.append(
        "// Platform from react-native; total RAM from react-native-device-info's getTotalMemorySync() (bytes).")
      for (index, arm) in arms.enumerated() {
        let test = condition(arm, isLast: index == arms.count - 1).map { "\($0) ? " } ?? ""
        lines.append("\(index == 0 ? "" : ": ")\(test)( // \(arm.branch.name)")
        lines += bodies[index].split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        lines.append(")")
      }
      return lines.joined(separator: "\n")
    }
    lines += memoryReading(arms)
    for (index, arm) in arms.enumerated() {
      let test = condition(arm, isLast: index == arms.count - 1)
      let opening =
        index == 0
        ? "if \(wrap(test ?? "true")) {"
        : test.map { "} else if \(wrap($0)) {" } ?? "} else {"
      lines.append(opening)
      lines.append("    // \(arm.branch.name)")
      lines += bodies[index].split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// The comments the per-class code opens with: the RAM each class reports, the limits of
  /// the branches, and the notes of `classArms`.
  private func classHeader(_ branches: [ClassBranch], arms: [ClassArm], notes: [String]) -> [String] {
    let mb = { (value: Double) in NumberText.fixed(value, 0) }
    let order = { (branch: ClassBranch) in DevicePlatform.allCases.firstIndex { $0 == branch.platform } ?? -1 }
    let assumed = branches.sorted { (order($0), $0.reportedMB, $0.name) < (order($1), $1.reportedMB, $1.name) }.map {
      "\($0.name)\($0.platform.map { " (\($0.label))" } ?? "") \(mb($0.reportedMB)) MB"
    }
    var lines = [
      "// Per device class (scrollsim tune across the mix). RAM as each platform reports it: \(assumed.joined(separator: ", "));"
    ]
    let limits = arms.compactMap { arm in arm.limit.map { "\(arm.branch.name) up to \(limitText($0))" } }
    let rule =
      stack.inBrowser
      ? "each class up to its own navigator.deviceMemory" : "each class up to the midpoint to the next on its platform"
    lines.append(limits.isEmpty ? "// one branch per platform." : "// \(rule): \(limits.joined(separator: ", ")).")
    return lines + notes.map { "// " + $0 }
  }

  /// How the stack's code reads the platform and the RAM the branches test (not TSX, whose
  /// ternaries read them inline).
  private func memoryReading(_ arms: [ClassArm]) -> [String] {
    switch dialect {
    case "kotlin":
      return [
        "val activityManager = context.getSystemService(Context.ACTIVITY_SERVICE) as ActivityManager",
        "val totalMemoryMb = ActivityManager.MemoryInfo().also { activityManager.getMemoryInfo(it) }.totalMem / 1_048_576",
      ]
    case "swift":
      return ["let totalMemoryMb = ProcessInfo.processInfo.physicalMemory / 1_048_576"]
    case "dart":
      return [
        "final deviceInfo = DeviceInfoPlugin();  // device_info_plus",
        "final isIOS = Platform.isIOS;  // dart:io",
        "final totalMemoryMb = isIOS",
        "    ? (await deviceInfo.iosInfo).physicalRamSize",
        "    : (await deviceInfo.androidInfo).physicalRamSize;",
      ]
    default:  // js
      let android = arms.filter { $0.platform != .ios }
      let middle = android.isEmpty ? 4 : read(android[android.count / 2].branch, .android)
      return [
        "const isIOS = /iPhone|iPad|iPod/.test(navigator.userAgent);  // every iOS browser; none has navigator.deviceMemory",
        "const deviceMemory = navigator.deviceMemory ?? \(JSONWriter.number(middle));  // GiB, rounded to a power of two (Chromium)",
      ]
    }
  }

  /// The language the branches are written in: a browser's TSX reads the device as JavaScript.
  private var dialect: String { stack.inBrowser ? "js" : stack.fence }

  private func wrap(_ condition: String) -> String { stack.fence == "swift" ? condition : "(\(condition))" }

  private func limitText(_ limit: Double) -> String {
    stack.inBrowser ? "deviceMemory \(JSONWriter.number(limit))" : "\(NumberText.fixed(limit, 0)) MB"
  }

  /// An arm's test in the stack's language; nil for the last arm, which takes the rest.
  private func condition(_ arm: ClassArm, isLast: Bool) -> String? {
    guard !isLast else { return nil }
    var atoms: [String] = []
    if let platform = arm.platform {
      switch dialect {
      case "tsx": atoms.append("Platform.OS \(platform == .ios ? "===" : "!==") \"ios\"")
      case "dart", "js": atoms.append(platform == .ios ? "isIOS" : "!isIOS")
      default: break
      }
    }
    if let limit = arm.limit {
      switch dialect {
      case "tsx": atoms.append("DeviceInfo.getTotalMemorySync() / 1_048_576 <= \(NumberText.fixed(limit, 0))")
      case "js": atoms.append("deviceMemory <= \(JSONWriter.number(limit))")
      default: atoms.append("totalMemoryMb <= \(NumberText.fixed(limit, 0))")
      }
    }
    return atoms.isEmpty ? nil : atoms.joined(separator: " && ")
  }
}
