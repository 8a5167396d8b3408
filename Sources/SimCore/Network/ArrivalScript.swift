/// When given requests arrive, decided before the run: the clairvoyant limit's plan on its
/// relaxed network (`LimitSchedule`), which the engine then plays to measure exactly what the
/// user sees. A scripted request skips its host's queue and the link and arrives at its time
/// (or at once if that is past); requests the script does not name go the usual way.
struct ArrivalScript: Sendable {
  /// Arrival time of each scripted page.
  var pages: [Int: Double]
  /// Arrival time of each scripted row's content.
  var content: [Int: Double]

  func arrival(_ kind: RequestKind, index: Int) -> Double? {
    kind == .page ? pages[index] : content[index]
  }
}
