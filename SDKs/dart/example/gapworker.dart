// RecyclerView's GapWorker (Sources/SimCore/Strategies/Android/GapWorkerStrategy.swift), ported.
// Content only: Paging 3 (built in) decides pages. UNTESTED HERE (no Dart toolchain).
import 'package:scrollsim_strategy/scrollsim_strategy.dart';

class GapWorker extends Strategy {
  GapWorker(super.params, super.seed);
  final cachedViews = <int>[];
  final boundAhead = <int>{};

  @override
  void frameDidFinish(ListView list) {
    final item = nextPrefetch(list);
    if (item == null) return;
    list.prepareRender(item);
    boundAhead.add(item);
    if (list.needsContent(item)) list.requestContent(item);
  }

  @override
  void willDisplay(ListView list, int item) {
    cachedViews.remove(item);
    if (list.needsContent(item)) list.requestContent(item);
  }

  @override
  void didEndDisplaying(ListView list, int item) {
    boundAhead.remove(item); // a row that leaves the screen is unbound
    cachedViews.add(item);
    while (cachedViews.length > (params['viewCache'] as num).toInt()) {
      final recycled = cachedViews.removeAt(0);
      if (!list.hasContent(recycled)) list.cancelContent(recycled);
    }
  }

  // Frames are quiet while the list stands still, or while the visible rows stay, it keeps
  // moving the same way and the row past that edge, bound ahead with its content, stays as it
  // is (binding it again would change nothing): the Python port explains it.
  @override
  Quiet? quiet(ListView list) {
    final step = list.contentOffset - list.lastFrameOffset;
    const facts = ['visibleItems', 'itemCount'];
    if (step == 0) return Quiet(offsetAbove: list.contentOffset, offsetBelow: list.contentOffset, facts: facts);
    if (list.visibleItems.isEmpty) return const Quiet(facts: facts);
    final item = rowPastEdge(list, step);
    final rows = <int, int>{};
    if (item != null) {
      if (!boundAhead.contains(item) || list.needsContent(item)) return null;
      rows[item] = stateContent | stateRequested | stateCached | stateRendered;
    }
    return Quiet(direction: step > 0 ? 1 : -1, facts: facts, rows: rows);
  }

  // The row past the edge a frame's step moves towards; null if the list does not move, shows
  // nothing, or ends there (nextPrefetch and quiet both ask).
  int? rowPastEdge(ListView list, double step) {
    final visible = list.visibleItems;
    if (step == 0 || visible.isEmpty) return null;
    final item = step > 0 ? visible.last + 1 : visible.first - 1;
    return item >= 0 && item < list.itemCount ? item : null;
  }

  int? nextPrefetch(ListView list) {
    final dy = list.contentOffset - list.lastFrameOffset;
    final item = rowPastEdge(list, dy);
    if (item == null) return null;
    final distance = dy > 0
        ? list.frame(item)!.top - (list.contentOffset + list.viewportHeight)
        : list.contentOffset - list.frame(item)!.bottom;
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
        events: {'frameDidFinish', 'willDisplay', 'didEndDisplaying'},
        parameters: [number('viewCache', 0, 1000, 2)],
        platform: {'memory': 'glide'}),
    (params, seed) => GapWorker(params, seed));
