/// Where a platform does the work of showing a row: binding it and decoding its image, on the
/// main (UI) thread inside a frame's budget or on background threads. A strategy states its
/// platform's (`ListCallbacks.threading`); a scenario can override either half
/// (`mainThread.bind`, `mainThread.decode`) for an app that differs.
///
/// The platforms, as read from their sources (`docs/main-thread.md` has the table):
/// - UIKit: `cellForItemAt` and `prefetchItemsAt` are `@MainActor` (UICollectionViewDataSource).
///   RecyclerView: `onBindViewHolder` runs on the UI thread (androidx `RecyclerView.java`).
///   Flutter builds on the UI thread; React Native renders on the JS thread, which feeds the UI.
///   A web page creates its rows in JavaScript on the main thread. All bind synchronously.
/// - Texture: `displaysAsynchronously` defaults to YES and cell nodes are allocated and laid out
///   on a background queue (`Source/ASDisplayNode.h`, `Source/Details/ASDataController.h`
///   @be0b74b4): it binds asynchronously, so a slow cell is blank, never a late frame.
/// - Image loaders decode in the background and keep decoded images in memory: SDWebImage
///   (`SDWebImageDownloaderOperation.m` @36e79ba4, a per-download coder queue), Nuke
///   (`ImagePipeline+Configuration.swift` @c4fc70af, `isDecompressionEnabled`), Glide
///   (`EngineJob.java` @bf4901de, decode executors), Flutter's engine (`image_decoder_skia.cc`
///   @97badba8, a worker), Chromium (raster and decode tasks on workers, `docs/how_cc_works.md`).
///   Kingfisher decodes at first render unless `backgroundDecode` is set
///   (`KingfisherOptionsInfo.swift` @410984bf), as a bare `UIImage` does: on the main thread.
public struct RowThreading: Equatable, Sendable {
  /// Where a row is bound.
  public enum Bind: String, Sendable, CaseIterable {
    /// On the main thread, in the frame in which the row is needed (or ahead, when a strategy
    /// prepares it): a slow bind makes that frame late, never the row blank.
    case synchronous
    /// On background workers (Texture): the row is blank until its rendering is done.
    case asynchronous
  }

  /// Where a row's image is decoded.
  public enum Decode: String, Sendable, CaseIterable {
    /// In the frame that first shows the image: a slow decode makes that frame late.
    case main
    /// On background workers; the memory cache holds decoded images, which a bind shows at once.
    case background
  }

  public var bind: Bind
  public var decode: Decode

  public init(bind: Bind, decode: Decode) {
    self.bind = bind
    self.decode = decode
  }

  /// A list that binds on the main thread over an image loader that decodes in the background:
  /// UIKit or RecyclerView with SDWebImage, Nuke or Glide, Flutter, React Native, the web.
  public static let platformDefault = RowThreading(bind: .synchronous, decode: .background)
}
