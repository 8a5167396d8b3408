/// The display, where the scenario overrides the trace's device.
package struct DisplaySpec: Equatable, Sendable {
  /// Frames per second instead of the trace's `refreshRate`; nil = the trace's.
  package var refreshRate: Int?

  package init(refreshRate: Int? = nil) { self.refreshRate = refreshRate }
}
