import SimCore

let trace = try Trace.load(path: "Traces/lab/flinger-60s.json")                   // or Trace.embeddedDefault.trace
let mine = try StrategyChoice(LookaheadStrategy.self, parameters: ["screens": "2"]) // checked against its info
let result = try Simulation.run(trace: trace, traceName: "fling", scenario: .default, strategy: mine)
let rows = try Comparison.run(                                                     // same gestures, same network luck
  traces: [NamedTrace(name: "fling", trace: trace)], scenario: .default,
  strategies: try StrategyCatalog.builtIn.choices("all") + [mine])
print(result.metrics.waitSeconds, rows.map { "\($0.strategy): \($0.waitSeconds) s" })
