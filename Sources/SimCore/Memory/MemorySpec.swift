/// The phone's memory as the app sees it: how much there is, where the app is killed, where the
/// system warns, and what the app holds besides the list (`docs/memory.md`).
///
/// Defaults are the `mid` device's (`DeviceProfiles`), from `../shared/reference/memory.md` §5:
/// - `deviceMB` 2813 and `limitMB` 1792: an iPhone XR's RAM and the footprint at which jetsam
///   killed a test app (Stack Overflow 5887248, "ios app maximum memory budget": crash / total).
/// - `memoryClassMB` 192: Android's `getMemoryClass()` (`dalvik.vm.heapgrowthlimit`) in AOSP's
///   presets for 1, 2 and 4 GB phones (`LineageOS/android_frameworks_native`
///   build/phone-xhdpi-{1024,2048,4096}-dalvik-heap.mk @570bbdf4, @6663bcd6, @0a2e965f). The
///   image libraries of Android size their caches from it.
/// - `warningMB`: ASSUMPTION, 80 % of the limit. iOS sends memory warnings "best-effort" before
///   jetsam (Apple) and Android has delivered no RUNNING_* trim to a foreground app since API 34:
///   no source gives a level. Libraries that listen clear their memory caches there.
/// - `baselineMB` 150: ASSUMPTION, the app with an empty list (runtime, code, fonts, the
///   navigation around the list). Read yours from Xcode's memory gauge or `dumpsys meminfo`.
/// - `rowKB` 40: ASSUMPTION, one built row without its image (a cell's views and layers, a
///   widget/element/render-object subtree, a DOM row). Measure: the footprint of a list of
///   N image-less rows, less the empty list's, over N.
package struct MemorySpec: Equatable, Sendable {
  /// The phone's RAM (MB), as the device profiles give it. No library modelled yet sizes its
  /// cache from it (Kingfisher's 25 % and Nuke's 15 % of RAM would).
  package var deviceMB: Double
  /// The footprint (MB) at which the app is killed; nil: never (a run is only measured).
  package var limitMB: Double?
  /// The footprint (MB) above which the system warns; nil: 80 % of `limitMB`.
  package var warningMB: Double?
  /// Android's memory class (MB): Glide's, Fresco's and Coil's budgets are shares of it.
  package var memoryClassMB: Double
  /// What the app holds besides the list (MB).
  package var baselineMB: Double
  /// One built row's views, widgets or DOM nodes, without its image (KB).
  package var rowKB: Double

  package init(
    deviceMB: Double = 2813, limitMB: Double? = 1792, warningMB: Double? = nil, memoryClassMB: Double = 192,
    baselineMB: Double = 150, rowKB: Double = 40
  ) {
    self.deviceMB = deviceMB
    self.limitMB = limitMB
    self.warningMB = warningMB
    self.memoryClassMB = memoryClassMB
    self.baselineMB = baselineMB
    self.rowKB = rowKB
  }

  /// The section as JSON (`scrollsim scenario`; device profiles overlay it).
  package var json: JSONValue {
    .object([
      ("deviceMB", .number(deviceMB)), ("limitMB", limitMB.map { .number($0) } ?? .null),
      ("warningMB", warningMB.map { .number($0) } ?? .null), ("memoryClassMB", .number(memoryClassMB)),
      ("baselineMB", .number(baselineMB)), ("rowKB", .number(rowKB)),
    ])
  }

  /// Where the system warns (MB), if anywhere.
  package var warningLevelMB: Double? { warningMB ?? limitMB.map { $0 * 0.8 } }
}

/// The images the rows show, as decoded in memory (`docs/memory.md`).
///
/// - `sourceWidth` 1080 px: ASSUMPTION, the width feeds commonly serve photos at (Instagram keeps
///   a shared photo at its original resolution when it is 320–1080 px wide,
///   help.instagram.com/1631821640426723). The height follows the row's shape.
/// - `bytesPerPixel` 4: Android's `Bitmap.Config.ARGB_8888` (Glide's default `DecodeFormat`) and
///   iOS's `kBytesPerPixel` (SDWebImage `SDImageCoderHelper.m` @36e79ba4); 2 for RGB_565, 8 for
///   wide colour.
/// - `decodeSize`: nil keeps the image library's (`MemoryPolicy.decodeSize`).
/// - `decodeBand`: nil keeps the platform's (`MemoryPolicy.decodeBand`); a distance (screen px)
///   decodes images only once their row is within it of the viewport.
package struct ImageSpec: Equatable, Sendable {
  /// The served image's width (px); its height follows `aspect`.
  package var sourceWidth: Distribution
  /// The image's height over its width (1: square; a file's "3:4" is width : height, 4/3);
  /// nil: the image fills its row, as tall as the row (a card whose picture is the whole card).
  package var aspect: Double?
  /// The width the library decodes at, at most (px): Flutter's `cacheWidth`, Glide's
  /// `override`, Coil's `size`, SDWebImage's thumbnail size; nil: the library's own size.
  package var decodeWidth: Double?
  package var bytesPerPixel: Double
  /// Decode at the view's size, the source's, or the source's and its mip; nil: the strategy's
  /// library decides.
  package var decodeSize: DecodeSize?
  /// Decode only within this distance of the viewport (screen px); nil: the platform decides.
  package var decodeBand: Double?

  package init(
    sourceWidth: Distribution = .fixed(1080), bytesPerPixel: Double = 4, decodeSize: DecodeSize? = nil,
    decodeBand: Double? = nil, aspect: Double? = nil, decodeWidth: Double? = nil
  ) {
    self.sourceWidth = sourceWidth
    self.aspect = aspect
    self.decodeWidth = decodeWidth
    self.bytesPerPixel = bytesPerPixel
    self.decodeSize = decodeSize
    self.decodeBand = decodeBand
  }
}

/// Where an image library decodes an image: at the size of the view that shows it (never larger
/// than the source), at the source's size, or at the source's size plus the mip level it is drawn
/// at (Chromium's compositor: `DecodedImageSize`).
package enum DecodeSize: String, Equatable, Sendable, CaseIterable {
  case view
  case source
  case sourceAndMip
}
