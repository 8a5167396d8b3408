// RecyclerView's GapWorker (Sources/SimCore/Strategies/Android/GapWorkerStrategy.swift), ported.
// Content only: Paging 3 (built in) decides pages. UNTESTED HERE (no Dart toolchain).
import 'package:scrollsim_strategy/scrollsim_strategy.dart';

class GapWorker extends Strategy {
  GapWorker(super.params, super.seed);
  double previousOffset = 0;
  final cachedViews = <int>[];

  @override
  void listDidLoad(ListView list) => previousOffset = list.contentOffset;

  @override
  void frameDidFinish(ListView list) {
    final item = nextPrefetch(list);
    if (item == null) return;
    list.prepareRender(item);
    if (list.needsContent(item)) list.requestContent(item);
  }

  @override
  void willDisplay(ListView list, int item) {
    cachedViews.remove(item);
    if (list.needsContent(item)) list.requestContent(item);
  }

  @override
  void didEndDisplaying(ListView list, int item) {
    cachedViews.add(item);
    while (cachedViews.length > (params['viewCache'] as num).toInt()) {
      final recycled = cachedViews.removeAt(0);
      if (!list.hasContent(recycled)) list.cancelContent(recycled);
    }
  }

  int? nextPrefetch(ListView list) {
    final dy = list.contentOffset - previousOffset;
    previousOffset = list.contentOffset;
    final visible = list.visibleItems;
    if (dy == 0 || visible.isEmpty) return null;
    int item;
    double distance;
    if (dy > 0) {
      item = visible.last + 1;
      if (item >= list.itemCount) return null;
      distance = list.frame(item)!.top - (list.contentOffset + list.viewportHeight);
    } else {
      item = visible.first - 1;
      if (item < 0) return null;
      distance = list.contentOffset - list.frame(item)!.bottom;
    }
    final neededNextFrame = distance <= dy.abs();
    final average = list.averageBindTime;
    if (!(neededNextFrame || average == 0 || average < list.frameTimeRemaining)) return null;
    return item;
  }
}

void main() => serve(
    Description('gapworker-dart',
        summary: "RecyclerView's GapWorker, ported to Dart",
        role: 'content',
        partner: 'paging3',
        events: {'listDidLoad', 'frameDidFinish', 'willDisplay', 'didEndDisplaying'},
        parameters: [number('viewCache', 0, 1000, 2)],
        platform: {'memory': 'glide'}),
    (params, seed) => GapWorker(params, seed));
