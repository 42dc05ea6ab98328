import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';
import type { Pagination } from '../lib/use-pagination.ts';

export const pageSizes = [10, 20, 50];
export const defaultPageSize = 10;

/** The pager under a server-paginated list, in Spanish; on a phone its parts wrap instead of overflowing. */
export function ListPagination({ total, pagination }: { total: number; pagination: Pagination }) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={pagination.pageIndex}
      onPageChange={(_event, next) => pagination.setPageIndex(next)}
      rowsPerPage={pagination.pageSize}
      rowsPerPageOptions={pageSizes}
      onRowsPerPageChange={(event) => pagination.setPageSize(Number(event.target.value))}
      labelRowsPerPage={t('table.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('table.displayedRows', { from, to, count })}
      getItemAriaLabel={(type) => t(`table.goTo.${type}`)}
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: { xs: 1, sm: 2 } } }}
    />
  );
}
