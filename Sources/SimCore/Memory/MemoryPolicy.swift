/// What a platform's list and image library hold in memory while a list scrolls: the decoded-
/// image memory cache and its default budget, the size images are decoded at, the row views
/// kept besides the built rows, and whether the library trims at the system's warning. A
/// strategy states its platform's (`ListCallbacks.memoryPolicy`); a scenario can override the
/// budget (`cache.memory`) and the decode size (`image.decodeSize`).
///
/// Sources: `../shared/reference/memory.md` §1, §3 and §4, which cites each library's file and
/// commit; the static members below repeat the constants they copy.
public struct MemoryPolicy: Equatable, Sendable {
  /// The decoded-image memory cache's default budget.
  package var memoryCache: CacheBudget
  /// The most images it keeps whatever their bytes (nil: no such limit).
  package var memoryCacheEntries: Int?
  /// The largest decoded image it keeps (bytes; nil: any that fits the budget).
  package var memoryCacheMaxImageBytes: Double?
  /// The encoded-image disk cache's default budget (bytes; infinity: no limit; 0: none).
  package var diskCache: Double
  /// Where images are decoded (at the view's size or the source's).
  package var decodeSize: DecodeSize
  /// Row views alive besides the built rows (`RowPool`).
  package var pool: RowPool
  /// Whether a row kept built off screen keeps its decoded image. False on the web: an `<img>`
  /// off screen keeps its encoded resource, and its decoded pixels live only in the decode
  /// cache, which evicts them by its own budget.
  package var offscreenRowsHoldDecoded: Bool
  /// Whether the library empties its memory cache when the system warns (iOS memory warnings;
  /// Flutter's `handleMemoryPressure`; Chromium at critical pressure). Images rows still show
  /// stay, as they are held by their views.
  package var trimsOnWarning: Bool
  /// Whether the app can be killed: false only for the clairvoyant limit, which bounds the wait
  /// and reports its memory without being held to a budget.
  package var canBeKilled: Bool
  /// Where images are decoded: nil, as they arrive (an image library decodes a response before
  /// it caches it); a distance (screen px), only once their row is within it of the viewport,
  /// above or below (a browser's compositor decodes the images of the tiles it rasterizes or
  /// predecodes, and an `<img>` far away keeps only its encoded resource).
  package var decodeBand: Double?
  /// The band while the list is at rest, where it differs (screen px; nil: `decodeBand`): the
  /// list rests when its offset is the one of two frames before.
  package var restingDecodeBand: Double?
  /// While the list moves, the band's reach behind the motion, over the rows the list leaves
  /// (nil: as far as ahead). See `chromium`.
  package var trailingDecodeBand: SoonBorder?
  /// Where a loading image drawn with part of its bytes keeps that decode beside the whole's
  /// (nil: never). See `chromium`.
  package var partialDecode: PartialDecode?
  /// The width (px) the app's code tells its image library to decode at (Flutter's
  /// `cacheWidth`, Glide's `override`), at most the source's and whatever the view's size; it
  /// wins over the scenario's `image.decodeWidth`. nil: none set in code.
  package var decodeWidth: Double?

  package init(
    memoryCache: CacheBudget, diskCache: Double, decodeSize: DecodeSize, pool: RowPool,
    offscreenRowsHoldDecoded: Bool = true, trimsOnWarning: Bool, canBeKilled: Bool = true,
    decodeBand: Double? = nil, restingDecodeBand: Double? = nil, trailingDecodeBand: SoonBorder? = nil,
    memoryCacheEntries: Int? = nil, partialDecode: PartialDecode? = nil
  ) {
    self.memoryCache = memoryCache
    self.diskCache = diskCache
    self.decodeSize = decodeSize
    self.pool = pool
    self.offscreenRowsHoldDecoded = offscreenRowsHoldDecoded
    self.trimsOnWarning = trimsOnWarning
    self.canBeKilled = canBeKilled
    self.decodeBand = decodeBand
    self.restingDecodeBand = restingDecodeBand
    self.trailingDecodeBand = trailingDecodeBand
    self.memoryCacheEntries = memoryCacheEntries
    self.partialDecode = partialDecode
  }
}

