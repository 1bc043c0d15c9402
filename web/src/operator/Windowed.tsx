/**
 * Long operator lists render only the rows on screen (@tanstack/react-virtual): a table or list of
 * more than WINDOW_FROM entries scrolls inside a box of its own, and only the rows in view (and a
 * few around them) exist in the page; rows above and below are one spacer each. Shorter lists render
 * whole, exactly as before. Screen readers still learn the full size (aria-rowcount, aria-setsize).
 * See docs/decisions/operator-lists.md.
 */
import {
  elementScroll,
  measureElement,
  observeElementRect,
  useVirtualizer,
  type Rect,
  type Virtualizer,
  type VirtualizerOptions,
} from '@tanstack/react-virtual';
import { useRef, type CSSProperties, type ReactNode, type RefCallback } from 'react';

/** Lists up to this long render whole. */
export const WINDOW_FROM = 100;
const OVERSCAN = 8;

/** What a windowed row spreads onto its element, so that the virtualiser can measure it. */
export interface RowProps {
  ref?: RefCallback<HTMLElement>;
  'data-index'?: number;
  'aria-rowindex'?: number;
  'aria-posinset'?: number;
  'aria-setsize'?: number;
}

interface Window {
  windowed: boolean;
  indexes: number[];
  before: number;
  after: number;
  measure: RefCallback<HTMLElement>;
}

/*
 * No layout is read while React commits. The virtualiser's defaults read the box's size and each new
 * row's height synchronously as they mount, which forces the browser to lay out the whole fresh page
 * inside the task that rendered it (28 ms of the Steuerung page's load task at 1,000 teams). Here the
 * box's size and the rows' heights come from a ResizeObserver, which reports them after the browser's
 * own layout, before paint; until then the box counts as the viewport's height (its CSS limit is 70vh)
 * and a row as its last measured height, else the estimate.
 */
const firstRect = (): Rect => ({ width: 0, height: typeof window === 'undefined' ? 0 : window.innerHeight });
/** Not in jsdom: there the defaults (synchronous reads) stay. */
const canObserve = () => typeof ResizeObserver !== 'undefined';

function observeRectAfterLayout(
  instance: Virtualizer<HTMLElement, HTMLElement>,
  changed: (rect: Rect) => void,
): (() => void) | undefined {
  const box = instance.scrollElement;
  if (!box || !canObserve()) return observeElementRect(instance, changed);
  const observer = new ResizeObserver(() => changed({ width: box.clientWidth, height: box.clientHeight }));
  observer.observe(box);
  return () => observer.disconnect();
}

function rowHeightAfterLayout(
  row: HTMLElement,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLElement, HTMLElement>,
): number {
  // Rows attach before the virtualiser has its box (instance.targetWindow): ask the page, not the instance.
  if (entry || !canObserve()) return measureElement(row, entry, instance);
  const index = instance.indexFromElement(row);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
}

/** Boxes the virtualiser has attached to (it scrolls each to where it is once, on attaching). */
const attached = new WeakSet<Element>();

/**
 * On attaching to its box the virtualiser scrolls it to its current offset; the box is new and at 0,
 * so that write changes nothing, but Element.scrollTo lays out the whole page first, inside React's
 * commit (the largest part of the Steuerung page's load task in a profile at 1,000 teams). That
 * first write to 0 is left out; every later one (a user's jump, a size adjustment) is made.
 */
const scrollAfterAttaching: VirtualizerOptions<HTMLElement, HTMLElement>['scrollToFn'] = (
  offset,
  options,
  instance,
) => {
  const box = instance.scrollElement;
  if (box && !attached.has(box)) {
    attached.add(box);
    if (offset === 0 && !options.adjustments) return;
  }
  elementScroll(offset, options, instance);
};

function useWindow(count: number, estimateRowPx: number, scrollElement: () => HTMLElement | null): Window {
  const windowed = count > WINDOW_FROM;
  const virtualizer: Virtualizer<HTMLElement, HTMLElement> = useVirtualizer({
    count: windowed ? count : 0,
    getScrollElement: scrollElement,
    estimateSize: () => estimateRowPx,
    overscan: OVERSCAN,
    initialRect: firstRect(),
    observeElementRect: observeRectAfterLayout,
    measureElement: rowHeightAfterLayout,
    scrollToFn: scrollAfterAttaching,
  });
  if (!windowed)
    return {
      windowed,
      indexes: Array.from({ length: count }, (_, i) => i),
      before: 0,
      after: 0,
      measure: () => undefined,
    };
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = Math.max(0, virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0));
  return { windowed, indexes: items.map((item) => item.index), before, after, measure: virtualizer.measureElement };
}

interface WindowedTableProps<T> {
  items: readonly T[];
  /** The row of an item; it spreads `props` onto its <tr>. */
  row(item: T, index: number, props: RowProps): ReactNode;
  /** The header row(s). */
  head: ReactNode;
  columns: number;
  className?: string;
  style?: CSSProperties;
  /** <caption>, <colgroup>: what comes before <thead>. */
  before?: ReactNode;
  estimateRowPx?: number;
}

/** A table in its `.table-scroll` box; over WINDOW_FROM rows only the visible ones are rendered. */
export function WindowedTable<T>({
  items,
  row,
  head,
  columns,
  className,
  style,
  before,
  estimateRowPx = 42,
}: WindowedTableProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  const view = useWindow(items.length, estimateRowPx, () => box.current);
  return (
    <div ref={box} className={`table-scroll ${view.windowed ? 'windowed' : ''}`}>
      <table className={className} style={style} aria-rowcount={view.windowed ? items.length + 1 : undefined}>
        {before}
        <thead>{head}</thead>
        <tbody>
          {view.before > 0 && (
            <tr aria-hidden="true" className="windowed__spacer" style={{ height: view.before }}>
              <td colSpan={columns} />
            </tr>
          )}
          {view.indexes.map((index) =>
            row(
              items[index],
              index,
              view.windowed ? { ref: view.measure, 'data-index': index, 'aria-rowindex': index + 2 } : {},
            ),
          )}
          {view.after > 0 && (
            <tr aria-hidden="true" className="windowed__spacer" style={{ height: view.after }}>
              <td colSpan={columns} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

interface WindowedListProps<T> {
  items: readonly T[];
  /** The entry of an item; it spreads `props` onto its <li>. */
  entry(item: T, index: number, props: RowProps): ReactNode;
  className?: string;
  estimateRowPx?: number;
  'aria-live'?: 'polite';
}

/** A <ul>; over WINDOW_FROM entries it scrolls in its own box and only the visible entries are rendered. */
export function WindowedList<T>({ items, entry, className, estimateRowPx = 40, ...aria }: WindowedListProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  const view = useWindow(items.length, estimateRowPx, () => box.current);
  const list = (
    <ul
      className={className}
      {...aria}
      style={view.windowed ? { paddingTop: view.before, paddingBottom: view.after } : undefined}
    >
      {view.indexes.map((index) =>
        entry(
          items[index],
          index,
          view.windowed
            ? { ref: view.measure, 'data-index': index, 'aria-posinset': index + 1, 'aria-setsize': items.length }
            : {},
        ),
      )}
    </ul>
  );
  return view.windowed ? (
    <div ref={box} className="windowed">
      {list}
    </div>
  ) : (
    list
  );
}
