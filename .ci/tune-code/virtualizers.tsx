// The APIs the TSX that `scrollsim tune --stack tanstack-virtual|react-window|virtuoso` prints
// calls, as the libraries declare them (only what the printed code uses): TanStack/virtual
// packages/react-virtual/src/index.tsx and virtual-core/src/index.ts @e9874f03 (useVirtualizer,
// VirtualizerOptions' count/getScrollElement/estimateSize/overscan, getVirtualItems,
// getTotalSize, measureElement); bvaughn/react-window lib/components/list/types.ts and
// useDynamicRowHeight.ts @94b465be (List's rowComponent/rowCount/rowHeight/rowProps/
// overscanCount/onRowsRendered); react-window-infinite-loader src/types.ts @addc390f;
// petyosi/react-virtuoso src/component-interfaces/Virtuoso.ts @5c555359 (data, itemContent,
// endReached, overscan, increaseViewportBy, defaultItemHeight). .ci/tune-code.py wraps each
// snippet in a component of its own.
declare global {
  namespace JSX {
    interface Element {}
    interface IntrinsicElements { div: { ref?: unknown; style?: Record<string, string | number>; children?: unknown } }
    interface IntrinsicAttributes { key?: string | number | bigint }
    interface ElementChildrenAttribute { children: {} }
  }
}
interface VirtualItem { key: number | string | bigint; index: number; start: number; end: number; size: number; lane: number }
interface Virtualizer {
  getVirtualItems(): VirtualItem[];
  getTotalSize(): number;
  measureElement(node: Element | null): void;
}
declare function useVirtualizer(options: {
  count: number;
  getScrollElement: () => Element | null;
  estimateSize: (index: number) => number;
  overscan?: number;
}): Virtualizer;
interface DynamicRowHeight { getRowHeight(index: number): number | undefined }
declare function useDynamicRowHeight(options: { defaultRowHeight: number; key?: string | number }): DynamicRowHeight;
type OnRowsRendered = (indices: { startIndex: number; stopIndex: number }) => void;
declare function useInfiniteLoader(props: {
  isRowLoaded: (index: number) => boolean;
  loadMoreRows: (startIndex: number, stopIndex: number) => Promise<void>;
  rowCount: number;
  minimumBatchSize?: number;
  threshold?: number;
}): OnRowsRendered;
declare function List<RowProps extends object>(props: {
  rowComponent: (props: { index: number; style: object } & RowProps) => JSX.Element | null;
  rowCount: number;
  rowHeight: number | DynamicRowHeight;
  rowProps: RowProps;
  overscanCount?: number;
  onRowsRendered?: OnRowsRendered;
}): JSX.Element;
declare function Virtuoso<D>(props: {
  data?: readonly D[];
  itemContent?: (index: number, data: D) => JSX.Element;
  endReached?: (index: number) => void;
  overscan?: number;
  increaseViewportBy?: number;
  defaultItemHeight?: number;
}): JSX.Element;
declare function useEffect(effect: () => void, deps: unknown[]): void;
declare const parentRef: { current: Element | null };
declare function Row(props: { index?: number; style?: object; rows?: string[]; row?: string; item?: VirtualItem; measureElement?: (node: Element | null) => void }): JSX.Element;
declare const rows: string[];
declare const hasNextPage: boolean;
declare const isFetchingNextPage: boolean;
declare function fetchNextPage(): Promise<unknown>;
// Chromium's navigator.deviceMemory (GiB), which the per-class answer switches on.
declare const navigator: { userAgent: string; deviceMemory?: number };
