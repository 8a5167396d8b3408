extension SweepPlan {
  /// Every configuration of a plan in index order, each made when asked for: a tune over
  /// 10,000 sessions plans about 650,000 runs and needs a few thousand of them at a time, so
  /// holding them all would cost more than the runs' own rows. The order is strategies ×
  /// parameter sets × networks × traces × replicates, the last fastest.
  package struct Configurations: RandomAccessCollection, Sendable {
    /// A strategy with one of its parameter sets: the runs of one configuration's setting.
    struct Group: Sendable {
      var strategy: String
      var parameters: [ParameterAssignment]
    }

    let plan: SweepPlan
    let groups: [Group]

    package var startIndex: Int { 0 }
    package var endIndex: Int { groups.count * runsPerGroup }

    /// Runs per parameter set: every network, trace and replicate.
    private var runsPerGroup: Int { plan.networks.count * plan.traceNames.count * plan.replicates }

    package subscript(index: Int) -> Configuration {
      precondition(indices.contains(index), "configuration \(index) is outside the plan")
      let group = groups[index / runsPerGroup]
      let run = index % runsPerGroup
      let perNetwork = plan.traceNames.count * plan.replicates
      let trace = run % perNetwork / plan.replicates
      let replicate = run % plan.replicates
      return Configuration(
        index: index, strategy: group.strategy, parameters: group.parameters, network: plan.networks[run / perNetwork],
        trace: trace, replicate: replicate, seed: plan.runSeed(trace: trace, replicate: replicate))
    }
  }
}