/// A decode of a loading image's partial data, kept beside the decode of the whole: the
/// platform draws an image while its bytes arrive, and keys its decodes by the data they
/// decoded. Whether the draw comes before the rest of the bytes is a race between the
/// network and the compositor's raster; the model counts its expected bytes, deterministic.
///
/// Images whose bytes took `after` seconds or more to arrive (first to last) count
/// `1 + share` decodes where their decode holds `minimumBytes` or more, `1 + smallerShare`
/// where it holds less. Both the time and the size mattered in the rows measured
/// (`MemoryPolicy.chromium`); why the size does is not known.
package struct PartialDecode: Equatable, Sendable {
  /// The shortest transfer (s) that can be drawn before its last byte.
  package var after: Double
  /// The smallest decode (bytes, its mip level included) that keeps a partial one at `share`.
  package var minimumBytes: Double
  /// The share of those images decoded twice.
  package var share: Double
  /// The share of the images with smaller decodes decoded twice.
  package var smallerShare: Double

  package init(after: Double, minimumBytes: Double, share: Double, smallerShare: Double = 0) {
    self.after = after
    self.minimumBytes = minimumBytes
    self.share = share
    self.smallerShare = smallerShare
  }

  /// The expected share of a second decode of an image of `bytes` decoded whose transfer took
  /// `seconds`.
  package func share(seconds: Double, bytes: Double) -> Double {
    guard seconds >= after else { return 0 }
    return bytes >= minimumBytes ? share : smallerShare
  }
}

/// Chromium's soon border: the ring around the viewport whose tiles are rasterized soon, a
/// share of the viewport's longer side, at most a distance (`ComputeSoonBorderRect`, `cc/tiles/
/// picture_layer_tiling_set.cc` @06502b05: `kSoonBorderDistanceViewportPercentage` 0.15,
/// `kMaxSoonBorderDistanceInScreenPixels` 312, which the source multiplies by the contents
/// scale).
package struct SoonBorder: Equatable, Sendable {
  /// The share of the viewport's longer side.
  package var viewportShare: Double
  /// The most, in screen px before the source's scaling.
  package var maxDistance: Double

  package init(viewportShare: Double, maxDistance: Double) {
    self.viewportShare = viewportShare
    self.maxDistance = maxDistance
  }

  /// Its reach (points) around a viewport `width` × `height` points at `density` px per point:
  /// the source's arithmetic in layer space, where a point is a CSS px.
  package func points(width: Double, height: Double, density: Double) -> Double {
    min(maxDistance * density, viewportShare * max(width, height))
  }
}

/// A memory cache's default budget, as each library words it.
package enum CacheBudget: Equatable, Sendable {
  case bytes(Double)
  /// Screens of ARGB pixels, at most a share of Android's memory class (Glide).
  case screens(Double, atMostShareOfMemoryClass: Double)
  case shareOfMemoryClass(Double)
  /// Bytes, at most a share of the device's RAM (Chromium's discardable memory).
  case bytesAtMostShareOfDevice(Double, share: Double)
  /// No limit but the system's warning (`NSCache` with no cost limit).
  case unlimited

  /// The budget in bytes on `memory`'s device, with `screenBytes` the bytes of one screen of
  /// decoded pixels.
  package func bytes(memory: MemorySpec, screenBytes: Double) -> Double {
    switch self {
    case .bytes(let bytes): bytes
    case .screens(let screens, let share): min(screens * screenBytes, share * memory.memoryClassMB * MemoryUnits.mb)
    case .shareOfMemoryClass(let share): share * memory.memoryClassMB * MemoryUnits.mb
    case .bytesAtMostShareOfDevice(let bytes, let share): min(bytes, share * memory.deviceMB * MemoryUnits.mb)
    case .unlimited: .infinity
    }
  }
}

/// Row views a list keeps alive besides the rows it has built.
package enum RowPool: Equatable, Sendable {
  /// A fixed number of spare views (RecyclerView's view cache and pool; UIKit's reuse queue).
  case spare(Int)
  /// Every view ever made stays, in use or pooled: the most rows built at once so far
  /// (FlashList's recycle pool, "no limit by default").
  case highWater
  /// Every row laid out stays (a web page that appends rows to its DOM and never removes them).
  case everyRow
}

/// Megabytes as phones report them (Xcode's memory gauge, `dumpsys meminfo`'s kB, Android's
/// `192m` heap limits): 2^20 bytes.
package enum MemoryUnits {
  package static let mb = 1_048_576.0
}

extension MemoryPolicy {
  /// Android: RecyclerView with Glide (`MemorySizeCalculator.java` @bf4901de): a memory cache
  /// of 2 screens of ARGB_8888 pixels, the whole budget capped at 0.4 × memoryClass; decodes
  /// near the view's size (`DownsampleStrategy.DEFAULT = CENTER_OUTSIDE`, never upscaling);
  /// RecyclerView keeps `DEFAULT_CACHE_SIZE = 2` views bound and `DEFAULT_MAX_SCRAP = 5`
  /// unbound per view type (`RecyclerView.java` @0281d58d); a disk cache of 250 MB
  /// (`DiskCache.java`), which keeps the source data of remote images. No trim in the foreground: Android
  /// has not delivered `onTrimMemory` RUNNING_* levels since API 34 (ComponentCallbacks2).
  /// Simplified: Glide's bitmap pool (1 screen on API 26+) is left out.
  public static let glide = MemoryPolicy(
    memoryCache: .screens(2, atMostShareOfMemoryClass: 0.4), diskCache: 250 * MemoryUnits.mb,
    decodeSize: .view, pool: .spare(7),
    trimsOnWarning: false)

