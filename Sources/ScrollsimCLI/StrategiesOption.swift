import ArgumentParser
import SimCore

/// `--strategies a,b|all`: what `compare` and `sweep` run, checked against the catalog when the
/// command builds its choices.
struct StrategiesOption: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Comma-separated strategy names (see `scrollsim strategies`), pairs such as paging3+glide, process:COMMAND for your own in any language (docs/protocol.md), or all.",
      valueName: "a,b|all"),
    completion: .list(["all"] + CommandLineContext.catalog.names))
  var strategies = "all"
}
