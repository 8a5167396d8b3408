import Testing

@testable import SimCore

/// React Native's image components by platform (`ReactNativeImages`): what each holds on an
/// iPhone and on Android, expo-image's `cachePolicy` on either side of each of its rules, and
/// what a revisit and a page's prefetch cost in a run.
@Suite struct ReactNativeImagesTests {
  private func policy(
    _ strategy: String, _ params: [String], on platform: DevicePlatform?
  ) throws -> MemoryPolicy {
    try StrategyChoice(name: strategy, parameters: params).make().memoryPolicy(on: platform)
  }

  /// React Native's `Image` is the default: Fresco with no device named, as before.
  @Test func reactNativesImageIsTheDefault() throws {
    #expect(try policy("flashlist", [], on: nil) == .flashList)
    #expect(try policy("flatlist", [], on: nil) == .fresco)
    #expect(try policy("flashlist", ["images=rn-image"], on: .ios) == .reactNativeIOS(pool: .highWater))
  }

  /// expo-image and fast-image draw through Glide on Android and SDWebImage on an iPhone: not
  /// Fresco's budget on an iPhone, whatever the list.
  @Test func theImageLibraryFollowsThePlatform() throws {
    for strategy in ["flashlist", "flatlist"] {
      let pool: RowPool = strategy == "flashlist" ? .highWater : .spare(0)
      let fastAndroid = try policy(strategy, ["images=fast-image"], on: .android)
      let fastIOS = try policy(strategy, ["images=fast-image"], on: .ios)
      #expect(fastAndroid.memoryCache == MemoryPolicy.glide.memoryCache)
      #expect(fastAndroid.decodeSize == .view && fastAndroid.diskCache == 250 * MemoryUnits.mb)
      #expect(fastIOS.memoryCache == .unlimited && fastIOS.trimsOnWarning && fastIOS.decodeSize == .source)
      #expect(fastAndroid.pool == pool && fastIOS.pool == pool)
      let expoIOS = try policy(strategy, ["images=expo-image", "cachePolicy=memory-disk"], on: .ios)
      #expect(expoIOS.memoryCache == .unlimited && expoIOS.diskCache == .infinity)
      #expect(expoIOS.memoryCache != MemoryPolicy.fresco.memoryCache)
    }
  }

  /// `createPropOptions`: the memory cache only for `memory` and `memory-disk`, the disk cache
  /// only for `disk` and `memory-disk`; without the memory cache only the view holds a decode,
  /// at its size.
  @Test(arguments: ReactNativeImages.CachePolicy.allCases, [DevicePlatform.android, .ios])
  func cachePolicyTurnsEachTierOnOrOff(_ cachePolicy: ReactNativeImages.CachePolicy, platform: DevicePlatform) throws {
    let held = try policy("flashlist", ["images=expo-image", "cachePolicy=\(cachePolicy.rawValue)"], on: platform)
    let library: MemoryPolicy = platform == .ios ? .sdWebImage : .glide
    let memory = cachePolicy == .memory || cachePolicy == .memoryDisk
    let disk = cachePolicy == .disk || cachePolicy == .memoryDisk
    #expect(held.memoryCache == (memory ? library.memoryCache : .bytes(0)))
    #expect(held.diskCache == (disk ? library.diskCache : 0))
    #expect(held.decodeSize == (memory ? library.decodeSize : .view))
    #expect(held.pool == .highWater)
  }

  /// A list scrolled 1,500 pt down and back, on an iPhone unless `profile` says otherwise (nil:
  /// none named, Android's).
  private func downAndBack(_ params: [String], profile: String? = "iphone-6gb") throws -> RunMetrics {
    let down = Fixtures.constantDrag(start: 0.1, steps: 30, step: 50, interval: 0.02)
    let back = Fixtures.constantDrag(start: 2, steps: 30, step: -50, interval: 0.02)
    var trace = Fixtures.trace(down + back, viewportHeight: 500)
    trace.deviceProfile = profile
    let scenario = Fixtures.scenario(
      pageSize: 20, initialItems: 60, totalItems: 200, pageLatency: 0.2, contentLatency: 0.1)
    return try Fixtures.run("flashlist", params: params, trace: trace, scenario: scenario).metrics
  }

