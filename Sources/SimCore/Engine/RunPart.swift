/// A part of the engine (`docs/model.md`, the map) as the session's end sees it: what it counted
/// goes into the run's metrics. A part that counts a metric reports it in its `report(into:)`,
/// beside its counter, and `Simulation.finish` asks every part, so a new metric needs no line
/// there. A part that counts nothing reports nothing (the default).
protocol RunPart {
  func report(into metrics: inout RunMetrics)
}

extension RunPart {
  func report(into metrics: inout RunMetrics) {}
}

extension EventQueue: RunPart {
  func report(into metrics: inout RunMetrics) { metrics.events = handled }
}

extension ScrollViewState: RunPart {}
extension InputReplay: RunPart {}
extension VisibleRows: RunPart {}
extension ImageCache: RunPart {}
extension RenderPool: RunPart {}
extension Stalls: RunPart {}
extension FrameMeter: RunPart {}
extension MainThread: RunPart {}
extension Network: RunPart {}
extension CellTable: RunPart {}
extension Feed: RunPart {}
extension ListMemory: RunPart {}
