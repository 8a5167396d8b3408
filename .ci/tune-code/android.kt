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

