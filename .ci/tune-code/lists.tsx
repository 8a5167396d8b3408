// The props the TSX that `scrollsim tune --stack react-native|flashlist` prints sets, as the
// libraries declare them: facebook/react-native VirtualizedListProps.js @014c1e34 (FlatList),
// Shopify/flash-list FlashListProps.ts @4c6abc3b (FlashList v2: numColumns, masonry, and ScrollView's
// contentContainerStyle). Only what the printed code uses;
// .ci/tune-code.py appends each snippet as an expression of its own.
declare namespace JSX {
  interface Element {}
  interface IntrinsicElements {}
}
interface ListRenderItemInfo<T> { item: T; index: number }
interface FlatListProps<T> {
  data: ReadonlyArray<T> | null | undefined;
  renderItem: (info: ListRenderItemInfo<T>) => JSX.Element | null;
  onEndReached?: ((info: { distanceFromEnd: number }) => void) | null;
  onEndReachedThreshold?: number | null;
  windowSize?: number;
  maxToRenderPerBatch?: number;
  updateCellsBatchingPeriod?: number;
  initialNumToRender?: number;
  numColumns?: number;
  columnWrapperStyle?: { columnGap?: number };
  contentContainerStyle?: ContentStyle;
}
// The padding and gaps a grid's answer gives the content (react-native ViewStyle's padding and
// gap props, ScrollView's contentContainerStyle).
interface ContentStyle {
  padding?: number; paddingTop?: number; paddingBottom?: number; paddingLeft?: number; paddingRight?: number;
  rowGap?: number;
}
declare function FlatList<T>(props: FlatListProps<T>): JSX.Element;
interface FlashListProps<T> {
  data: ReadonlyArray<T> | null | undefined;
  renderItem: (info: ListRenderItemInfo<T>) => JSX.Element | null;
  onEndReached?: () => void;
  onEndReachedThreshold?: number;
  drawDistance?: number;
  numColumns?: number;
  masonry?: boolean;
  contentContainerStyle?: ContentStyle;
}
declare function FlashList<T>(props: FlashListProps<T>): JSX.Element;
declare const items: string[];
declare function renderItem(info: ListRenderItemInfo<string>): JSX.Element;
declare function loadNextPage(): void;

// react-native-device-info's total RAM in bytes (react-native-device-info/src/index.ts,
// getTotalMemorySync), which the per-class answer switches on.
declare const DeviceInfo: { getTotalMemorySync(): number };
// react-native's Platform.OS (react-native/Libraries/Utilities/Platform.d.ts), which it switches
// on first when the classes are on both platforms.
declare const Platform: { OS: "ios" | "android" | "macos" | "windows" | "web" };
