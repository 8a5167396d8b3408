/// `tune --format json`: the answer for tools (`schemas/tune.schema.json`, format `scrollsim-tune`
/// version 2, which added `byClass`): whether to ship, the code, the settings, each finalist's held-out figures, the
/// gain with its interval, the budgets and the search. Times in seconds, memory and traffic in
/// bytes, numbers to 9 decimals; a figure without a value (no gap to the limit) is null.
package enum TuneJSON {
  /// The session files `--skip-unreadable` left out, when some were.
  static func leftOut(_ result: TuneResult) -> [(String, JSONValue)] {
    let names = result.request.unreadableLeftOut
    return names.isEmpty ? [] : [("unreadableLeftOut", .array(names.map(JSONValue.string)))]
  }

  /// `alternatives`: the other libraries' answers on the same sessions (`TuneAlternatives`).
  package static func render(_ result: TuneResult, command: String, alternatives: [TuneResult] = []) -> String {
    let space = result.space
    let document: JSONValue = .object(
      DocumentFormat.tune.header + [
        ("command", .string(command)),
        // What the figures assumed: the scenario as `scrollsim scenario` prints it, and the
        // networks every session ran on ("scenario": its own link).
        ("scenario", result.request.scenario.json),
        ("networks", .array(result.request.networks.map { .string($0) })),
      ] + leftOut(result) + [
        ("stack", .string(space.stack.name)), ("strategy", .string(space.stack.strategy)),
        ("language", .string(space.stack.language)), ("objective", .string(result.request.key.rawValue)),
        ("recommended", .bool(result.recommended)), ("reason", .string(result.reason)),
        ("code", .string(result.code)), ("answer", setting(result.answer, result)), ("current", setting(0, result)),
        ("chosen", setting(result.chosen, result)),
        ("gain", gain(result.gain)),
        ("gapClosed", number(result.gapClosed)),
        ("budgets", .array((["never killed"] + result.request.budgets.map(\.description)).map { .string($0) })),
        ("currentBrokenInTraining", .array(result.currentBroken.map { .string($0) })),
        (
          "heldOut",
          .array(
            result.heldOut.map { figures in
              let role = figures.setting == 0 ? "current" : figures.setting == result.chosen ? "chosen" : "finalist"
              return .object(
                [("role", .string(role)), ("setting", setting(figures.setting, result))] + measured(figures))
            })
        ),
        ("limit", .object(measured(result.limit).filter { !["killedRuns", "broken"].contains($0.0) })),
        ("search", search(result)),
      ] + byClass(result) + sensitivity(result) + breakdown(result)
        + (alternatives.isEmpty ? [] : [("alternatives", TuneAlternatives.json(result, alternatives))]))
    return JSONWriter.pretty(document) + "\n"
  }

  /// Each searched knob moved with the others at the answer (`TuneSensitivity`).
  private static func sensitivity(_ result: TuneResult) -> [(String, JSONValue)] {
    guard let sensitivity = result.sensitivity else { return [] }
    return [
      (
        "knobs",
        .object([
          ("sessions", .int(sensitivity.sessions)), ("runs", .int(sensitivity.runs)),
          (
            "moved",
            .array(
              sensitivity.knobs.map { knob in
                .object([
                  ("knob", .string(knob.name)), ("answer", .string(knob.answer)), ("spread", number(knob.spread)),
                  ("changesNothing", .bool(knob.changesNothing)),
                  ("changesNothingMeasurable", .bool(knob.changesNothingMeasurable)),
                  (
                    "values",
                    .array(
                      knob.values.map { .object([("value", .string($0.value)), ("objective", number($0.objective))]) })
                  ),
                ])
              })
          ),
        ])
      )
    ]
  }

  /// The best setting found against yours per network and class (`TuneBreakdown`).
  private static func breakdown(_ result: TuneResult) -> [(String, JSONValue)] {
    guard let breakdown = result.breakdown else { return [] }
    func figures(_ figures: TuneBreakdown.Figures) -> JSONValue {
      .object([
        ("meanWait", number(figures.mean)), ("p90Wait", number(figures.p90)),
        ("longBlankShare", number(figures.longBlank)),
      ])
    }
    func rows(_ rows: [TuneBreakdown.Row]) -> JSONValue {
      .array(
        rows.map { row in
          .object([
            ("name", .string(row.name)), ("sessions", .int(row.sessions)), ("runs", .int(row.runs)),
            ("current", figures(row.current)), ("tuned", figures(row.tuned)), ("runShare", number(row.runShare)),
            ("waitShare", number(row.waitShare)),
          ])
        })
    }
    return [
      (
        "breakdown",
        .object([
          ("networks", rows(breakdown.networks)), ("classes", rows(breakdown.classes)),
          (
            "sessionsToDecide",
            breakdown.sessionsToDecide.map {
              .object([("heldOut", .int($0.heldOut)), ("total", .int($0.total))])
            } ?? .null
          ),
          ("warnings", .array(breakdown.warnings.map { .string($0) })),
        ])
      )
    ]
  }

  /// Sessions of several device classes (`TuneByClass`): whether the answer is per class, why,
  /// the per-class settings against one for all, and each class's figures on its held-out sessions.
  private static func byClass(_ result: TuneResult) -> [(String, JSONValue)] {
    guard let byClass = result.byClass else { return [] }
    let branch = { (name: String) in
      TuneSpace.ClassBranch(name: name, scenario: result.request.scenario, setting: [])
    }
    return [
      (
        "byClass",
        .object([
          ("perClass", .bool(byClass.perClass)), ("reason", .string(byClass.reason)),
          ("single", setting(byClass.single, result)), ("gain", byClass.gain.map(gain) ?? .null),
          ("runs", .int(byClass.runs)),
          (
            "classes",
            .array(
              byClass.classes.map { item in
                .object([
                  ("class", .string(item.name)),
                  ("memoryMB", number(TuneSpace.memoryMB(of: item.name, scenario: result.request.scenario))),
                  ("platform", branch(item.name).platform.map { .string($0.rawValue) } ?? .null),
                  ("reportedMB", number(branch(item.name).reportedMB)),
                  ("trainingSessions", .int(item.trainingSessions)), ("heldOutSessions", .int(item.heldOutSessions)),
                  ("raced", item.raced.map { setting($0, result) } ?? .null), ("tooSmall", .bool(item.tooSmall)),
                  ("ships", setting(byClass.setting(for: item.name), result)),
                  ("single", item.single.map { .object(measured($0)) } ?? .null),
                  ("own", item.own.map { .object(measured($0)) } ?? .null),
                ])
              })
          ),
        ])
      )
    ]
  }

  static func number(_ value: Double?) -> JSONValue {
    guard let value, value.isFinite else { return .null }
    return .number(rounded(value, decimals: 9))
  }

  /// A setting's searched knobs by their short names, each value as the stack writes it.
  static func setting(_ index: Int, _ result: TuneResult) -> JSONValue {
    let space = result.space
    return .object(
      space.parameters.filter(\.isSearched).map { parameter in
        (space.shortName(parameter), .string(space.value(parameter.name.description, in: result.settings[index])))
      })
  }

  private static func measured(_ figures: TuneResult.Measured) -> [(String, JSONValue)] {
    [
      ("objective", number(figures.objective)), ("meanWait", number(figures.meanWait)),
      ("bytes", number(figures.bytes)), ("peakMemory", number(figures.peakMemory)),
      ("meanMemory", number(figures.meanMemory)), ("hitchTimeRatio", number(figures.hitchRatio)),
      ("killedRuns", .int(figures.kills)), ("broken", .array(figures.broken.map { .string($0) })),
    ]
  }

  private static func gain(_ gain: TuneGain) -> JSONValue {
    .object([
      ("current", number(gain.current)), ("tuned", number(gain.tuned)), ("difference", number(gain.difference)),
      ("lower", number(gain.lower)), ("upper", number(gain.upper)),
      ("relative", number(gain.relative?.change)), ("relativeLower", number(gain.relative?.lower)),
      ("relativeUpper", number(gain.relative?.upper)), ("population", .int(gain.population)),
      ("predicted", number(gain.predicted?.change)), ("predictedLower", number(gain.predicted?.lower)),
      ("predictedUpper", number(gain.predicted?.upper)),
    ])
  }

  /// How the search ran: its sizes, the split of sessions and each rung of the race.
  private static func search(_ result: TuneResult) -> JSONValue {
    .object([
      ("candidates", .int(result.settings.count)), ("gridSize", number(result.space.gridSize)),
      ("eta", .int(result.request.eta)), ("holdout", number(result.request.holdout)),
      ("sessions", .int(result.request.sessions.count)), ("trainingSessions", .int(result.split.training.count)),
      ("heldOutSessions", .int(result.split.heldOut.count)),
      ("heldOutNames", .array(result.split.heldOut.map { .string(result.request.sessions.names[$0]) })),
      ("networks", .array(result.request.networks.map { .string($0) })),
      ("replicates", .int(result.request.replicates)),
      (
        "rungs",
        .array(
          result.rungs.map { rung in
            .object([("settings", .int(rung.settings)), ("sessions", .int(rung.sessions)), ("runs", .int(rung.runs))])
          })
      ),
      ("raceRuns", .int(result.raceRuns)), ("heldOutRuns", .int(result.heldOutRuns)),
    ])
  }
}
