/// The name and version every JSON document scrollsim writes opens with, as traces
/// (`scrollsim-trace`) and scenarios (`scrollsim-scenario`) do: a reader, or a JSON Schema in
/// `schemas/`, knows what it holds and which shape. A version changes when a key is renamed or
/// removed or its meaning changes; added keys keep it.
package enum DocumentFormat: String, CaseIterable, Sendable {
  case run = "scrollsim-run"
  case comparison = "scrollsim-comparison"
  case replicatedComparison = "scrollsim-replicated-comparison"
  case gate = "scrollsim-gate"
  case traceInfo = "scrollsim-trace-info"
  case physics = "scrollsim-physics"
  case population = "scrollsim-population"
  case tune = "scrollsim-tune"

  /// The version this scrollsim writes, per format: a population's and a tune's are 2 since they
  /// may be broken down by class (`by`, `classes`; `byClass`), as issue 62 asked of them.
  package var version: Int {
    switch self {
    case .population, .tune: 2
    default: 1
    }
  }

  /// `format` and `version`, first members of the document.
  package var header: [(String, JSONValue)] { [("format", .string(rawValue)), ("version", .int(version))] }
}
