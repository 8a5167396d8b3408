/// Where a list's image requests wait for a connection (`ListCallbacks.contentQueue`).
public enum ContentQueue: Sendable, Equatable {
  /// The network's own queue (`Network`): by the row's visibility when asked, and promoted the
  /// moment its row comes on screen (an image loader that puts what shows first; Blink by its
  /// layouts, `ListCallbacks.prioritiesFromLayouts`).
  case network
  /// An image loader's own worker pool, as Glide's source executor: at most `threads` requests
  /// at a time (and no more than the host allows), ordered by the priority they were given
  /// when made, then by the order they were made, and never reordered after. Bound rows and
  /// preloads share one priority, unless `lowPreloads` (an app that sets `Priority.LOW` on its
  /// preload request builder): then a request made for a row off screen and not bound waits
  /// behind every bound row's. A row that comes on screen while its preload waits joins that
  /// preload where it is (Glide's `Engine.load` finds the running `EngineJob` by key).
  case loaderPool(threads: Int, lowPreloads: Bool)
  /// The network's queue in the order the requests were made, whatever their rows do after:
  /// one priority, never reordered. Firefox's and WebKit's image requests, as measured
  /// (`Validation/run.sh --engine firefox|webkit`, `stress-io2000-lat0.8`): rows on screen
  /// waited behind rows asked for before them, where Chromium's layouts moved them ahead
  /// (docs/model.md, "Browser images take their priority from layouts").
  case inOrder

  /// The priority a content request gets when it is made, from its row's `priority` now and
  /// whether the layouts give priorities (`prioritiesFromLayouts`).
  func priority(row: RequestPriority, fromLayouts: Bool) -> RequestPriority {
    switch self {
    case .network: fromLayouts ? .preload : row
    case .loaderPool(_, let lowPreloads): lowPreloads && row == .preload ? .preload : .visible
    case .inOrder: .preload
    }
  }

  /// Whether a row coming on screen moves its waiting content requests ahead.
  var promotesShownRows: Bool { self == .network }

  /// `spec` with the content host's connections held to the pool's threads.
  func applied(to spec: NetworkSpec) -> NetworkSpec {
    guard case .loaderPool(let threads, _) = self else { return spec }
    var result = spec
    result.content.maxInFlight = min(spec.content.maxInFlight, threads)
    return result
  }
}
