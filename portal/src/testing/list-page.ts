import type { ListPage } from '@/lib/list-state';

/** One page of a list as the API answers it: by default the whole list, on one page. */
export const listPage = <Row>(items: Row[], extra: Partial<ListPage<Row>> = {}): ListPage<Row> => ({
  items,
  nextCursor: null,
  prevCursor: null,
  total: items.length,
  totalExact: true,
  ...extra,
});
