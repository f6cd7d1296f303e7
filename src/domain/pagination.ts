// The `pagination` object of every list (SPEC §3), and one page of a list read whole.
import type { Page, PageRequest } from '../ports/page.ts';

/** SPEC §8 gives no upper bound for `page`; ours keeps the row offset a small exact integer on
 * both engines (1e6 pages of 100 = 1e8 rows), so page 999999999999999999999 is refused, not a
 * database error. The API's query and the CLI's `--page` share it. */
export const PAGE_MAX = 1_000_000;

/** SPEC §8: a page holds 1 to 100 items, 20 unless asked. */
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 20;

export interface Pagination {
  totalPages: number;
  currentPage: number;
  pagingCounter: number;
  hasNextPage: boolean;
}

export function toPagination(page: PageRequest, total: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / page.size));
  return {
    totalPages,
    currentPage: page.page,
    pagingCounter: (page.page - 1) * page.size + 1,
    hasNextPage: page.page < totalPages,
  };
}

/** One page of a list that is small enough to read whole (an account's keys or members). */
export function pageOf<T>(items: readonly T[], page: PageRequest): Page<T> {
  const start = (page.page - 1) * page.size;
  return { items: items.slice(start, start + page.size), total: items.length };
}
