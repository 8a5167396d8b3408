import Foundation
import PropertyBased
import ScrollsimRecorder
import Testing

@testable import SimCore

/// The iOS recorder's platform-independent half writes traces scrollsim accepts.
@Suite struct RecorderTests {
  @Test func touchesRoundTrip() throws {
    var recording = TraceRecording(viewportWidth: 390, viewportHeight: 844, refreshRate: 120, name: "feed \"test\"")
    recording.addTouch(t: 100.0, y: 600, phase: .began)
    for k in 1...10 { recording.addTouch(t: 100.0 + Double(k) / 120, y: 600 - Double(k) * 15, phase: .moved) }
    recording.addTouch(t: 100.1, y: 450, phase: .ended)
    recording.addTouch(t: 100.05, y: 400, phase: .moved)  // no finger down: ignored
    recording.addTouch(t: 101.0, y: 500, phase: .began)  // left open: ended when written
    recording.addTouch(t: 100.9, y: 480, phase: .moved)  // out of order: clamped
    let trace = try Trace.decode(JSONParser.parse(recording.json(.touches)!))
    #expect(trace.name == "feed \"test\"")
    #expect(trace.device.refreshRate == 120)
    guard case .touches(let samples) = trace.input else {
      Issue.record("a touch recording read back as offsets")
      return
    }
    #expect(samples.count == 15)
    #expect(samples.first?.t == 0.5)
    #expect(samples.last?.phase == .ended)
    #expect(TraceStats(trace).gestures == 2)
  }

  /// The recorder's profile names are scrollsim's; one it does not know is left out.
  @Test func profilesAreWrittenWhenKnown() throws {
    #expect(TraceRecording.deviceProfiles == DeviceProfiles.names + [Trace.ownProfile])
    #expect(TraceRecording.networkProfiles == NetworkProfiles.names + [Trace.ownProfile])
    var recording = TraceRecording(viewportWidth: 390, viewportHeight: 844)
    recording.addOffset(t: 5, offset: 0)
    recording.deviceProfile = "low-end"
    recording.networkProfile = "3g"
    let trace = try Trace.decode(JSONParser.parse(recording.json(.offsets)!))
    #expect(trace.sessionClass == SessionClass(device: "low-end", network: "3g"))
    recording.deviceProfile = "pixel-9"
    let unknown = try Trace.decode(JSONParser.parse(recording.json(.offsets)!))
    #expect(unknown.sessionClass == SessionClass(device: nil, network: "3g"))
  }

  @Test func offsetsRoundTrip() throws {
    var recording = TraceRecording(viewportWidth: 390, viewportHeight: 844)
    #expect(recording.json(.offsets) == nil)
    recording.addOffset(t: 5, offset: 0)
    recording.addOffset(t: 5.016, offset: 12, dragging: true)
    recording.addOffset(t: 5.032, offset: 40, decelerating: true)
    let trace = try Trace.decode(JSONParser.parse(recording.json(.offsets)!))
    guard case .offsets(let samples) = trace.input else {
      Issue.record("an offsets recording read back as touches")
      return
    }
    #expect(samples.map(\.phase) == [nil, .dragging, .decelerating])
  }

  /// Whatever an app feeds the recorder (times and positions of any magnitude, out of order,
  /// NaN, a day and more apart; odd viewports, refresh rates and names), what it writes loads.
  @Test func anyRecordingLoadsBack() async {
    let written = Counter()
    await propertyCheck(count: 200, input: Gen.int(in: 0...1_000_000_000)) { seed in
      var random = SeededRandom(seed: UInt64(seed), stream: "recorder")
      func any(_ typical: ClosedRange<Double>) -> Double {
        let extremes = [0, -0.0, .nan, .infinity, -.infinity, 1e308, -1e308, 1e9, 1e9 + 1, 86_400, 1e-300]
        return random.unit() < 0.15
          ? extremes[Int(random.unit() * 11) % 11]
          : typical.lowerBound + (typical.upperBound - typical.lowerBound) * random.unit()
      }
      var recording = TraceRecording(
        viewportWidth: any(300...500), viewportHeight: any(600...900),
        refreshRate: [60, 120, 0, -5, 1000, .max, .min][Int(random.unit() * 7) % 7],
        name: random.unit() < 0.5 ? "feed\r\n\u{1}\t\"\\é" : nil)
      var t = any(0...1000)
      for _ in 0..<Int(random.unit() * 60) {
        t += random.unit() < 0.1 ? any(-100...100_000) : random.unit() / 60
        let phase: TraceRecording.Phase = [.began, .moved, .moved, .moved, .ended][Int(random.unit() * 5) % 5]
        recording.addTouch(t: t, y: any(-1000...1000), phase: phase)
        recording.addOffset(t: t, offset: any(-1000...100_000), dragging: random.unit() < 0.5)
      }
      for kind in [TraceRecording.Kind.touches, .offsets] {
        guard let text = recording.json(kind) else { continue }
        written.add()
        #expect(throws: Never.self, "\(text.prefix(400))") { _ = try Trace.decode(JSONParser.parse(text)) }
      }
    }
    // A recording with no sample writes nothing, and is skipped: most cases must write.
    #expect(written.count >= 200, "only \(written.count) of 400 recordings were written and checked")
  }
}

/// Counts from inside a property's closure.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  var count: Int { lock.withLock { value } }
  func add() { lock.withLock { value += 1 } }
}
