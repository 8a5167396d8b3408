// The signatures the Kotlin that `scrollsim tune --stack android` prints calls, as their
// libraries declare them: androidx paging PagingConfig.kt @0ee887e4, Pager.kt, PagingSource.kt,
// PagingDataAdapter.kt (submitData is suspending) and kotlinx.coroutines' collectLatest and
// launch; androidx lifecycle's Fragment.viewLifecycleOwner and LifecycleOwner.lifecycleScope; androidx recyclerview
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
// The layout managers a grid's answer sets (androidx recyclerview GridLayoutManager.java,
// StaggeredGridLayoutManager.java @637e4015: (context, spanCount), (spanCount, orientation)).
open class LayoutManager
class GridLayoutManager(context: Context, spanCount: Int) : LayoutManager()
class StaggeredGridLayoutManager(spanCount: Int, orientation: Int) : LayoutManager() {
  companion object {
    const val VERTICAL: Int = 1
  }
}
class RecyclerView {
  var adapter: PagingDataAdapter<*>? = null
  var layoutManager: LayoutManager? = null
  fun setItemViewCacheSize(size: Int) {}
  fun addOnScrollListener(listener: OnScrollListener) {}
}
class Fragment {
  val viewLifecycleOwner: LifecycleOwner = LifecycleOwner()
}
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

// Paging 3's pager and adapter, the coroutine that collects its flow (Paging 3.3: Pager.kt,
// PagingDataAdapter.kt; kotlinx.coroutines: Flow.collectLatest, CoroutineScope.launch;
// androidx.lifecycle: LifecycleOwner.lifecycleScope).
abstract class PagingSource<Key : Any, Value : Any>
class PagingData<T : Any>
interface Flow<T> {
  suspend fun collectLatest(action: suspend (T) -> Unit) {}
}
class Pager<Key : Any, Value : Any>(
  config: PagingConfig,
  initialKey: Key? = null,
  pagingSourceFactory: () -> PagingSource<Key, Value>
) {
  val flow: Flow<PagingData<Value>> = object : Flow<PagingData<Value>> {}
}
abstract class PagingDataAdapter<T : Any> {
  suspend fun submitData(pagingData: PagingData<T>) {}
}
class CoroutineScope {
  fun launch(block: suspend CoroutineScope.() -> Unit) {}
}
class LifecycleOwner
val LifecycleOwner.lifecycleScope: CoroutineScope
  get() = CoroutineScope()
