import Foundation
import Testing

@testable import SimCore

/// Drives a `Network` on its own event queue and records its timeline.
final class NetworkHarness {
  private var queue = EventQueue(refreshRate: 60)
  private(set) var timeline: [(t: Double, event: String, index: Int)] = []
  private(set) var outcomes: [(t: Double, outcome: String, index: Int)] = []
  var network: Network
  var now: SimTime { queue.now }

  init(_ spec: NetworkSpec, seed: UInt64 = 1) {
    network = Network(spec: spec, seed: seed, keepsNotes: true)
  }

  /// Issues a request now, or at `seconds` (after the events before it have run).
  func issue(
    _ index: Int, _ priority: RequestPriority = .preload, kind: RequestKind = .content, at seconds: Double? = nil
  ) -> Int {
    let time = seconds.map(SimTime.fromSeconds) ?? now
    let id = network.issue(kind, index: index, priority: priority, at: time, queue: &queue)
    takeNotes()
    return id
  }

  /// Runs events until `limit` seconds (or none are left).
  func run(until limit: Double = 1000) {
    while let time = queue.nextEventTime, time <= SimTime.fromSeconds(limit),
      case .event(.network(let event)) = queue.next()
    {
      for outcome in network.handle(event, at: now, queue: &queue) {
        switch outcome {
        case .completed(let request): outcomes.append((now.seconds, "done", request.index))
        case .failed(let request): outcomes.append((now.seconds, "failed", request.index))
        }
      }
      takeNotes()
    }
  }

  /// Cancels request `id` at `seconds`.
  func cancel(_ id: Int, at seconds: Double) -> Bool {
    network.cancel(id, at: SimTime.fromSeconds(seconds), queue: &queue)
  }

  private func takeNotes() {
    for note in network.takeNotes() {
      let event = TimelineEvent(time: now, offset: 0, kind: note)
      timeline.append((now.seconds, event.name, event.request?.index ?? -1))
    }
  }

  func times(of outcome: String) -> [Int: Double] {
    Dictionary(outcomes.filter { $0.outcome == outcome }.map { ($0.index, $0.t) }, uniquingKeysWith: { a, _ in a })
  }
}

@Suite struct NetworkTests {
  /// A link of 1 Mbit/s = 125 000 B/s and 100 ms of latency; images of 125 000 B.
  func spec(
    downlink: Double? = 1, maxInFlight: Int = 6, latency: Double = 0.1, timeout: Double = 60, retries: Int = 0,
    backoff: Double = 1, failureRate: Double = 0
  ) -> NetworkSpec {
    NetworkSpec(
      link: LinkSpec(name: "test", latency: latency, downlinkMbps: downlink),
      page: EndpointSpec(latency: .fixed(0), bytes: .fixed(1000)),
      content: EndpointSpec(
        latency: .fixed(0), bytes: .fixed(125_000), maxInFlight: maxInFlight, timeout: timeout, retries: retries,
        backoff: backoff, failureRate: failureRate))
  }

