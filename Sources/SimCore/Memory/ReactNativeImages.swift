/// The image component a React Native list's rows draw with, and what it holds on each platform:
/// React Native's own `Image`, expo-image or react-native-fast-image (the `images`, `cachePolicy`
/// and `prefetch` parameters of `flatlist` and `flashlist`). The library follows the session's
/// platform (its device profile): one app's FlashList holds Glide's caches on a Pixel and
/// SDWebImage's on an iPhone with expo-image. A session that names no device is Android's, as
/// before.
///
/// Sources (each constant repeats what it copies):
/// - React Native's `Image`: Fresco on Android, `RCTImageLoader`/`RCTImageCache` on iOS
///   (`MemoryPolicy.fresco`, `.reactNativeIOS`, cited there).
/// - expo-image: expo/expo `packages/expo-image/android/src/main/java/expo/modules/image/
///   ExpoImageViewWrapper.kt` @356bdad7 `createPropOptions` — `skipMemoryCache(true)` unless
///   `cachePolicy` is `memory-disk` or `memory`, `DiskCacheStrategy.NONE` for `none` and
///   `memory`; decodes through `ContentFitDownsampleStrategy` (at the view's size, as
///   `allowDownscaling` defaults to true); `ExpoImageAppGlideModule.kt` @00fc46c1 configures no
///   cache, so Glide's defaults hold (`MemoryPolicy.glide`). iOS: `ImageView.swift` (the
///   `SDWebImageContext` of a load, read at a stored version of expo/expo): the *original*
///   image is queried and stored in `SDImageCache.shared` by `cachePolicy`
///   (`originalQueryCacheType`/`originalStoreCacheType`), the downscaled one never
///   (`queryCacheType`/`storeCacheType` none); that cache keeps SDWebImage's defaults
///   (`MemoryPolicy.sdWebImage`: no memory limit, cleared at a warning, no disk limit). The
///   `cachePolicy` prop defaults to `disk` on both platforms (`ImageModule.swift`,
///   `ExpoImageModule.kt`: `cachePolicy ?: CachePolicy.DISK`).
/// - `Image.prefetch(urls, cachePolicy = 'memory-disk')` (expo-image `build/Image.js` 1.12.15):
///   Glide `.load(…).submit()` on Android, `SDWebImagePrefetcher.shared` on iOS.
/// - react-native-fast-image: DylanVann/react-native-fast-image `android/…/
///   FastImageViewConverter.java` @0053c5f5 `getOptions` — `cache: 'immutable'` by default,
///   Glide's defaults (memory cache, `DiskCacheStrategy.AUTOMATIC`); iOS through SDWebImage's
///   `sd_setImageWithURL` with its defaults (memory and disk, the source's size).
///   `FastImage.preload` is Glide's preload and `SDWebImagePrefetcher`.
///
/// Simplified: `prefetch` asks for every image of each page as it lands, at the network's
/// preload priority, without the prefetcher's own concurrency limit (SDWebImage's 3); a
/// prefetched image is held as its row's content until the list mounts and lets go of the row,
/// so prefetching under `cachePolicy: 'disk'` counts one decode where expo-image makes two (the
/// prefetch's into a memory cache the view does not read, and the view's from disk). On iOS,
/// expo-image's memory tier holds the source-size original the view's downscaled decode came
/// from; the model counts one decode per image at the policy's size.
package struct ReactNativeImages: Sendable, Equatable {
  /// The component the rows use.
  package enum Library: String, CaseIterable, Sendable {
    case rnImage = "rn-image"
    case expoImage = "expo-image"
    case fastImage = "fast-image"
  }

  /// expo-image's `cachePolicy` prop.
  package enum CachePolicy: String, CaseIterable, Sendable {
    case none, disk, memory
    case memoryDisk = "memory-disk"

    /// Whether decoded images go into (and are read from) the memory cache.
    var usesMemory: Bool { self == .memory || self == .memoryDisk }
    /// Whether encoded images go into (and are read from) the disk cache.
    var usesDisk: Bool { self == .disk || self == .memoryDisk }
  }

  package var library: Library
  package var cachePolicy: CachePolicy
  /// Whether the app prefetches each new page's images (`Image.prefetch`, `FastImage.preload`).
  package var prefetchesPages: Bool

  /// The parameters `flatlist` and `flashlist` declare for it.
  package static let parameters: [ParameterInfo] = [
    ParameterInfo(
      "images", .choice(Library.allCases.map(\.rawValue)), default: "rn-image",
      "the rows' image component: rn-image (React Native's Image: Fresco, RCTImageCache), expo-image or fast-image (Glide on Android, SDWebImage on iOS)"
    ),
    ParameterInfo(
      "cachePolicy", .choice(CachePolicy.allCases.map(\.rawValue)), default: "disk",
      "expo-image's cachePolicy prop (disk: no memory cache; memory-disk: both)"),
    ParameterInfo(
      "prefetch", .choice(["none", "page"]), default: "none",
      "page: Image.prefetch (FastImage.preload) of each new page's images as it lands"),
  ]

  package init(library: Library = .rnImage, cachePolicy: CachePolicy = .disk, prefetchesPages: Bool = false) {
    self.library = library
    self.cachePolicy = cachePolicy
    self.prefetchesPages = prefetchesPages
  }

  package init(parameters: StrategyParameters) {
    self.init(
      library: Library(rawValue: parameters.string("images")) ?? .rnImage,
      cachePolicy: CachePolicy(rawValue: parameters.string("cachePolicy")) ?? .disk,
      prefetchesPages: parameters.string("prefetch") == "page")
  }

  /// What the rows' images hold on `platform` (nil: none named, Android's), with the list's
  /// pooled views.
  package func memoryPolicy(on platform: DevicePlatform?, pool: RowPool) -> MemoryPolicy {
    let ios = platform == .ios
    var policy: MemoryPolicy
    switch library {
    case .rnImage:
      if ios { return .reactNativeIOS(pool: pool) }
      policy = .fresco
    case .fastImage:
      policy = ios ? .sdWebImage : .glide
    case .expoImage:
      policy = ios ? .sdWebImage : .glide
      if !cachePolicy.usesMemory {
        policy.memoryCache = .bytes(0)
        // Only the view holds a decode, downscaled to it (`allowDownscaling`).
        policy.decodeSize = .view
      }
      if !cachePolicy.usesDisk { policy.diskCache = 0 }
    }
    policy.pool = pool
    return policy
  }

  /// The images of page `page`'s rows that no request has asked for yet, asked for now, when the
  /// app prefetches pages.
  package func pageDidLoad(_ list: any ListContext, page: Int) {
    guard prefetchesPages else { return }
    let pageSize = max(list.pageSize, 1)
    let start = page * pageSize
    let end = min(list.itemCount, start + pageSize)
    guard start >= 0, start < end else { return }
    for item in start..<end where list.needsContent(item) {
      list.requestContent(item)
    }
  }
}
