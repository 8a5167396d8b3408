import ScrollsimCLI
import SimCore

// scrollsim with one more strategy: every command (run, compare, sweep, strategies, bench)
// knows "lookahead" beside the built-ins.
ScrollsimCLI.main(catalog: StrategyCatalog.builtIn.adding(LookaheadStrategy.self), commandName: "my-scrollsim")
