import Foundation
import Testing

@testable import SimCore

/// Scenario files (Scenario/ScenarioDecoding.swift, ScenarioSections.swift): layered over the
/// defaults, one decoder per section, every mistake refused by its JSON path, every range
/// checked just inside, on and just outside its bounds (ScenarioLimits.swift).
@Suite struct ScenarioDecodingTests {
  /// `--set path=value` over the defaults: the scenario, or the error's text.
  static func set(_ overrides: String...) -> Result<Scenario, SimError> {
    do throws(SimError) {
      return .success(try Scenario.load(file: nil, overrides: overrides))
    } catch {
      return .failure(error)
    }
  }

  static func refused(_ override: String, path: String, saying words: String) {
    switch set(override) {
    case .success: Issue.record("\(override) was accepted")
    case .failure(let error):
      #expect(error.path == path, "\(override): \(error)")
      #expect(error.message.contains(words), "\(override): \(error)")
    }
  }

  /// What `scrollsim scenario` writes reads back as the same scenario: the defaults, each
  /// device and network applied, and one with every section changed.
  @Test func theScenarioAsJSONReadsBackTheSame() throws {
    var custom = Scenario.default
    custom.list = ListSpec(heights: .explicit([100, 250.5]), columns: 3)
    custom.feed = FeedSpec(kind: .placeholder, pageSize: 10, initialItems: 30, totalItems: 900)
    custom.network.content.latency = .lognormal(median: 0.2, p95: 0.9)
    custom.cell = CellSpec(hasContent: false, renderTime: .fixed(0.01), renderWorkers: 4)
    custom.cache = CacheSpec(memory: 0, disk: 5e7, diskReadTime: .fixed(0.004), start: .warm, warmRows: 40)
    custom.memory = MemorySpec(
      deviceMB: 1024, limitMB: nil, warningMB: 500, memoryClassMB: 96, baselineMB: 80, rowKB: 12)
    custom.image = ImageSpec(sourceWidth: .uniform(min: 640, max: 1440), bytesPerPixel: 2, decodeSize: .view)
    custom.display.refreshRate = 120
    custom.mainThread.bind = .asynchronous
    custom.stall = StallSpec(policy: .continue, giveUpAfter: 5)
    var scenarios = [Scenario.default, custom]
    for device in DeviceProfiles.names {
      scenarios.append(try Scenario.load(file: nil, overlays: [try DeviceProfiles.lookup(device).json]))
    }
    for network in NetworkProfiles.names { scenarios.append(try Scenario.default.onNetwork(network)) }
    for scenario in scenarios { #expect(try Scenario.decode(scenario.json) == scenario.asWritten) }
  }

  /// Each section refuses a key it does not know, by path, with the nearest known one.
  @Test func unknownKeysAreRefusedInEverySection() {
    Self.refused("list.colums=2", path: "$.list.colums", saying: "did you mean \"columns\"")
    Self.refused("feed.pagesize=10", path: "$.feed.pagesize", saying: "did you mean \"pageSize\"")
    Self.refused("network.link.latncy=1", path: "$.network.link.latncy", saying: "unknown field")
    Self.refused("network.page.retrys=1", path: "$.network.page.retrys", saying: "unknown field")
    Self.refused("cell.workers=2", path: "$.cell.workers", saying: "unknown field")
    Self.refused("cache.size=2", path: "$.cache.size", saying: "unknown field")
    Self.refused("display.hz=60", path: "$.display.hz", saying: "unknown field")
    Self.refused("mainThread.bindCost=1", path: "$.mainThread.bindCost", saying: "unknown field")
    Self.refused("stall.after=1", path: "$.stall.after", saying: "unknown field")
    Self.refused("lists.columns=2", path: "$.lists", saying: "did you mean \"list\"")
  }

  /// Integer ranges: just inside, on, and just outside each bound.
  @Test func integerRangesAtTheirBounds() throws {
    for (path, low, high) in [
      ("list.columns", 1, 64), ("cell.renderWorkers", 1, 64), ("display.refreshRate", 1, 480),
      ("network.content.maxInFlight", 1, 1000), ("network.page.retries", 0, 20),
    ] {
      for accepted in [low, low + 1, high - 1, high] {
        #expect(throws: Never.self, "\(path)=\(accepted)") { try Self.set("\(path)=\(accepted)").get() }
      }
      for refused in [low - 1, high + 1] {
        #expect(throws: SimError.self, "\(path)=\(refused)") { try Self.set("\(path)=\(refused)").get() }
      }
    }
    // pageSize 1...100 000 (initialItems a multiple of it: set both).
    for (size, ok) in [(1, true), (100_000, true), (0, false), (100_001, false)] {
      let result = Self.set("feed.pageSize=\(size)", "feed.initialItems=\(size)")
      #expect(((try? result.get()) != nil) == ok, "pageSize \(size)")
    }
  }

  /// A scenario from before the cache tiers names one cache, `cache.capacity` (the bench's
  /// `../shared/bench/equivalent-scenario.json` does): it reads as the memory tier with no disk
  /// tier unless one is given; beside `cache.memory` it is refused.
  @Test func theOldCacheCapacityIsTheMemoryTier() throws {
    let old = try Self.set("cache.capacity=5").get()
    #expect(old.cache.memory == 5 && old.cache.disk == 0)
    #expect(try Self.set("cache.capacity=5", "cache.disk=9").get().cache.disk == 9)
    switch Self.set("cache.capacity=5", "cache.memory=7") {
    case .success: Issue.record("capacity beside memory was accepted")
    case .failure(let error):
      #expect(error.path == "$.cache.capacity" && error.message.contains("old name of cache.memory"))
    }
    #expect(throws: SimError.self) { try Self.set("cache.capacity=-1").get() }
  }

  /// Number ranges: seconds to an hour, a timeout above 0, probabilities to 1, bytes to 10 GB.
  @Test func numberRangesAtTheirBounds() throws {
    for (path, accepted, refused) in [
      ("network.link.latency", ["0", "3600"], ["-1e-9", "3600.000001"]),
      ("network.content.timeout", ["1e-6", "3600"], ["0", "3600.000001"]),
      ("network.link.loss", ["0", "1"], ["-0.000001", "1.000001"]),
      ("network.page.failureRate", ["0", "1"], ["1.000001"]),
      ("cache.memory", ["0", "10000000000"], ["-1", "10000000001"]),
      ("cache.disk", ["0", "10000000000"], ["-1", "10000000001"]),
      ("cache.warmRows", ["0", "100000"], ["-1", "100001"]),
      ("memory.rowKB", ["0", "9765625"], ["-1", "9765626"]),
      ("image.bytesPerPixel", ["0.125", "16"], ["0.12", "16.01"]),
      ("stall.giveUpAfter", ["1e-6", "86400"], ["0", "86400.001"]),
      ("network.link.downlinkMbps", ["0.001", "1000000"], ["0.0009", "1000001"]),
      ("mainThread.frameTime", ["0", "3600"], ["-0.001", "3601"]),
    ] {
      for value in accepted {
        #expect(throws: Never.self, "\(path)=\(value)") { try Self.set("\(path)=\(value)").get() }
      }
      for value in refused {
        #expect(throws: SimError.self, "\(path)=\(value)") { try Self.set("\(path)=\(value)").get() }
      }
    }
  }

  /// The rules that tie fields together, each named where it breaks.
  @Test func fieldsThatDependOnEachOther() {
    Self.refused("feed.initialItems=25", path: "$.feed.initialItems", saying: "multiple of pageSize (20)")
    Self.refused("feed.kind=placeholder", path: "$.feed.totalItems", saying: "required for a placeholder feed")
    Self.refused("memory.limitMB=150", path: "$.memory.limitMB", saying: "must be above baselineMB (150)")
    Self.refused("image.sourceWidth=0.5", path: "$.image.sourceWidth", saying: "at least 1 px")
    switch Self.set("feed.totalItems=10") {
    case .success: Issue.record("fewer items than the first page was accepted")
    case .failure(let error):
      #expect(error.path == "$.feed.totalItems" && error.message.contains("at least initialItems"))
    }
    Self.refused("list.itemHeight=0", path: "$.list.itemHeight", saying: "must be greater than 0")
    Self.refused("list.itemHeight=[]", path: "$.list.itemHeight", saying: "is empty")
    Self.refused(
      "mainThread.bind=sideways", path: "$.mainThread.bind",
      saying: "expected one of platform, synchronous, asynchronous")
    Self.refused("stall.policy=maybe", path: "$.stall.policy", saying: "expected one of wait, continue")
  }

  /// A height is one number, a list, or a distribution; "platform" keeps a strategy's placement.
  @Test func sectionsReadEachOfTheirForms() throws {
    #expect(try Self.set("list.itemHeight=80").get().list.heights == .uniform(80))
    #expect(try Self.set("list.itemHeight=[50,60]").get().list.heights == .explicit([50, 60]))
    #expect(
      try Self.set(#"list.itemHeight={"kind":"fixed","value":90}"#).get().list.heights
        == .distribution(.fixed(90)))
    #expect(try Self.set("mainThread.decode=platform").get().mainThread.decode == nil)
    #expect(try Self.set("mainThread.decode=main").get().mainThread.decode == .main)
    #expect(try Self.set("display.refreshRate=null").get().display.refreshRate == nil)
  }
}