  /// Android, Jetpack Compose with Coil 3 (coil-kt/coil `coil-core/src/androidMain/kotlin/coil3/
  /// util/contexts.kt` @05e41b50): a memory cache of `STANDARD_MEMORY_MULTIPLIER = 0.2` of the
  /// memory class (`MemoryCache.Builder().maxSizePercent`; `LOW_MEMORY_MULTIPLIER = 0.15` on a
  /// low-RAM device), a disk cache of 2 % of the free disk within 10–250 MB (`DiskCache.Builder`),
  /// decodes at the size `AsyncImage`'s constraints give; a lazy layout keeps 7 items for reuse
  /// (androidx `compose/foundation/…/lazy/layout/LazyLayout.kt`: `MaxItemsToRetainForReuse = 7`,
  /// "the same number … as RecyclerView does: 5 + 2"). No foreground trim (as Glide's).
  /// Simplified: the disk cache is its 250 MB cap (a phone with 12.5 GB free or more); Coil's
  /// weak-reference cache and low-RAM devices are left out.
  package static func coil(memoryCacheShare: Double) -> MemoryPolicy {
    MemoryPolicy(
      memoryCache: .shareOfMemoryClass(memoryCacheShare), diskCache: 250 * MemoryUnits.mb, decodeSize: .view,
      pool: .spare(7), trimsOnWarning: false)
  }

  /// Coil 3 with its default memory cache.
  public static let coil = coil(memoryCacheShare: 0.2)

  /// iOS: UIKit with SDWebImage (`SDImageCacheConfig.m` @36e79ba4): `maxMemoryCost` 0, no
  /// limit; an `NSCache` cleared on memory warning (`SDMemoryCache.m`); a disk cache with no
  /// size limit, entries kept a week; decodes at the
  /// source's size unless `SDWebImageScaleDownLargeImages`. UIKit's reuse queue: ASSUMPTION,
  /// 2 spare cells (a cell that leaves waits there for the next row).
  public static let sdWebImage = MemoryPolicy(
    memoryCache: .unlimited, diskCache: .infinity, decodeSize: .source, pool: .spare(2),
    trimsOnWarning: true)

  /// Flutter (`painting/image_cache.dart`): 1000 images or 100 MiB, least recently used out,
  /// and images with listeners (every built child's) live outside it, never evicted;
  /// `Image.network` decodes at the source's size unless `cacheWidth` is given (`ResizeImage`);
  /// elements of children that leave the cache extent are disposed, none pooled;
  /// `PaintingBinding.handleMemoryPressure` clears the cache (`painting/binding.dart`).
  /// `Image.network` has no disk cache (apps add one with a package: set `cache.disk`).
  public static let flutter = MemoryPolicy(
    memoryCache: .bytes(100 * MemoryUnits.mb), diskCache: 0, decodeSize: .source,
    pool: .spare(0),
    trimsOnWarning: true)

  /// React Native on Android, FlatList: Fresco (`DefaultBitmapMemoryCacheParamsSupplier.java`
  /// @1566dd8f), memoryClass / 4 of decoded bitmaps, at the source's size (resizing needs
  /// `ResizeOptions`, which React Native's `Image` does not set); FlatList unmounts rows outside
  /// its window, none pooled; a main disk cache of 40 MB (`DiskCacheConfig.java`). No
  /// foreground trim (as Glide's).
  public static let fresco = MemoryPolicy(
    memoryCache: .shareOfMemoryClass(0.25), diskCache: 40 * MemoryUnits.mb,
    decodeSize: .source, pool: .spare(0),
    trimsOnWarning: false)

