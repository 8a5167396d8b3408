// The signatures the Kotlin that `scrollsim tune --stack compose` prints calls, beside
// android.kt's (Pager, PagingConfig, PagingSource, Flow, Context), as their libraries declare
// them: androidx compose foundation `lazy/layout/LazyLayoutCacheWindow.kt` (LazyLayoutCacheWindow
// in dp or viewport fractions, isNonScrollCachingEnabled), `lazy/LazyListState.kt` and
// `lazy/grid/LazyGridState.kt` (rememberLazyListState / rememberLazyGridState(cacheWindow, …),
// Foundation 1.9+), `lazy/LazyDsl.kt`, `lazy/grid/LazyGridDsl.kt`,
// `lazy/staggeredgrid/LazyStaggeredGridDsl.kt`, `layout/Arrangement.kt`, `layout/Padding.kt`;
// androidx paging-compose `LazyPagingItems.kt` (collectAsLazyPagingItems, itemCount, get, itemKey);
// androidx activity-compose (setContent); coil-kt/coil 3 `ImageLoader.kt` (Builder(context).memoryCache { }), `memory/MemoryCache.kt`
// (Builder().maxSizePercent(context, percent)), `SingletonImageLoader.kt` (setSafe; its factory
// is a fun interface, a function type here for Debian's Kotlin 1.3), coil-compose `AsyncImage`.
// Bodies are empty: kotlinc checks the printed code's names, labels and types against them.
@Target(AnnotationTarget.FUNCTION, AnnotationTarget.TYPE)
annotation class Composable
// androidx activity-compose `ComponentActivity.kt`: setContent(parent = null, content).
open class ComponentActivity
class CompositionContext
// (`@Composable() () -> Unit`: Kotlin 1.3 would read `@Composable ()` as the annotation's arguments.)
fun ComponentActivity.setContent(parent: CompositionContext? = null, content: @Composable() () -> Unit) {}

class Dp(val value: Float)
val Int.dp: Dp
  get() = Dp(this.toFloat())
val Double.dp: Dp
  get() = Dp(this.toFloat())

interface LazyLayoutCacheWindow
fun LazyLayoutCacheWindow(
  ahead: Dp = 0.dp,
  behind: Dp = 0.dp,
  isNonScrollCachingEnabled: Boolean = true
): LazyLayoutCacheWindow = object : LazyLayoutCacheWindow {}
fun LazyLayoutCacheWindow(
  aheadFraction: Float = 0.0f,
  behindFraction: Float = 0.0f,
  isNonScrollCachingEnabled: Boolean = true
): LazyLayoutCacheWindow = object : LazyLayoutCacheWindow {}

class LazyListState
@Composable fun rememberLazyListState(initialFirstVisibleItemIndex: Int = 0, initialFirstVisibleItemScrollOffset: Int = 0) =
  LazyListState()
@Composable fun rememberLazyListState(
  cacheWindow: LazyLayoutCacheWindow,
  initialFirstVisibleItemIndex: Int = 0,
  initialFirstVisibleItemScrollOffset: Int = 0
) = LazyListState()
class LazyGridState
@Composable fun rememberLazyGridState(initialFirstVisibleItemIndex: Int = 0, initialFirstVisibleItemScrollOffset: Int = 0) =
  LazyGridState()
@Composable fun rememberLazyGridState(
  cacheWindow: LazyLayoutCacheWindow,
  initialFirstVisibleItemIndex: Int = 0,
  initialFirstVisibleItemScrollOffset: Int = 0
) = LazyGridState()
class LazyStaggeredGridState
@Composable fun rememberLazyStaggeredGridState() = LazyStaggeredGridState()

object Arrangement {
  interface Vertical
  interface Horizontal
  interface HorizontalOrVertical : Vertical, Horizontal
  object Top : Vertical
  object Start : Horizontal
  fun spacedBy(space: Dp): HorizontalOrVertical = object : HorizontalOrVertical {}
}
class PaddingValues
fun PaddingValues(all: Dp): PaddingValues = PaddingValues()
fun PaddingValues(start: Dp = 0.dp, top: Dp = 0.dp, end: Dp = 0.dp, bottom: Dp = 0.dp): PaddingValues = PaddingValues()
sealed class GridCells {
  class Fixed(val count: Int) : GridCells()
}
sealed class StaggeredGridCells {
  class Fixed(val count: Int) : StaggeredGridCells()
}

interface LazyItemScope
interface LazyGridItemScope
interface LazyStaggeredGridItemScope
interface LazyListScope {
  fun items(
    count: Int,
    key: ((index: Int) -> Any)? = null,
    contentType: (index: Int) -> Any? = { null },
    itemContent: @Composable LazyItemScope.(index: Int) -> Unit
  )
}
interface LazyGridScope {
  fun items(
    count: Int,
    key: ((index: Int) -> Any)? = null,
    contentType: (index: Int) -> Any? = { null },
    itemContent: @Composable LazyGridItemScope.(index: Int) -> Unit
  )
}
interface LazyStaggeredGridScope {
  fun items(
    count: Int,
    key: ((index: Int) -> Any)? = null,
    contentType: (index: Int) -> Any? = { null },
    itemContent: @Composable LazyStaggeredGridItemScope.(index: Int) -> Unit
  )
}
@Composable fun LazyColumn(
  state: LazyListState = LazyListState(),
  contentPadding: PaddingValues = PaddingValues(0.dp),
  verticalArrangement: Arrangement.Vertical = Arrangement.Top,
  content: LazyListScope.() -> Unit
) {}
@Composable fun LazyVerticalGrid(
  columns: GridCells,
  state: LazyGridState = LazyGridState(),
  contentPadding: PaddingValues = PaddingValues(0.dp),
  verticalArrangement: Arrangement.Vertical = Arrangement.Top,
  horizontalArrangement: Arrangement.Horizontal = Arrangement.Start,
  content: LazyGridScope.() -> Unit
) {}
@Composable fun LazyVerticalStaggeredGrid(
  columns: StaggeredGridCells,
  state: LazyStaggeredGridState = LazyStaggeredGridState(),
  contentPadding: PaddingValues = PaddingValues(0.dp),
  verticalItemSpacing: Dp = 0.dp,
  horizontalArrangement: Arrangement.Horizontal = Arrangement.spacedBy(0.dp),
  content: LazyStaggeredGridScope.() -> Unit
) {}

class LazyPagingItems<T : Any> {
  val itemCount: Int = 0
  operator fun get(index: Int): T? = null
}
fun <T : Any> LazyPagingItems<T>.itemKey(key: ((item: T) -> Any)? = null): (index: Int) -> Any = { it }
@Composable fun <T : Any> Flow<PagingData<T>>.collectAsLazyPagingItems(): LazyPagingItems<T> = LazyPagingItems()

interface MemoryCache {
  class Builder {
    fun maxSizePercent(context: Context, percent: Double): Builder = this
    fun build(): MemoryCache = object : MemoryCache {}
  }
}
class ImageLoader {
  class Builder(context: Context) {
    fun memoryCache(initializer: () -> MemoryCache?): Builder = this
    fun build(): ImageLoader = ImageLoader()
  }
}
object SingletonImageLoader {
  fun setSafe(factory: (context: Context) -> ImageLoader) {}
}
@Composable fun AsyncImage(model: Any?, contentDescription: String?) {}

// The app's own item, as the printed code reads it.
class FeedItem(val id: String, val imageUrl: String)
