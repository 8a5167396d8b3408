/// The summary as the `counts` member of a population report: every integer sum and each
/// histogram's bins (`"bin:count bin:count"`, compact), so that reports of shards can be joined
/// into the report of the whole population (`merge`) to the byte.
extension PopulationSummary {
  static func encode(_ histogram: LogHistogram) -> JSONValue {
    .string(histogram.sortedBins.map { "\($0.bin):\($0.count)" }.joined(separator: " "))
  }

  package var json: JSONValue {
    .object([
      ("fingerprint", .string(Provenance.hex(fingerprint))),
      (
        "strategies",
        .array(
          rows.map { row in
            .object([
              ("strategy", .string(row.strategy)),
              ("limit", row.limitRole.map { .string($0.rawValue) } ?? .null),
              ("sessions", .int(row.sessions)), ("waitMicroseconds", .int(Int(row.waitMicroseconds))),
              ("wait", Self.encode(row.wait)), ("hitchMicrosPerSecond", .int(Int(row.hitchMicrosPerSecond))),
              ("hitch", Self.encode(row.hitch)), ("bytes", .int(Int(row.bytes))),
              ("peakMemory", Self.encode(row.peakMemory)), ("stalled", .int(row.stalled)),
              ("longBlank", .int(row.longBlank)), ("hitching", .int(row.hitching)), ("killed", .int(row.killed)),
              (
                "worst",
                .array(
                  row.worst.map {
                    .object([("session", .string($0.session)), ("waitMicroseconds", .int(Int($0.waitMicroseconds)))])
                  })
              ),
            ])
          })
      ),
      (
        "pairs",
        .array(
          pairs.map { pair in
            .object([
              ("a", .int(pair.a)), ("b", .int(pair.b)), ("sessions", .int(pair.sessions)),
              ("sum", .int(Int(pair.sum))), ("sumOfSquares", .string(String(pair.sumOfSquares))),
            ])
          })
      ),
    ])
  }
}

extension Provenance {
  /// A population report's provenance: its sessions stand as one entry, "N sessions", whose
  /// fingerprint is the summary's (`PopulationSummary.fingerprint`).
  package static func population(
    command: String, scenario: Scenario, options: SimulationOptions, summary: PopulationSummary
  ) -> Provenance {
    var provenance = Provenance(command: command, scenario: scenario, options: options, replicates: 1, traces: [])
    let sessions = summary.rows.first?.sessions ?? 0
    provenance.traces = [("\(sessions) sessions", hex(summary.fingerprint))]
    return provenance
  }
}
