import { useState } from 'react';

export interface Pagination {
  /** Zero-based, as the pager counts; the server's `page` is this plus one. */
  pageIndex: number;
  pageSize: number;
  setPageIndex: (pageIndex: number) => void;
  /** A new page size starts again from the first page. */
  setPageSize: (pageSize: number) => void;
}

export function usePagination(initialPageSize: number): Pagination {
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(initialPageSize);
  return {
    pageIndex,
    pageSize,
    setPageIndex,
    setPageSize: (size) => {
      setPageSize(size);
      setPageIndex(0);
    },
  };
}
