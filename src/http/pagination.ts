import Type, { type Static } from 'typebox';
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../domain/pagination.ts';
import type { PageRequest } from '../ports/page.ts';

export { PAGE_MAX, toPagination, type Pagination } from '../domain/pagination.ts';

/** SPEC §8: page ≥ 1 (default 1), size 1–100 (default 20), on every list endpoint. `?page=` past
 * PAGE_MAX is a 400, and only decimal digits are read as a number (`?page=1e400` is no whole number). */
export const PageQuerySchema = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1, description: `Page number, from 1 to ${PAGE_MAX}.` }),
  size: Type.Integer({
    minimum: 1,
    maximum: PAGE_SIZE_MAX,
    default: PAGE_SIZE_DEFAULT,
    description: `Items per page, 1 to ${PAGE_SIZE_MAX}.`,
  }),
});
export type PageQuery = Static<typeof PageQuerySchema>;

export const PaginationSchema = Type.Object({
  totalPages: Type.Integer({ description: 'At least 1, even when the list is empty.' }),
  currentPage: Type.Integer(),
  pagingCounter: Type.Integer({
    description: 'The 1-based position of the first item of this page in the whole list.',
  }),
  hasNextPage: Type.Boolean(),
});

export function toPageRequest(query: PageQuery): PageRequest {
  return { page: query.page, size: query.size };
}
