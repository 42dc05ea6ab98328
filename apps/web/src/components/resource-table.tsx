import Delete from '@mui/icons-material/Delete';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
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
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Fragment, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n/translate-message.ts';
import { errorMessageOf } from '../lib/api-client.ts';
import type { ListState } from '../lib/use-list-state.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ListPagination } from './list-pagination.tsx';

export interface ResourceColumn<Row, Sort extends string> {
  /**
   * `actions` names the row's buttons: on a desktop they stay in view at the row's end while a
   * wide table scrolls sideways, and on a phone they close the row's card.
   */
  id: string;
  label: string;
  /** The server's sort key, for columns the list can be sorted by. */
  sort?: Sort;
  /** Left off the phone's card, which shows the first column as its title and the others below. */
  isWide?: boolean;
  align?: 'left' | 'right';
  render: (row: Row) => ReactNode;
}

/** Kept at the row's end, over the cells scrolling beneath it, with a shadow that tells they do. */
const stickyEnd = {
  position: 'sticky',
  insetInlineEnd: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `inset 1px 0 0 ${theme.palette.divider}, -6px 0 8px -6px rgba(0, 0, 0, 0.2)`,
} as const;

/**
 * Words wrap at their spaces and never inside: a name or a number too wide for its column
 * widens the table, which then scrolls sideways inside its card.
 */
const wholeWords = { overflowWrap: 'normal', wordBreak: 'normal' } as const;

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
  // A phone has no room for columns: each row becomes a card.
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const pageCheckbox = (
    <Checkbox
      checked={pageIds.length > 0 && chosenOnPage.length === pageIds.length}
      indeterminate={chosenOnPage.length > 0 && chosenOnPage.length < pageIds.length}
      disabled={pageIds.length === 0}
      onChange={togglePage}
      slotProps={{ input: { 'aria-label': t('resources.selectPage') } }}
    />
  );
  const rowCheckbox = (row: Row) => (
    <Checkbox
      checked={selected.includes(getRowId(row))}
      onChange={() => toggle(getRowId(row))}
      slotProps={{ input: { 'aria-label': t('resources.selectRow', { name: getRowLabel(row) }) } }}
    />
  );
  const emptyText = query.isSuccess && rows.length === 0 && (
    <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
      {translateMessage(t, emptyMessage)}
    </Typography>
  );

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
      {isPhone
        ? (
            <ResourceCards
              label={label}
              columns={columns}
              rows={rows}
              getRowId={getRowId}
              selection={canSelect ? { pageCheckbox, rowCheckbox, selected } : undefined}
              empty={emptyText}
            />
          )
        : (
            <TableContainer>
              <Table aria-label={label}>
                <TableHead>
                  <TableRow>
                    {canSelect && <TableCell padding="checkbox">{pageCheckbox}</TableCell>}
                    {columns.map((column) => (
                      <TableCell
                        key={column.id}
                        align={column.align}
                        sx={column.id === 'actions' ? stickyEnd : undefined}
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
                        {canSelect && <TableCell padding="checkbox">{rowCheckbox(row)}</TableCell>}
                        {columns.map((column) => (
                          <TableCell key={column.id} align={column.align} sx={column.id === 'actions' ? stickyEnd : wholeWords}>
                            {column.render(row)}
                          </TableCell>
                        ))}
                      </TableRow>
                    );
                  })}
                  {emptyText && (
                    <TableRow>
                      <TableCell colSpan={columnCount}>{emptyText}</TableCell>
                    </TableRow>
                  )}
                </TableBody>
              </Table>
            </TableContainer>
          )}
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

/**
 * The rows on a phone: one card each, titled by the first column, with the other columns a
 * phone shows as label and value beneath, and the row's buttons at its foot.
 */
function ResourceCards<Row, Sort extends string>({ label, columns, rows, getRowId, selection, empty }: {
  label: string;
  columns: readonly ResourceColumn<Row, Sort>[];
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  selection?: { pageCheckbox: ReactElement; rowCheckbox: (row: Row) => ReactNode; selected: readonly string[] };
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  const [title, ...others] = columns.filter((column) => !column.isWide);
  const details = others.filter((column) => column.id !== 'actions');
  const actions = others.find((column) => column.id === 'actions');
  return (
    <>
      {selection && rows.length > 0 && (
        <FormControlLabel control={selection.pageCheckbox} label={t('resources.selectPage')} sx={{ mx: 0, px: 1 }} />
      )}
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => {
          const id = getRowId(row);
          return (
            <Box
              component="li"
              key={id}
              sx={{
                display: 'flex', gap: 1, px: 2, py: 1.5, borderTop: 1, borderColor: 'divider',
                bgcolor: selection?.selected.includes(id) ? 'action.selected' : undefined,
              }}
            >
              {selection && <Box sx={{ mt: -1, ml: -1.5 }}>{selection.rowCheckbox(row)}</Box>}
              <Box sx={{ flex: 1, minWidth: 0 }}>
                {title && <Typography component="div" sx={{ fontWeight: 500 }}>{title.render(row)}</Typography>}
                {details.length > 0 && (
                  <Box
                    component="dl"
                    sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.5, m: 0, mt: 1 }}
                  >
                    {details.map((column) => (
                      <Fragment key={column.id}>
                        <Typography component="dt" variant="body2" color="text.secondary">{column.label}</Typography>
                        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'break-word' }}>{column.render(row)}</Typography>
                      </Fragment>
                    ))}
                  </Box>
                )}
                {actions && <Box sx={{ mt: 1, display: 'flex', justifyContent: 'flex-end' }}>{actions.render(row)}</Box>}
              </Box>
            </Box>
          );
        })}
        {empty && <Box component="li" sx={{ px: 2, borderTop: 1, borderColor: 'divider' }}>{empty}</Box>}
      </Box>
    </>
  );
}
