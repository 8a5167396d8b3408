import Testing

@testable import SimCore

/// The per-class code routes every phone to its own class: the printed code's decision, read
/// back from its text and run on each class's platform and the RAM that platform reports
/// (`reportedMB`; on the web Chromium's `navigator.deviceMemory` of it), takes that class's
/// branch; and one MB either side of each threshold goes either way.
@Suite struct TuneClassCodeTests {
  /// A mix of both platforms, as a shopping app's users: Android 2, 4 and 8 GB, iPhones 4 and 6 GB.
  static let mixed = ["android-2gb", "android-4gb", "android-8gb", "iphone-4gb", "iphone-6gb"]
  static let stacks = ["react-native", "flashlist", "flutter", "android", "compose", "ios", "texture", "web"]

  /// One arm of the printed chain: its conditions and the class it is commented with.
  struct Arm {
    var platform: DevicePlatform?
    var limit: Double?
    var name: String
  }

  /// The decision chain as printed: each arm's condition and its class comment, in order.
  static func arms(_ code: String) -> [Arm] {
    let lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var arms: [Arm] = []
    for (index, line) in lines.enumerated() {
      var condition: String?
      var name: String?
      if let open = line.range(of: "( // "), !line.hasPrefix("//") {
        // TSX: `[: ][COND ? ]( // NAME`
        name = String(line[open.upperBound...])
        var head = String(line[..<open.lowerBound])
        if head.hasPrefix(": ") { head.removeFirst(2) }
        if head.hasSuffix(" ? ") { condition = String(head.dropLast(3)) }
      } else if line.hasPrefix("if ") || line.hasPrefix("} else if ") || line == "} else {" {
        // C-like: `if (COND) {`, `} else if (COND) {`, `} else {`, then `    // NAME`.
        if line != "} else {" {
          var text = line.replacingOccurrences(of: "} else if ", with: "").replacingOccurrences(of: "if ", with: "")
          text = String(text.dropLast(2))
          if text.hasPrefix("(") && text.hasSuffix(")") { text = String(text.dropFirst().dropLast()) }
          condition = text
        }
        let next = lines[index + 1].trimmingCharacters(in: .whitespaces)
        if next.hasPrefix("// ") { name = String(next.dropFirst(3)) }
      }
      guard let name else { continue }
      var arm = Arm(platform: nil, limit: nil, name: name)
      for atom in (condition ?? "").components(separatedBy: " && ") where !atom.isEmpty {
        if atom == "true" { continue }
        if atom.contains("ios") || atom.contains("isIOS") {
          let negated = atom.contains("!==") || atom.hasPrefix("!")
          arm.platform = negated ? .android : .ios
        } else if let range = atom.range(of: "<= ") {
          arm.limit = Double(atom[range.upperBound...])
        } else {
          Issue.record("an atom the reader does not know: \(atom)")
        }
      }
      arms.append(arm)
    }
    return arms
  }

  /// The class the code picks for a phone on `platform` that reads `value`.
  static func pick(_ arms: [Arm], platform: DevicePlatform, reads value: Double) -> String? {
    arms.first { ($0.platform == nil || $0.platform == platform) && ($0.limit.map { value <= $0 } ?? true) }?.name
  }

  static func code(_ stack: String, _ names: [String]) throws -> (code: String, space: TuneSpace) {
    let space = try TuneSpace(stack: try TuneStacks.named(stack))
    let branches = names.enumerated().map { index, name in
      TuneSpace.ClassBranch(name: name, scenario: .default, setting: space.current)
    }
    return (space.classCode(branches, pageSize: 20), space)
  }

  /// What the code reads on a phone of profile `name`, in its unit.
  static func reads(_ stack: String, _ profile: DeviceProfiles.Profile) -> Double {
    stack == "web" ? TuneSpace.deviceMemory(reportedMB: profile.reportedMB) : profile.reportedMB
  }