  /// Rows scrolled back to on an iPhone (SDWebImage's unbounded memory tier): `none` asks the
  /// network again, `disk` reads its disk tier, and `memory-disk` its memory tier.
  @Test func aRevisitCostsWhatThePolicyKeeps() throws {
    let none = try downAndBack(["images=expo-image", "cachePolicy=none"])
    let disk = try downAndBack(["images=expo-image", "cachePolicy=disk"])
    let both = try downAndBack(["images=expo-image", "cachePolicy=memory-disk"])
    #expect(none.cacheHits == 0 && none.diskHits == 0)
    #expect(disk.cacheHits == 0 && disk.diskHits > 0)
    #expect(both.cacheHits > 0)
    #expect(none.contentRequests > disk.contentRequests)
    #expect(disk.contentRequests == both.contentRequests)
  }

  /// On Android, the default `disk` reads Glide's disk tier back and `none` the network.
  @Test func onAndroidTheDiskTierServesARevisit() throws {
    let none = try downAndBack(["images=expo-image", "cachePolicy=none"], profile: nil)
    let disk = try downAndBack(["images=expo-image"], profile: nil)
    #expect(disk.diskHits > 0 && none.diskHits == 0)
    #expect(none.contentRequests > disk.contentRequests)
  }

  /// On an iPhone, expo-image's default (`disk`) keeps no decode once a row is recycled;
  /// `memory-disk` keeps every one in SDWebImage's unbounded cache.
  @Test func onAnIPhoneTheMemoryTierHoldsMore() throws {
    let disk = try downAndBack(["images=expo-image"])
    let both = try downAndBack(["images=expo-image", "cachePolicy=memory-disk"])
    #expect(both.peakMemory > disk.peakMemory)
    #expect(both.decodedMemoryAtEnd > disk.decodedMemoryAtEnd)
  }

  /// `prefetch=page` asks for every image of a page as it lands, not only the engaged rows'.
  @Test func aPrefetchedPageRequestsEveryImage() throws {
    let down = Fixtures.constantDrag(start: 0.1, steps: 30, step: 50, interval: 0.02)
    // A touch two seconds on, so that the session lasts until the prefetches have landed.
    let later = Fixtures.constantDrag(start: 3, steps: 1, step: 1, interval: 0.02)
    let trace = Fixtures.trace(down + later, viewportHeight: 500)
    let scenario = Fixtures.scenario(
      pageSize: 20, initialItems: 20, totalItems: 200, pageLatency: 0.2, contentLatency: 0.1)
    let plain = try Fixtures.run("flashlist", params: ["images=expo-image"], trace: trace, scenario: scenario)
    let prefetched = try Fixtures.run(
      "flashlist", params: ["images=expo-image", "prefetch=page"], trace: trace, scenario: scenario)
    #expect(plain.metrics.pageRequests >= 1)
    #expect(prefetched.metrics.pageRequests == plain.metrics.pageRequests)
    #expect(prefetched.metrics.contentRequests >= plain.metrics.contentRequests + 10)
    #expect(prefetched.metrics.bytes > plain.metrics.bytes)
  }

  /// The code names the component and the prefetch only when they are set.
  @Test func theCodeNamesTheComponentWhenItIsSet() throws {
    for name in ["flashlist", "react-native"] {
      let stack = try TuneStacks.named(name)
      let plain = try TuneSpace(stack: stack)
      #expect(!plain.code(plain.current, pageSize: 20).contains("expo-image"))
      let expo = try TuneSpace(
        stack: stack,
        from: try ["images=expo-image", "cachePolicy=memory-disk", "prefetch=page"].map {
          try ParameterAssignment(parsing: $0)
        })
      let code = expo.code(expo.current, pageSize: 20)
      #expect(code.contains("cachePolicy=\"memory-disk\""), "\(name)")
      #expect(code.contains("Image.prefetch("), "\(name)")
      // Searched only when named.
      #expect(!plain.parameters.contains { $0.name.key == "cachePolicy" && $0.isSearched })
      #expect(try TuneSpace(stack: stack, knobs: ["cachePolicy"]).gridSize == 4)
    }
  }

  /// A value the parameters do not take is refused, naming it.
  @Test func anUnknownCachePolicyIsRefused() {
    #expect(throws: SimError.self) {
      try StrategyChoice(name: "flashlist", parameters: ["cachePolicy=memory-only"])
    }
  }
}
