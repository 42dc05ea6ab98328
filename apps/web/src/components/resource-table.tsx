import Delete from '@mui/icons-material/Delete';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n/translate-message.ts';
import { errorMessageOf } from '../lib/api-client.ts';
import type { ListState } from '../lib/use-list-state.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ListPagination } from './list-pagination.tsx';

export interface ResourceColumn<Row, Sort extends string> {
  id: string;
  label: string;
  /** The server's sort key, for columns the list can be sorted by. */
  sort?: Sort;
  /** Hidden on phones, where the first column carries what matters. */
  isWide?: boolean;
  align?: 'left' | 'right';
  render: (row: Row) => ReactNode;
}

const wideOnly = { display: { xs: 'none', md: 'table-cell' } } as const;

/**
 * The generic resource list: a debounced search box, server-side sort and pagination, rows
 * chosen with checkboxes and deleted together after a confirmation, and the resource's own
 * Spanish message when there is nothing to show.
 */
export function ResourceTable<Row, Sort extends string>({
  label,
  columns,
  rows,
  total,
  list,
  query,
  getRowId,
  getRowLabel,
  searchLabel,
  emptyMessage,
  filters,
  onDelete,
  deleteQuestion,
  selectionActions,
}: {
  /** The table's accessible name. */
  label: string;
  columns: readonly ResourceColumn<Row, Sort>[];
  rows: readonly Row[];
  total: number;
  list: ListState<Sort>;
  query: { isFetching: boolean; isSuccess: boolean; isError: boolean; error: unknown };
  getRowId: (row: Row) => string;
  getRowLabel: (row: Row) => string;
  searchLabel: string;
  /** The resource's not-found message (spec section 8), shown for an empty list and an empty search. */
  emptyMessage: string;
  /** More controls beside the search box, such as a status filter. */
  filters?: ReactNode;
  /** Deletes the chosen rows; without it the rows cannot be chosen. Resolves true when done. */
  onDelete?: (ids: string[]) => Promise<boolean>;
  /** What the confirmation asks, given how many rows are chosen. */
  deleteQuestion?: (count: number) => ReactNode;
  /** More buttons for the chosen rows, beside the delete one; with it the rows can be chosen. */
  selectionActions?: (selected: readonly string[], clearSelection: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<readonly string[]>([]);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const pageIds = rows.map(getRowId);
  const chosenOnPage = pageIds.filter((id) => selected.includes(id));
  const canSelect = onDelete !== undefined || selectionActions !== undefined;
  const columnCount = columns.length + (canSelect ? 1 : 0);

  function toggle(id: string) {
    setSelected((current) => (current.includes(id) ? current.filter((other) => other !== id) : [...current, id]));
  }

  function togglePage() {
    setSelected((current) => (chosenOnPage.length === pageIds.length
      ? current.filter((id) => !pageIds.includes(id))
      : [...new Set([...current, ...pageIds])]));
  }

  async function confirmDelete() {
    if (!onDelete) return;
    setIsDeleting(true);
    try {
      if (await onDelete([...selected])) setSelected([]);
    } finally {
      setIsDeleting(false);
      setIsConfirming(false);
    }
  }

  return (
    <Paper variant="outlined">
      <Box sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          type="search"
          label={searchLabel}
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search aria-hidden /></InputAdornment> } }}
          sx={{ flex: '1 1 240px', maxWidth: 480 }}
        />
        {filters}
        {canSelect && selected.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: 'auto' }}>
            {selectionActions?.(selected, () => setSelected([]))}
            {onDelete && (
              <Button color="error" variant="outlined" startIcon={<Delete />} onClick={() => setIsConfirming(true)}>
                {t('resources.deleteSelected', { count: selected.length })}
              </Button>
            )}
          </Box>
        )}
      </Box>
      {query.isFetching && <LinearProgress aria-label={t('resources.loading')} />}
      {query.isError && <Alert severity="error" sx={{ m: 2 }}>{translateMessage(t, errorMessageOf(query.error))}</Alert>}
      <TableContainer>
        <Table aria-label={label}>
          <TableHead>
            <TableRow>
              {canSelect && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={pageIds.length > 0 && chosenOnPage.length === pageIds.length}
                    indeterminate={chosenOnPage.length > 0 && chosenOnPage.length < pageIds.length}
                    disabled={pageIds.length === 0}
                    onChange={togglePage}
                    slotProps={{ input: { 'aria-label': t('resources.selectPage') } }}
                  />
                </TableCell>
              )}
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sx={column.isWide ? wideOnly : undefined}
                  sortDirection={column.sort && list.sort === column.sort ? list.order : false}
                >
                  {column.sort
                    ? (
                        <TableSortLabel
                          active={list.sort === column.sort}
                          direction={list.sort === column.sort ? list.order : 'asc'}
                          onClick={() => column.sort && list.sortBy(column.sort)}
                        >
                          {column.label}
                        </TableSortLabel>
                      )
                    : column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const id = getRowId(row);
              return (
                <TableRow key={id} hover selected={selected.includes(id)}>
                  {canSelect && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.includes(id)}
                        onChange={() => toggle(id)}
                        slotProps={{ input: { 'aria-label': t('resources.selectRow', { name: getRowLabel(row) }) } }}
                      />
                    </TableCell>
                  )}
                  {columns.map((column) => (
                    <TableCell key={column.id} align={column.align} sx={{ ...(column.isWide ? wideOnly : {}), overflowWrap: 'anywhere' }}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
            {query.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columnCount}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    {translateMessage(t, emptyMessage)}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination total={total} pagination={list.pagination} />
      <ConfirmDialog
        open={isConfirming}
        title={t('resources.deleteTitle')}
        confirmLabel={t('resources.delete')}
        isDestructive
        isSending={isDeleting}
        onCancel={() => setIsConfirming(false)}
        onConfirm={() => void confirmDelete()}
      >
        {deleteQuestion?.(selected.length)}
      </ConfirmDialog>
    </Paper>
  );
}
