import ArgumentParser
import SimCore

/// `scrollsim history`: comparisons kept over commits, and their trend drawn (docs/ci.md).
struct HistoryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "Keep comparisons over commits in a file and draw their trend (SVG): a slow drift shows.",
    discussion: """
      Each `compare --format json` output is added as one line (its headline rows' means); `draw` shows one metric per strategy over the lines, oldest left, and marks where the scenario or traces changed. A local file, no server (docs/ci.md, "History").

      Examples:
        scrollsim compare --replicates 5 --format json -o run.json Traces/*.json
        scrollsim history add run.json --to history.jsonl --label "$(git rev-parse --short HEAD)"
        scrollsim history draw history.jsonl -o trend.svg
      """,
    subcommands: [Add.self, Draw.self])
}
