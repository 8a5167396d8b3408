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
    guard case .touches(let samples) = trace.input else { return }
    #expect(samples.count == 15)
    #expect(samples.first?.t == 0.5)
    #expect(samples.last?.phase == .ended)
    #expect(TraceStats(trace).gestures == 2)
  }

  @Test func offsetsRoundTrip() throws {
    var recording = TraceRecording(viewportWidth: 390, viewportHeight: 844)
    #expect(recording.json(.offsets) == nil)
    recording.addOffset(t: 5, offset: 0)
    recording.addOffset(t: 5.016, offset: 12, dragging: true)
    recording.addOffset(t: 5.032, offset: 40, decelerating: true)
    let trace = try Trace.decode(JSONParser.parse(recording.json(.offsets)!))
    guard case .offsets(let samples) = trace.input else { return }
    #expect(samples.map(\.phase) == [nil, .dragging, .decelerating])
  }
}