  @Test(arguments: stacks)
  func everyClassOfBothPlatformsTakesItsOwnBranch(_ stack: String) throws {
    let (code, _) = try Self.code(stack, Self.mixed)
    let arms = Self.arms(code)
    #expect(!arms.isEmpty, "\(code)")
    for name in Self.mixed {
      let profile = try DeviceProfiles.lookup(name)
      // Kotlin runs on Android phones only, Swift on iPhones only.
      if ["android", "compose"].contains(stack) && profile.platform == .ios
        || ["ios", "texture"].contains(stack) && profile.platform == .android
      {
        #expect(!arms.contains { $0.name == name }, "\(stack): \(name) should not be in the code")
        continue
      }
      let picked = Self.pick(arms, platform: profile.platform, reads: Self.reads(stack, profile))
      if stack == "web" && profile.platform == .ios && name != "iphone-4gb" {
        // No iOS browser reads RAM: every iPhone takes the least RAM's branch, and the code says so.
        #expect(picked == "iphone-4gb")
        #expect(code.contains("iOS browsers have no navigator.deviceMemory"))
        continue
      }
      #expect(
        picked == name,
        "\(stack): \(name) (\(profile.platform), \(profile.reportedMB) MB) took \(picked ?? "none")\n\(code)")
    }
  }

  /// The misrouting the issue found: an Android "4 GB" phone reports less than 4,096 MB and
  /// must not take an iPhone's branch; and each threshold routes one MB either side apart.
  @Test(arguments: ["react-native", "flashlist", "flutter"])
  func thresholdsRouteEachSideOfTheBoundary(_ stack: String) throws {
    let (code, _) = try Self.code(stack, Self.mixed)
    let arms = Self.arms(code)
    #expect(Self.pick(arms, platform: .android, reads: 3686) == "android-4gb")
    #expect(Self.pick(arms, platform: .ios, reads: 3686) == "iphone-4gb")
    for arm in arms {
      guard let limit = arm.limit, let platform = arm.platform else { continue }
      let after = arms.drop { $0.name != arm.name }.dropFirst().first { $0.platform == platform || $0.platform == nil }
      #expect(Self.pick(arms, platform: platform, reads: limit - 1) == arm.name)
      #expect(Self.pick(arms, platform: platform, reads: limit) == arm.name)
      #expect(Self.pick(arms, platform: platform, reads: limit + 1) == after?.name)
    }
    // The thresholds sit midway between the classes' reported RAM on the same platform.
    #expect(code.contains("<= 2765"), "\(code)")  // android 2 GB 1843 MB, 4 GB 3686 MB
    #expect(code.contains("<= 5530"))  // android 4 GB, 8 GB 7373 MB
    #expect(code.contains("<= 4747"))  // iPhone 11 3844 MB, 6 GB 5650 MB
  }

  /// Classes of one platform need no platform test; a class without a profile (the scenario's
  /// own) joins every platform's switch.
  @Test func onePlatformSwitchesOnRAMAlone() throws {
    let (code, _) = try Self.code("flashlist", ["android-2gb", "android-8gb"])
    #expect(!code.contains("Platform.OS"))
    let arms = Self.arms(code)
    #expect(Self.pick(arms, platform: .android, reads: 1843) == "android-2gb")
    #expect(Self.pick(arms, platform: .android, reads: 7373) == "android-8gb")
    let (withOwn, _) = try Self.code("flutter", ["android-4gb", "iphone-6gb", "scenario"])
    let ownArms = Self.arms(withOwn)
    #expect(ownArms.filter { $0.name == "scenario" }.count == 2, "\(withOwn)")
    #expect(Self.pick(ownArms, platform: .ios, reads: 5650) == "iphone-6gb")
    #expect(Self.pick(ownArms, platform: .android, reads: 3686) == "android-4gb")
  }

  /// Chromium's `navigator.deviceMemory`: the nearest power of two in GiB (the lower on a tie),
  /// held to 0.25–8 (`approximated_device_memory.cc`).
  @Test func deviceMemoryRoundsAsChromiumDoes() {
    #expect(TuneSpace.deviceMemory(reportedMB: 3686) == 4)
    #expect(TuneSpace.deviceMemory(reportedMB: 2765) == 2)  // 717 above 2048, 1331 below 4096
    #expect(TuneSpace.deviceMemory(reportedMB: 3072) == 2)  // a tie: the lower
    #expect(TuneSpace.deviceMemory(reportedMB: 3073) == 4)
    #expect(TuneSpace.deviceMemory(reportedMB: 100) == 0.25)
    #expect(TuneSpace.deviceMemory(reportedMB: 30_000) == 8)
    // Android 3 and 2 GB phones both read 2: the web code says they share a branch.
    let (code, _) = try! Self.code("web", ["android-2gb", "android-3gb", "android-8gb"])
    #expect(code.contains("android-3gb reads navigator.deviceMemory 2 as android-2gb does"), "\(code)")
  }

  /// The reported RAM: Android phones 0.9 of their nominal RAM (AOSP CTS: about 5.4 GB of
  /// 6 GB), iPhones as jetsam's measurements give their totals.
  @Test func profilesReportWhatThePlatformsAPIGives() throws {
    #expect(try DeviceProfiles.lookup("android-6gb").reportedMB == 5530)
    #expect(try DeviceProfiles.lookup("android-4gb").reportedMB < 4096)
    #expect(try DeviceProfiles.lookup("iphone-3gb").reportedMB == 2813)
    #expect(try DeviceProfiles.lookup("iphone-4gb").platform == .ios)
    #expect(try DeviceProfiles.lookup("android-2gb").platform == .android)
    for profile in DeviceProfiles.all {
      #expect(profile.reportedMB > 0 && profile.reportedMB <= profile.deviceMB + 0.5, "\(profile.name)")
    }
  }
}
