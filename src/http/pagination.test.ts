import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toPagination } from './pagination.ts';

test('pagination: the four fields of SPEC §2', () => {
  assert.deepEqual(toPagination({ page: 1, size: 20 }, 0), {
    totalPages: 1,
    currentPage: 1,
    pagingCounter: 1,
    hasNextPage: false,
  });
  assert.deepEqual(toPagination({ page: 1, size: 20 }, 20), {
    totalPages: 1,
    currentPage: 1,
    pagingCounter: 1,
    hasNextPage: false,
  });
  assert.deepEqual(toPagination({ page: 1, size: 20 }, 21), {
    totalPages: 2,
    currentPage: 1,
    pagingCounter: 1,
    hasNextPage: true,
  });
  assert.deepEqual(toPagination({ page: 2, size: 20 }, 21), {
    totalPages: 2,
    currentPage: 2,
    pagingCounter: 21,
    hasNextPage: false,
  });
  assert.deepEqual(toPagination({ page: 5, size: 10 }, 21), {
    totalPages: 3,
    currentPage: 5,
    pagingCounter: 41,
    hasNextPage: false,
  });
});
