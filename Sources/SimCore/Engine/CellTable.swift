/// What the engine knows about each row's cell: its content, its rendering, and the
/// bookkeeping the metrics need (is it visible, since when, was its content ever seen).
struct CellState: Equatable {
  enum Content: Equatable {
    case none
    /// Requests are outstanding (their ids are kept in the table beside the cells, so a cell
    /// stays a plain value that is cheap to read every frame).
    case requested
    /// The cell holds its image (from a response or from the cache).
    case loaded
  }

  enum Render: Equatable {
    case none
    case queued(urgent: Bool)
    case rendering(token: Int)
    case done
  }

  var content = Content.none
  var render = Render.none
  /// A strategy asked to render ahead of display (`ListContext.prepareRender`).
  var renderWanted = false
  /// On a list that binds on the main thread: the row's view is bound (it came on screen, or a
  /// strategy bound it ahead); a row shown bound costs no bind.
  var isBound = false
  /// The content the cell holds is decoded: it draws with no decode (a background decoder's
  /// memory cache hands out decoded images; a decode finished).
  var isDecoded = false
  /// Content was asked for before the row's data arrived (placeholder feed): the image URL
  /// comes with the data, so the request goes out when the page lands.
  var contentAwaitsData = false
  /// For the image the latest fetch brought: whether it has been on screen, drawn (nil before
  /// any fetch). A fetch whose image is never seen before the next fetch or the end is wasted.
  var fetchShown: Bool?
  /// Content was loaded for this row before (a new request is a refetch).
  var everLoaded = false

  // The prefetch ledger's marks (`Simulation+Prefetch.swift`).
  /// A load went out while the row was off screen and the row has not been on screen since.
  var prefetchPending = false
  /// The row's latest load went out while it was off screen: what its image pushes out of the
  /// memory tier was pushed out by a prefetch.
  var latestLoadIsPrefetch = false
  /// A prefetched image pushed this row's image out of the memory tier, and it has not come
  /// back or been needed since.
  var evictedByPrefetch = false
  /// This visibility episode waits on a prefetch that was still in flight when it began.
  var waitsOnLatePrefetch = false

  /// On screen now (in the last frame).
  var isVisible = false
  /// Has been on screen in this session.
  var everVisible = false
  /// Content responses that arrived since the row last left the screen (none while on screen):
  /// at the end, responses that came after the row left for good.
  var responsesSinceLeaving: Int32 = 0
  /// On screen since this frame time, if visible.
  var visibleSince: SimTime?
  /// This visibility episode has had a frame with content.
  var filledThisEpisode = false
  /// The first outstanding content request's id (-1: none); later ones (a strategy's
  /// duplicates) are kept beside the cells (`CellTable`).
  var firstRequest = -1

  var hasContent: Bool { content == .loaded }
  /// Drawn (a pattern match: the synthesized `==` on `Render` was a call per visible cell per
  /// frame).
  var isRendered: Bool {
    if case .done = render { true } else { false }
  }
  var isContentRequested: Bool { contentAwaitsData || content == .requested }
}

/// The cells of every row that exists, and the outstanding content requests per row.
///
/// Cells are stored up to the furthest row the session touched, not for the whole list: a
/// placeholder list of ten million rows costs what its visited rows cost (as its layout does,
/// `ListLayout`). The array always ends with one cell never written, which every row past the
/// stored ones reads: so a read is one clamp and one load, and yields in place (a read with two
/// ways out is not inlined; a chunked table cost a tenth of a run).
struct CellTable {
  private(set) var cells = [CellState()]
  /// Outstanding content request ids after a row's first (`CellState.firstRequest`), in the
  /// order sent: rows with more than one are the exception (a strategy's duplicates), so the
  /// common row needs neither an array nor a hash.
  private(set) var laterRequests: [Int: [Int]] = [:]

  /// Rows that exist.
  private(set) var count = 0
  /// Where writes are noted, for a strategy that mirrors the list (`ListChanges`); nil for others.
  var changes: ListChanges?

