import Testing

@testable import SimCore

/// Every trace scrollsim writes loads back: over random generator, slice and scale arguments
/// (extremes included), `checkedEncoding` either gives text that decodes to the same trace or
/// refuses with an error; it never hands out a trace the decoder rejects.
@Suite struct TraceRoundTripTests {
  @Test func writtenTracesLoadBack() throws {
    var random = SeededRandom(seed: 14, stream: "round-trip")
    let extremes = [0, 1e-9, -1, 1e308, -.infinity, .infinity, .nan, 86_400, 1e6]
    func pick(_ low: Double, _ high: Double) -> Double {
      random.unit() < 0.2
        ? extremes[Int(random.unit() * Double(extremes.count)) % extremes.count]
        : low + (high - low) * random.unit()
    }
    var written = 0
    var refused = 0
    for index in 0..<120 {
      let profile = GestureGenerator.Profile.allCases[index % GestureGenerator.Profile.allCases.count]
      let duration = max(0, min(pick(0, 20), 30))
      var traces = [
        GestureGenerator.generate(profile: profile, duration: duration.isNaN ? 1 : duration, seed: UInt64(index))
      ]
      if let sliced = try? TraceTools.slice(traces[0], from: pick(0, 10), to: pick(5, 30)) { traces.append(sliced) }
      if let scaled = try? TraceTools.scale(traces[0], factor: pick(0.1, 4)) { traces.append(scaled) }
      for trace in traces {
        do {
          let text = try trace.checkedEncoding()
          #expect(try Trace.decode(JSONParser.parse(text)).encoded() == text)
          written += 1
        } catch {
          #expect(error.exitCode == 65)
          refused += 1
        }
      }
    }
    #expect(written > 100 && refused > 0)
  }
}
