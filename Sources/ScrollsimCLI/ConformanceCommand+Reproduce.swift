import SimCore

extension ConformanceCommand {
  /// The `scrollsim run` that repeats one side of a pair with its timeline: the strategy as
  /// typed with the parameters it takes, this command line's scenario options (everything but
  /// conformance's own), the list variant's settings, the pair's network, and its trace.
  func reproduction(
    _ strategy: String, _ place: ConformanceJob.Case, variants: [ConformanceJob.Variant], events: String
  )
    -> String
  {
    let catalog = CommandLineContext.catalog
    var words = ["run", "--strategy", strategy]
    for setting in param where catalog.takes(strategy, setting) { words += ["--param", "\(setting)"] }
    words += scenarioWords()
    for setting in variants.first(where: { $0.name == place.variant })?.settings ?? [] { words += ["--set", setting] }
    if place.network != "scenario" { words += ["--network", place.network] }
    words += ["--events", events]
    if let path = tracePath(place.trace) { words.append(path) }
    return CommandLineContext.quoted([CommandLineContext.current.commandName] + words)
  }

  /// This command line's words less the subcommand, its arguments and its own options.
  private func scenarioWords() -> [String] {
    let own = Set(["--networks", "--sessions", "--jobs", "--param", "--network"])
    let positional = Set([reference, port] + traces)
    var kept: [String] = []
    var skipNext = false
    for word in CommandLineContext.current.arguments.dropFirst() {
      if skipNext {
        skipNext = false
      } else if own.contains(word) {
        skipNext = true
      } else if !positional.contains(word) && word != "--all" && !own.contains(where: { word.hasPrefix($0 + "=") }) {
        kept.append(word)
      }
    }
    return kept
  }

  /// The file of the trace named `name`: one given (or in a folder given), the built-in trace
  /// (no argument: `run`'s default), or a built-in population's session (its file in Traces/).
  private func tracePath(_ name: String) -> String? {
    if traces.isEmpty {
      return name == Trace.embeddedDefault.name ? nil : "Traces/population/\(name)"
    }
    let files = (try? TraceFolder.sessionFiles(traces)) ?? []
    return files.first { $0.name == name }?.path ?? name
  }
}