  /// One image alone: 0.1 s latency + 125 000 B / 125 000 B/s = 1.1 s. Four at once share the
  /// link: each gets a quarter, all finish at 0.1 + 4 = 4.1 s. Unlimited: 0.1 s whatever the size.
  @Test func bandwidthArithmetic() {
    let alone = NetworkHarness(spec())
    _ = alone.issue(0)
    alone.run()
    #expect(abs(alone.times(of: "done")[0]! - 1.1) < 1e-6)
    #expect(alone.network.bytesReceived == 125_000)

    let shared = NetworkHarness(spec())
    for i in 0..<4 { _ = shared.issue(i) }
    shared.run()
    for i in 0..<4 { #expect(abs(shared.times(of: "done")[i]! - 4.1) < 1e-6) }

    // A second transfer joining halfway: the first has 62 500 B left at 0.6 s, then shares:
    // it ends at 0.6 + 62 500 / 62 500 = 1.6 s; the second then has 62 500 B left alone: 2.1 s.
    let staggered = NetworkHarness(spec())
    _ = staggered.issue(0)
    staggered.run(until: 0.5)
    _ = staggered.issue(1, at: 0.5)
    staggered.run()
    #expect(abs(staggered.times(of: "done")[0]! - 1.6) < 1e-6)
    #expect(abs(staggered.times(of: "done")[1]! - 2.1) < 1e-6)

    let unlimited = NetworkHarness(spec(downlink: nil))
    for i in 0..<4 { _ = unlimited.issue(i) }
    unlimited.run()
    for i in 0..<4 { #expect(abs(unlimited.times(of: "done")[i]! - 0.1) < 1e-9) }
  }

  /// One connection: requests go visible before display before preload, FIFO within a level;
  /// a queued preload request moved to visible jumps the queue.
  @Test func priorityOrderAndReprioritisation() {
    let harness = NetworkHarness(spec(downlink: nil, maxInFlight: 1))
    _ = harness.issue(0, .preload)  // sent at once
    _ = harness.issue(1, .preload)
    let two = harness.issue(2, .preload)
    _ = harness.issue(3, .display)
    _ = harness.issue(4, .visible)
    harness.network.reprioritize(two, to: .visible)
    harness.run()
    let sends = harness.timeline.filter { $0.event == "send" }.map(\.index)
    #expect(sends == [0, 4, 2, 3, 1])
  }

  /// Timeout 1 s against a 2 s server, one retry after 0.5 s: send 0, timeout and retry at 1.0,
  /// send 1.5, timeout and fail for good at 2.5.
  @Test func timeoutAndRetryTimeline() {
    var slow = spec(downlink: nil, latency: 0, timeout: 1, retries: 1, backoff: 0.5)
    slow.content.latency = .fixed(2)
    let harness = NetworkHarness(slow)
    _ = harness.issue(7)
    harness.run()
    let events = harness.timeline.map { "\($0.event)@\(NumberText.fixed($0.t, 2))" }
    #expect(events == ["send@0.00", "retry@1.00", "send@1.50", "fail@2.50"])
    #expect(harness.times(of: "failed")[7] == 2.5)
    #expect(harness.network.timeouts == 2)
    #expect(harness.network.retries == 1)
  }

  /// Server errors: with a failure rate of 1, each attempt fails at its first byte; with
  /// retries the request fails after the last one.
  @Test func failuresAndRetries() {
    let harness = NetworkHarness(spec(downlink: nil, latency: 0.2, retries: 2, backoff: 0.1, failureRate: 1))
    _ = harness.issue(3)
    harness.run()
    // send 0, error 0.2, retry after 0.1 → send 0.3, error 0.5, retry after 0.2 → send 0.7, error 0.9.
    #expect(abs(harness.times(of: "failed")[3]! - 0.9) < 1e-9)
    #expect(harness.network.failedAttempts == 3)
    #expect(harness.network.bytesReceived == 0)
  }

  /// Asking again for an item is a fresh try: the luck of the n-th attempt for that item,
  /// whichever request it belongs to. With half the attempts failing, some item that failed
  /// once gets through when asked for again (it used to repeat its first draw forever), and
  /// the same sequence of requests draws the same luck on another network instance.
  @Test func askingAgainIsAFreshTry() {
    func failures(_ harness: NetworkHarness) -> Set<Int> { Set(harness.times(of: "failed").keys) }
    let first = NetworkHarness(spec(downlink: nil, failureRate: 0.5))
    for item in 0..<20 { _ = first.issue(item) }
    first.run()
    let failed = failures(first)
    #expect(!failed.isEmpty)
    for item in failed.sorted() { _ = first.issue(item, at: 10) }
    first.run()
    let doneLater = first.outcomes.filter { $0.t > 10 && $0.outcome == "done" }.map(\.index)
    #expect(!doneLater.isEmpty)
    // The same requests on a fresh network: the same outcomes.
    let again = NetworkHarness(spec(downlink: nil, failureRate: 0.5))
    for item in 0..<20 { _ = again.issue(item) }
    again.run()
    #expect(failures(again) == failed)
  }

  /// A cancelled transfer counts the bytes it received.
  @Test func cancellationCountsPartialBytes() {
    let harness = NetworkHarness(spec())
    let id = harness.issue(0)
    harness.run(until: 0.6)
    #expect(harness.cancel(id, at: 0.6))
    #expect(abs(harness.network.bytesReceived - 62_500) < 1)
  }
}

@Suite struct NetworkProfileTests {
  /// The profiles carry the published numbers (DevTools NetworkManager.ts, Lighthouse constants).
  @Test func publishedNumbers() throws {
    let fast4g = try NetworkProfiles.lookup("4g")
    #expect(abs(fast4g.latency - 0.165) < 1e-12)
    #expect(abs(fast4g.bytesPerSecond! - 9e6 / 8 * 0.9) < 1e-6)
    let slow3g = try NetworkProfiles.lookup("slow-3g")
    #expect(slow3g.latency == 2.0)
    #expect(abs(slow3g.bytesPerSecond! - 500e3 / 8 * 0.8) < 1e-6)
    #expect(try NetworkProfiles.lookup("slow-4g").latency == 0.5625)
    #expect(try NetworkProfiles.lookup("lossy").loss == 0.05)
    #expect(throws: SimError.self) { try NetworkProfiles.lookup("5g-ultra") }
  }

  @Test func profilesOverlayTheScenario() throws {
    let slow = try Scenario.load(
      file: nil, overlays: [.object([("network", .object([("link", try NetworkProfiles.lookup("slow-3g").json)]))])])
    #expect(slow.network.link == NetworkProfiles.named("slow-3g"))
    let low = try Scenario.load(file: nil, overlays: [try DeviceProfiles.lookup("low-end").json])
    #expect(low.memory.limitMB == 645 && low.memory.deviceMB == 1024)
    #expect(low.display.refreshRate == 60)
    #expect(low.cell.renderTime == .uniform(min: 0.012, max: 0.036))
  }
}

/// `scrollsim draws` prints what a run draws: the sizes and the latencies of the requests
/// a run sends are the draws for the same kind, index and attempt.
@Suite struct NetworkDrawTests {
  @Test func drawsAreWhatARunUses() throws {
    var scenario = Scenario.default
    scenario.network.link = try NetworkProfiles.lookup("3g")
    let options = SimulationOptions(seed: 7, recordEvents: true)
    let trace = GestureGenerator.generate(profile: .skimmer, duration: 10, seed: 3)
    let result = try Simulation.run(
      trace: trace, traceName: "t", scenario: scenario, strategy: try StrategyChoice(name: "smart", parameters: []),
      options: options)
    var sends: [Int: Double] = [:]
    var checked = 0
    for line in result.events.map(\.line) {
      let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let time = event["t"] as? Double ?? -1
      let id = event["id"] as? Int ?? -1
      switch event["event"] as? String {
      case "send" where event["item"] != nil && event["attempt"] as? Int == 1:
        sends[id] = time
      case "response" where event["kind"] as? String == "content":
        let item = try #require(event["item"] as? Int)
        let draw = NetworkDraw(spec: scenario.network, seed: 7, kind: .content, index: item, attempt: 1)
        #expect(event["bytes"] as? Double == draw.bytes.rounded())
        // The response comes no sooner than the drawn latency after the send.
        if let sent = sends[id] { #expect(time - sent + 1e-6 >= draw.latency) }
        checked += 1
      default: break
      }
    }
    #expect(checked > 5)
  }
}
