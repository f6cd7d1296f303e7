// The `pagination` object of every list (SPEC §3), and one page of a list read whole.
import type { Page, PageRequest } from '../ports/page.ts';

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
