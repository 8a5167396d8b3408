/// How a feed's rows arrive: appended page by page, or all known up front with their data fetched
/// by page (`FeedSpec.kind`, `feed.kind` in a scenario file).
public enum FeedKind: String, Equatable, Sendable, CaseIterable {
  /// Pages append at the end; the content grows; reaching the end while more exists stalls.
  case append
  /// Total count known up front: every row exists with its height, data is fetched by page
  /// (item range) in any order — what lazy loading needs from a server.
  case placeholder
}

package struct FeedSpec: Equatable, Sendable {
  package var kind: FeedKind
  /// Items per page. Default 20: seed 002's feed.
  package var pageSize: Int
  /// Items loaded before the trace starts (a multiple of `pageSize`). Default one page.
  package var initialItems: Int
  /// Total items the server has; nil = unbounded (a social feed). Required for placeholder.
  package var totalItems: Int?

  package init(kind: FeedKind = .append, pageSize: Int = 20, initialItems: Int = 20, totalItems: Int? = nil) {
    self.kind = kind
    self.pageSize = pageSize
    self.initialItems = initialItems
    self.totalItems = totalItems
  }
}