  /// React Native on iOS: `RCTImageLoader` decodes each image at its view's size
  /// (`RCTResizeImageIfNeeded`) into `RCTImageCache`, an `NSCache` of 20 MiB that keeps no
  /// decode over 2 MiB and is cleared at a memory warning (facebook/react-native
  /// `packages/react-native/Libraries/Image/RCTImageCache.m` @9b2161ee:
  /// `RCTImageCacheTotalCostLimit = 20 * 1024 * 1024`, `RCTMaxCacheableDecodedImageSizeInBytes
  /// = 2 * 1024 * 1024`; `RCTImageLoader.mm`). Its bytes come through `NSURLSession`'s default
  /// configuration, whose shared `URLCache` holds them on disk: its size is not in React
  /// Native's source, an ASSUMPTION of 10 MB. `pool` is the list's (FlatList none, FlashList
  /// its recycle pool).
  package static func reactNativeIOS(pool: RowPool) -> MemoryPolicy {
    var policy = MemoryPolicy(
      memoryCache: .bytes(20 * MemoryUnits.mb), diskCache: 10_000_000, decodeSize: .view, pool: pool,
      trimsOnWarning: true)
    policy.memoryCacheMaxImageBytes = 2 * MemoryUnits.mb
    return policy
  }

  /// FlashList over Fresco: the same cache, and a recycle pool with "no limit by default"
  /// (`FlashListProps.ts` `maxItemsInRecyclePool`, flash-list @4c6abc3b).
  package static let flashList = MemoryPolicy(
    memoryCache: .shareOfMemoryClass(0.25), diskCache: 40 * MemoryUnits.mb,
    decodeSize: .source, pool: .highWater,
    trimsOnWarning: false)

  /// The web, Chromium (software raster, as measured by `Validation/run.sh --memory`; the story,
  /// the per-row dumps and what is simplified: `docs/memory.md`, "What is counted" and "Checked
  /// in Chromium"). Chromium decodes only the images of rows its compositor rasterizes and
  /// keeps what it decoded until the discardable budget purges it, so a feed's footprint
  /// follows its band, not its cache.
  /// - Band: 1,000 px while the list moves (`max_preraster_distance_in_screen_pixels`,
  ///   `cc/trees/layer_tree_settings.h` @01583c06), 312 px at rest (`min_preraster_distance`,
  ///   `kMaxSoonBorderDistanceInScreenPixels`, `cc/tiles/picture_layer_tiling_set.cc` @06502b05);
  ///   behind the motion the soon border only (`SoonBorder`: 0.15 of the viewport's longer side,
  ///   at most 312 px scaled). The list moves when its offset differs from two frames before
  ///   (`ComputeSkewport`). ASSUMPTION: rows the list left never wait long enough to be
  ///   rasterized. Simplified: the skewport and the 256 px tiles' rounding.
  /// - Size: the source plus a mip level (`DecodedImageSize`).
  /// - Kept: up to 1,000 entries (`software_image_decode_cache.cc` @f24a8e13), purged least
  ///   recently used beyond 128 MiB, at most a quarter of RAM (`discardable_shared_memory_manager.cc`
  ///   @03f9a929, `GetDefaultMaxBytes`; 512 MiB off Android). Simplified: no low-end eighth.
  /// - Decoded twice, sometimes, while the bytes arrive (`ImageResource::AppendData`,
  ///   `kFlushDelay`, `image_resource.cc` @05f31cbd; decodes keyed by content,
  ///   `software_image_decode_cache_utils.cc` @022fafff): `PartialDecode(after: 0.08,
  ///   minimumBytes: 5 MiB, share: 0.7, smallerShare: 0.2)`, an ASSUMPTION fitted to the dumps.
  /// - Rows appended to the DOM stay; the HTTP cache: ASSUMPTION, no limit at a session's scale.
  package static let chromium = MemoryPolicy(
    memoryCache: .bytesAtMostShareOfDevice(128 * MemoryUnits.mb, share: 0.25), diskCache: .infinity,
    decodeSize: .sourceAndMip, pool: .everyRow,
    offscreenRowsHoldDecoded: false, trimsOnWarning: true, decodeBand: 1000, restingDecodeBand: 312,
    trailingDecodeBand: SoonBorder(viewportShare: 0.15, maxDistance: 312), memoryCacheEntries: 1000,
    partialDecode: PartialDecode(after: 0.08, minimumBytes: 5 * MemoryUnits.mb, share: 0.7, smallerShare: 0.2))

  /// Firefox and WebKit: ASSUMPTION, Chromium's budget and band (none of theirs was read or
  /// measured), without its second decode: Gecko's `RasterImage` and WebKit's `BitmapImage`
  /// decode a loading image progressively into the one image, not a new content per update.
  package static let otherBrowsers: MemoryPolicy = {
    var policy = chromium
    policy.partialDecode = nil
    return policy
  }()

  /// The clairvoyant limit: keeps all it loaded, at the view's size, with no cache budget and
  /// no kill. It bounds the wait; its memory is reported, never held against it.
  package static let limit = MemoryPolicy(
    memoryCache: .unlimited, diskCache: .infinity, decodeSize: .view, pool: .spare(0),
    trimsOnWarning: false,
    canBeKilled: false)
}
