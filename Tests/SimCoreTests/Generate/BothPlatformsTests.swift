import Testing

@testable import SimCore

/// One population of both platforms: a device profile implies its platform, each session is
/// recorded on its platform's phone (physics, viewport, density, its profile's refresh rate),
/// and a cross-platform stack's strategy holds its images as that platform's library does.
@Suite struct BothPlatformsTests {
  static let population: GeneratedPopulation = {
    var population = GeneratedPopulation(
      kind: .feed, profile: SessionProfiles.feed, count: 24, seed: 5, device: Device(), seconds: 20)
    population.deviceMix = try! ProfileMix("android-4gb=0.5,iphone-6gb=0.5", kind: .device, option: "-")
    for platform in DevicePlatform.allCases { population.platformDevices[platform] = platform.typicalDevice }
    return population
  }()

  @Test func eachSessionIsRecordedOnItsPlatformsPhone() throws {
    var seen: Set<DevicePlatform> = []
    for index in 0..<Self.population.count {
      let trace = Self.population.session(index)
      let platform = try #require(trace.platform)
      seen.insert(platform)
      let profile = try DeviceProfiles.lookup(trace.deviceProfile!)
      #expect(trace.device.physics == (platform == .ios ? "ios" : "android"))
      #expect(trace.device.viewportWidth == (platform == .ios ? 390 : 412))
      #expect(trace.device.density == (platform == .ios ? 3 : 2.625))
      #expect(trace.device.refreshRate == profile.refreshRate)
    }
    #expect(seen == [.android, .ios])
  }

  /// React Native's image layer by platform: Fresco on Android, `RCTImageCache` on iOS (20 MiB,
  /// no decode over 2 MiB, at the view's size); FlashList keeps its recycle pool on both.
  @Test func reactNativeHoldsImagesAsEachPlatformDoes() throws {
    for name in ["flashlist", "flatlist"] {
      let strategy = try StrategyChoice(name: name, parameters: []).make()
      let android = strategy.memoryPolicy(on: .android)
      let ios = strategy.memoryPolicy(on: .ios)
      #expect(android == strategy.memoryPolicy(on: nil))
      #expect(android.memoryCache == .shareOfMemoryClass(0.25))
      #expect(ios.memoryCache == .bytes(20 * MemoryUnits.mb))
      #expect(ios.memoryCacheMaxImageBytes == 2 * MemoryUnits.mb)
      #expect(ios.decodeSize == .view)
      #expect(ios.pool == android.pool)
    }
    // A strategy of one platform holds its images the same on any phone.
    let glide = try StrategyChoice(name: "glide", parameters: []).make()
    #expect(glide.memoryPolicy(on: .ios) == glide.memoryPolicy(on: .android))
  }

  /// `--device` fixes every session's phone, and with it the platform a cross-platform list
  /// holds its images for: an Android session run on `--device iphone-6gb` holds iOS's caches,
  /// a session's own profile decides when no device is fixed.
  @Test func aFixedDeviceDecidesThePlatform() throws {
    var android = Self.population.session(0)
    android.deviceProfile = "android-4gb"
    let fixed = try Scenario.load(file: nil, profiles: SessionClass(device: "iphone-6gb"))
    #expect(fixed.platform(of: android) == .ios)
    #expect(try fixed.forSession(android).platform(of: android) == .ios)
    let own = try Scenario.load(file: nil)
    #expect(own.platform(of: android) == .android)
    let onAndroid = try Scenario.load(file: nil, profiles: SessionClass(device: "android-2gb"))
    var iphone = android
    iphone.deviceProfile = "iphone-6gb"
    #expect(onAndroid.platform(of: iphone) == .android)
    #expect(
      try Scenario.load(file: nil, profiles: SessionClass(device: "mid")).platform(of: Trace(input: .touches([])))
        == .ios)
    // The run holds RCTImageCache's 20 MiB, not Fresco's share of the memory class.
    let flashlist = try StrategyChoice(name: "flashlist", parameters: [])
    let onIPhone = try Simulation.run(
      trace: android, traceName: "a", scenario: fixed, strategy: flashlist, options: SimulationOptions())
    let asRecorded = try Simulation.run(
      trace: android, traceName: "a",
      scenario: try Scenario.load(file: nil, profiles: SessionClass(device: "android-4gb")),
      strategy: flashlist, options: SimulationOptions())
    #expect(onIPhone.metrics.peakMemory != asRecorded.metrics.peakMemory)
  }

  /// `RCTImageCache` keeps a decode of 2 MiB, not one byte more.
  @Test func theLargestImageKeptIsTwoMebibytes() {
    var cache = ImageCache(capacity: 20 * MemoryUnits.mb, maxEntryBytes: 2 * MemoryUnits.mb)
    _ = cache.insert(1, bytes: 2 * MemoryUnits.mb - 1)
    _ = cache.insert(2, bytes: 2 * MemoryUnits.mb)
    _ = cache.insert(3, bytes: 2 * MemoryUnits.mb + 1)
    #expect(cache.contains(1) && cache.contains(2) && !cache.contains(3))
  }

  /// `compare --by platform` breaks a population of both platforms into its two.
  @Test func aPopulationBreaksDownByPlatform() throws {
    var run = PopulationRun(
      sessions: Sessions((0..<Self.population.count).map(Self.population.namedSession)), scenario: .default,
      strategies: [try StrategyChoice(name: "flashlist", parameters: [])], options: SimulationOptions())
    run.by = .platform
    run.threads = 2
    let summary = try run.run()
    let classes = try #require(summary.breakdown).classes
    #expect(classes.map(\.name) == ["android", "ios"])
    #expect(classes.map { $0.summary.rows[0].sessions }.reduce(0, +) == Self.population.count)
  }
}
