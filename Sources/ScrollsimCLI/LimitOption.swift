import ArgumentParser

/// `--limit`: whether reports measure each strategy against the clairvoyant limit (the over
/// limit column), which costs one more run per trace and seed (per network, trace and seed in
/// a sweep).
struct LimitOption: ParsableArguments {
  enum Choice: String, ExpressibleByArgument, CaseIterable {
    case oracle, none
  }

  @Option(
    help: ArgumentHelp(
      "oracle: measure each row against the clairvoyant limit (the over limit column; docs/strategies.md); none: skip it (the column is empty, one run less per trace and seed).",
      valueName: "oracle|none"))
  var limit: Choice = .oracle

  var measures: Bool { limit == .oracle }
}
