import ArgumentParser
import SimCore

struct ScrollsimCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: CommandLineContext.current.commandName,
      abstract: "A wind tunnel for list prefetching: replay scroll gestures, compare prefetch strategies.",
      discussion: """
        Replays touch gestures (or recorded content offsets) over a simulated list whose pages and images arrive through a simulated network, runs prefetch strategies side by side on the same input and luck, and reports blank cells, stalls, requests and bytes.

        Start with:
          \(CommandLineContext.current.commandName) compare
          \(CommandLineContext.current.commandName) generate --profile flinger --duration 60 -o fling.json
          \(CommandLineContext.current.commandName) run --strategy smart --events timeline.jsonl fling.json

        Exit codes: 0 ok, 1 a --fail-if condition held (docs/ci.md), 64 usage, 65 bad data, 66 missing input, 73 cannot write, 130 interrupted, 143 terminated (SIGTERM; a sweep keeps what finished on either).

        Docs: docs/trace-format.md, docs/scenario.md, docs/strategies.md, docs/metrics.md, docs/events.md.
        """,
      version: Provenance.version,
      subcommands: [
        RunCommand.self, CompareCommand.self, GenerateCommand.self, StrategiesCommand.self,
        SweepCommand.self, TuneCommand.self, ConformanceCommand.self, MergeCommand.self, HistoryCommand.self,
        ImportCommand.self,
        TraceCommand.self,
        CalibrateCommand.self,
        ScenarioCommand.self, PhysicsCommand.self,
        NetworksCommand.self, DrawsCommand.self,
        BenchCommand.self,
      ]
    )
  }
}
