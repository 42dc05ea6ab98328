import { useState } from 'react';
import { defaultPageSize } from '../components/list-pagination.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';
import { usePagination, type Pagination } from './use-pagination.ts';

export type SortOrder = 'asc' | 'desc';

/** What a resource list asks the server (ARCHITECTURE.md, generic resource contract). */
export interface ListQuery<Sort extends string> {
  page: number;
  pageSize: number;
  q: string | undefined;
  sort: Sort;
  order: SortOrder;
}

export interface ListState<Sort extends string> {
  search: string;
  /** A new search starts again from the first page. */
  setSearch: (search: string) => void;
  /** The search once typing has paused, which is what the server is asked. */
  debouncedSearch: string;
  pagination: Pagination;
  sort: Sort;
  order: SortOrder;
  /** The same column again flips the order; another column sorts ascending. */
  sortBy: (sort: Sort) => void;
  query: ListQuery<Sort>;
}

/** The search, page and sort of one server-paginated list; newest-first lists start descending. */
export function useListState<Sort extends string>(defaultSort: Sort, defaultOrder: SortOrder = 'asc'): ListState<Sort> {
  const [search, setSearchValue] = useState('');
  const [sort, setSort] = useState(defaultSort);
  const [order, setOrder] = useState<SortOrder>(defaultOrder);
  const pagination = usePagination(defaultPageSize);
  const debouncedSearch = useDebouncedValue(search);

  return {
    search,
    setSearch: (next) => {
      setSearchValue(next);
      pagination.setPageIndex(0);
    },
    debouncedSearch,
    pagination,
    sort,
    order,
    sortBy: (next) => {
      setOrder(next === sort && order === 'asc' ? 'desc' : 'asc');
      setSort(next);
      pagination.setPageIndex(0);
    },
    query: {
      page: pagination.pageIndex + 1,
      pageSize: pagination.pageSize,
      q: debouncedSearch.trim() || undefined,
      sort,
      order,
    },
  };
}