  /// In-place access (a plain get/set would copy the cell out and back on every write). The
  /// small accessors are inlined: an outlined call on the engine's stored table copies the
  /// table (retaining its storage) around each call.
  @inline(__always) subscript(item: Int) -> CellState {
    _read {
      let last = cells.count - 1
      yield cells[item >= 0 && item < last ? item : last]
    }
    _modify {
      if item >= cells.count - 1 { store(through: item) }
      if let changes { changes.rows.append(item) }
      yield &cells[item]
    }
  }

  /// Stores cells through `item` (growing geometrically), the unwritten cell still last.
  private mutating func store(through item: Int) {
    let target = max(item + 2, min(2 * cells.count, count + 1))
    cells.append(contentsOf: repeatElement(CellState(), count: target - cells.count))
  }

  @inline(__always) func contains(_ item: Int) -> Bool { item >= 0 && item < count }

  /// Rows up to `count` exist. Their cells are stored now if the list is at most `limit` rows
  /// (`ListLayout.exactLengthUpTo`: one allocation instead of growing row by row), else when
  /// first written.
  mutating func grow(to count: Int, storingUpTo limit: Int = ListLayout.exactLengthLimit) {
    self.count = max(self.count, count)
    if count <= limit && cells.count < count + 1 {
      cells.append(contentsOf: repeatElement(CellState(), count: count + 1 - cells.count))
    }
  }

  /// How many rows' latest fetch brought an image that was never on screen.
  var unseenFetchCount: Int {
    cells.reduce(0) { $0 + ($1.fetchShown == false ? 1 : 0) }
  }

  /// Content responses that arrived after their row had left the screen for good.
  var responsesAfterLeaving: Int {
    cells.reduce(0) { $0 + Int($1.responsesSinceLeaving) }
  }

  /// The row's outstanding content requests, in the order sent.
  func requests(for item: Int) -> [Int] {
    self[item].firstRequest < 0 ? [] : [self[item].firstRequest] + (laterRequests[item] ?? [])
  }

  /// Calls `body` with each of the row's outstanding content requests, in the order sent.
  @inline(__always) func forEachRequest(of item: Int, _ body: (Int) -> Void) {
    let first = self[item].firstRequest
    guard first >= 0 else { return }
    body(first)
    if let later = laterRequests[item] { later.forEach(body) }
  }

  /// Whether request `id` is one of the row's outstanding ones.
  @inline(__always) func hasRequest(_ id: Int, for item: Int) -> Bool {
    let first = self[item].firstRequest
    return first == id || (first >= 0 && laterRequests[item]?.contains(id) == true)
  }

  /// A content request `id` for `item` went out.
  mutating func requested(_ item: Int, id: Int) {
    if self[item].firstRequest < 0 {
      self[item].firstRequest = id
    } else {
      laterRequests[item, default: []].append(id)
    }
    self[item].content = .requested
  }

  /// Forgets request `id` of `item`; returns whether others are still outstanding.
  mutating func forget(_ id: Int, of item: Int) -> Bool {
    if self[item].firstRequest == id && laterRequests[item] == nil {
      self[item].firstRequest = -1
      return false
    }
    var rest = requests(for: item)
    rest.removeAll { $0 == id }
    self[item].firstRequest = rest.first ?? -1
    laterRequests[item] = rest.count > 1 ? Array(rest.dropFirst()) : nil
    return !rest.isEmpty
  }

  /// Forgets every request of `item`; returns their ids.
  mutating func forgetAll(of item: Int) -> [Int] {
    let all = requests(for: item)
    dropRequests(of: item)
    return all
  }

  /// Forgets every request of `item` (without listing them).
  mutating func dropRequests(of item: Int) {
    guard self[item].firstRequest >= 0 else { return }
    self[item].firstRequest = -1
    if laterRequests[item] != nil { laterRequests[item] = nil }
  }

  /// The priority a content request for `item` deserves now.
  @inline(__always) func priority(of item: Int) -> RequestPriority {
    self[item].isVisible ? .visible : self[item].renderWanted ? .display : .preload
  }
}

extension CellTable {
  /// Its part of the metrics (`RunPart`): the rows' totals, at the session's end: images fetched and never shown are wasted.
  func report(into metrics: inout RunMetrics) {
    metrics.wastedContentRequests += unseenFetchCount
    metrics.responsesAfterLeaving = responsesAfterLeaving
  }
}
