/// What the engine knows about one row: its content, its rendering, and the bookkeeping the
/// metrics need (is it on screen, since when, was its content ever seen).
struct CellState {
  enum Content: Equatable {
    case none
    /// Requests are outstanding (their ids are kept beside the cells, so a cell stays a plain
    /// value that is cheap to read every frame).
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
  /// A strategy asked to render ahead of display (Texture's display range).
  var renderWanted = false
  /// Content was asked for before the row's data arrived (placeholder feed): the image URL
  /// comes with the data, so the request goes out when the page lands.
  var contentAwaitsData = false
  /// For the image the latest fetch brought: whether it has been on screen, drawn (nil before
  /// any fetch). A fetch whose image is never seen before the next fetch or the end is wasted.
  var fetchShown: Bool?
  /// Content was loaded for this row before (a new request is a refetch).
  var everLoaded = false

  /// On screen now (in the last displayed frame).
  var isDisplayed = false
  /// On screen since this frame time, if visible.
  var visibleSince: SimTime?
  /// This visibility episode has had a frame with content.
  var filledThisEpisode = false
}

/// The bookkeeping of one page of rows.
struct PageState {
  var loaded = false
  var outstanding = 0
  /// At least one of its rows was on screen with its data.
  var shown = false
  /// Bytes-carrying responses that arrived for it.
  var responses = 0
}
