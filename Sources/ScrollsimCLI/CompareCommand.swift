import ArgumentParser
import Foundation
import SimCore

struct CompareCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Run strategies side by side on the same traces, scenario and seed.",
    discussion: """
      One row per strategy and trace; with several traces, a summary row per strategy follows (sums; maxima for max values; time-to-content pooled). A folder of traces is a population of sessions: one row per strategy with the mean, p50, p90 and p99 of the per-session wait, the shares of sessions that stalled, showed a blank over a second, hitched or were killed, and paired 95% intervals (docs/metrics.md, Populations). Without TRACE, the built-in scenario and population: 12 feed users, two minutes each (Traces/population/).

      Examples:
        scrollsim compare
        scrollsim compare --for p90 Traces/population/
        scrollsim compare --strategies infinite,smart --format md Traces/*.json
        scrollsim compare --param threshold=0.8 --set feed.pageSize=10 t.json

      Pictures: --html report.html writes one self-contained page (verdict, charts, a replay of the screen, timelines; docs/metrics.md); --trace-events DIR writes each run for Perfetto (docs/events.md).

      A regression gate (docs/ci.md): store a baseline, then fail (exit 1) when an error assertion holds:
        scrollsim compare --replicates 5 --format json -o base.json Traces/*.json
        scrollsim compare --replicates 5 --baseline base.json --fail-if 'wait_time > +10%' --format md Traces/*.json
        scrollsim compare --replicates 5 --baseline base.json --assert gate.json --junit gate.xml --annotations gate.txt --gate-summary gate.md Traces/*.json
      A condition is [STRATEGY:] METRIC OP BOUND: METRIC any --objective expression (wait_time, blank_time, stall_time, wasted_requests, a key of docs/metrics.md), OP >, >=, < or <=, BOUND a change from the baseline (+10%, -5%, +0.5) or a value (20, no baseline needed). An assertions file (--assert; docs/examples/assertions.json) gives each a level (warn reports, error fails) and a confidence. With --replicates, a condition holds only with that confidence (95% for --fail-if; paired over the replicate seeds). The report is then the delta table: baseline, now, change and ✓/⚠/✗ per check.
      """)

  @OptionGroup var strategiesOption: StrategiesOption
  var strategies: String { strategiesOption.strategies }

  @Option(
    name: .long,
    help: ArgumentHelp("A parameter for the strategies that declare it (repeatable).", valueName: "key=value"),
    transform: ParameterAssignment.argument)
  var param: [ParameterAssignment] = []

  @OptionGroup var scenarioOptions: ScenarioOptions

  @Flag(help: "Run strategies one after another instead of in parallel (same output); --jobs 1.")
  var serial = false

  @OptionGroup var threadsOption: ThreadsOption

  /// The threads to run on: `--jobs`, 1 with `--serial`, else every core.
  var threads: Int { serial ? 1 : threadsOption.threads }

  @OptionGroup var limit: LimitOption

  @OptionGroup var report: ReportOptions

  @Option(
    help:
      "Run each strategy this many times with derived seeds (the same for every strategy) and report means with 95% intervals."
  )
  var replicates: Int = 1

  @OptionGroup var pictures: PictureOptions

  @OptionGroup(title: "Regression gate") var gate: GateOptions

  @Flag(
    help:
      "Treat the traces as one population of users' sessions (a folder always is): per strategy the mean, p50, p90 and p99 of the per-session wait, shares of sessions that stalled, hitched or showed a blank over a second, and paired 95% intervals against the best."
  )
  var population = false

  @Flag(
    help:
      "Run the sessions that read and leave out those that cannot, stating how many in the report (default: refuse, naming every unreadable file)."
  )
  var skipUnreadable = false

  @Option(
    name: .customLong("for"),
    help: ArgumentHelp(
      "What ranks a population: mean (the default), p50, p90 or p99 of the per-session wait.", valueName: "key"))
  var rankFor: PopulationKey?

  @Option(
    help: ArgumentHelp(
      "Break a population down by each session's device or network profile (the trace's deviceProfile or networkProfile), or the platform its device implies (android, ios): the whole, then each class.",
      valueName: "device|network|platform"))
  var by: SessionDimension?

  @Option(
    help: ArgumentHelp(
      "Run only slice K of N of a population's sessions (those whose index mod N is K − 1), for `merge` to join; needs --format json.",
      valueName: "K/N"))
  var shard: String?

  @Argument(
    help: "Trace files or folders of them (a folder is a population). Default: the built-in population.",
    completion: .file(extensions: ["json"]))
  var traces: [String] = []

  func validate() throws {
    guard (1...1000).contains(replicates) else { throw ValidationError("--replicates must be in 1...1000") }
    guard !(serial && threadsOption.jobs != nil) else { throw ValidationError("give --serial or --jobs N, not both") }
  }
}

extension PopulationKey: ExpressibleByArgument {}
extension SessionDimension: ExpressibleByArgument {}
