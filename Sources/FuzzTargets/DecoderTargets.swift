import SimCore

/// The JSON readers: traces, scenarios with `--set`, HAR files.
extension FuzzTarget {
  /// A trace file. Whatever the fast reader accepts, the full reader reads the same. Accepted:
  /// it writes out, reads back the same, and `trace info` formats it.
  package static let trace = FuzzTarget(name: "trace", input: "a trace file (JSON)") { bytes in
    let full = try? Trace.decode(JSONParser.parse(bytes))
    if let fast = TraceFastReader.read(bytes) {
      require(fast == full, "the fast trace reader accepts what the full reader reads differently or refuses")
    }
    guard let trace = full else { return }
    let written: String
    do { written = try trace.checkedEncoding() } catch {
      require(false, "an accepted trace does not write out: \(error)")
      return
    }
    requireReadsBack(written, "a written trace")
    let stats = TraceStats(trace)
    _ = stats.text
    _ = JSONWriter.pretty(stats.json)
  }

  /// A trace file replayed through every physics preset (`trace offsets`): the velocity
  /// trackers, the physics and the engine's frames on whatever an accepted trace holds.
  /// Accepted: the offsets trace it writes reads back. Traces over a minute are skipped (their
  /// frames only cost the fuzzer time; the engine's own limits are tested elsewhere).
  package static let trajectory = FuzzTarget(name: "trajectory", input: "a trace file (JSON)") { bytes in
    guard let value = try? JSONParser.parse(bytes), let trace = try? Trace.decode(value),
      TraceStats(trace).duration <= 60
    else { return }
    for physics in PhysicsPresets.names {
      guard let offsets = try? TrajectoryRecorder.offsets(of: trace, physics: physics) else { continue }
      require(
        (try? offsets.checkedEncoding()) != nil, "trace offsets --physics \(physics) writes a trace that does not load")
    }
  }

  /// A scenario file, then a line `#set`, then one `--set path=value` per line. Accepted: the
  /// scenario's JSON reads back as the same scenario.
  package static let scenario = FuzzTarget(
    name: "scenario", input: "a scenario file (JSON), a line #set, then --set path=value lines"
  ) { bytes in
    guard let scenario = fuzzScenario(from: text(bytes)) else { return }
    let again = try? Scenario.decode(scenario.json)
    require(again == scenario.asWritten, "a scenario's JSON reads back different")
  }

  /// A HAR file. Accepted: the distributions it yields are a valid scenario overlay.
  package static let har = FuzzTarget(name: "har", input: "a HAR file (JSON)") { bytes in
    guard let value = try? JSONParser.parse(bytes) else { return }
    for serverOnly in [false, true] {
      guard let result = try? HARImport.read(value, serverOnly: serverOnly) else { return }
      _ = result.summary
      do { _ = try Scenario.decode(result.overlay) } catch {
        require(false, "a HAR's overlay is not a valid scenario: \(error)")
      }
    }
  }
}
