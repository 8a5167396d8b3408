// The signatures the Kotlin that `scrollsim tune --stack android` prints calls, as their
// libraries declare them: androidx paging PagingConfig.kt @0ee887e4, androidx recyclerview
// RecyclerView.java @637e4015, bumptech/glide RecyclerViewPreloader.java @047c22d7 and
// Glide.java. Bodies are empty: kotlinc checks the printed code's names, argument labels and
// types against them (.ci/tune-code.py appends each snippet in a function of its own).
class PagingConfig(
  val pageSize: Int,
  val prefetchDistance: Int = pageSize,
  val enablePlaceholders: Boolean = true,
  val initialLoadSize: Int = pageSize * 3,
  val maxSize: Int = Int.MAX_VALUE,
  val jumpThreshold: Int = Int.MIN_VALUE
)
open class OnScrollListener
class RecyclerView {
  fun setItemViewCacheSize(size: Int) {}
  fun addOnScrollListener(listener: OnScrollListener) {}
}
class Fragment
class RequestManager
object Glide {
  fun with(fragment: Fragment): RequestManager = RequestManager()
}
interface PreloadModelProvider<T>
interface PreloadSizeProvider<T>
class RecyclerViewPreloader<T>(
  requestManager: RequestManager,
  preloadModelProvider: PreloadModelProvider<T>,
  preloadDimensionProvider: PreloadSizeProvider<T>,
  maxPreload: Int
) : OnScrollListener()

// The device class the per-class answer switches on (`tune` across a mix of phones): AOSP
// core/java/android/app/ActivityManager.java (getMemoryInfo, MemoryInfo.totalMem, API 16) and
// android/content/Context.java (getSystemService, ACTIVITY_SERVICE).
open class Context {
  fun getSystemService(name: String): Any? = null
  companion object {
    const val ACTIVITY_SERVICE: String = "activity"
  }
}
class ActivityManager {
  class MemoryInfo {
    var totalMem: Long = 0
  }
  fun getMemoryInfo(outInfo: MemoryInfo) {}
}
