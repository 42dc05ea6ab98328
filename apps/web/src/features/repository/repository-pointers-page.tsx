import {
  formatDisplayDateTime, repositoryPointerStatuses, type RepositoryPointer, type RepositoryPointerStatus,
} from '@receta/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultPageSize, ListPagination } from '../../components/list-pagination.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { usePagination } from '../../lib/use-pagination.ts';
import { useRepositoryPointers, useRetryRepositoryPointer } from './repository-api.ts';

const statusColors: Record<RepositoryPointerStatus, 'default' | 'success' | 'error'> = {
  pending: 'default',
  sent: 'success',
  failed: 'error',
};

const allStatuses = 'all';

/**
 * The pointers owed to the national repository (Res. 2214/2025 art. 7), newest first, for the
 * superadmin to follow their delivery: pending ones wait for an address or a retry, failed
 * ones gave up after the last attempt, say why, and can be sent again.
 */
export function RepositoryPointersPage() {
  const { t } = useTranslation();
  const pagination = usePagination(defaultPageSize);
  const [status, setStatus] = useState<RepositoryPointerStatus | undefined>(undefined);
  const pointers = useRepositoryPointers(pagination, status);
  const items = pointers.data?.items ?? [];

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <PageTitle title={t('repositoryPointers.title')} />
      <Typography variant="h1" gutterBottom>
        {t('repositoryPointers.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('repositoryPointers.lead')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={status ?? allStatuses}
        aria-label={t('repositoryPointers.filter')}
        onChange={(_event, value: RepositoryPointerStatus | typeof allStatuses | null) => {
          if (value === null) return;
          setStatus(value === allStatuses ? undefined : value);
          pagination.setPageIndex(0);
        }}
        sx={{ mb: 2, flexWrap: 'wrap' }}
      >
        <ToggleButton value={allStatuses}>{t('repositoryPointers.all')}</ToggleButton>
        {repositoryPointerStatuses.map((each) => (
          <ToggleButton key={each} value={each}>{t(`repositoryPointers.statuses.${each}`)}</ToggleButton>
        ))}
      </ToggleButtonGroup>
      {pointers.isFetching && <LinearProgress aria-label={t('repositoryPointers.loading')} sx={{ mb: 1 }} />}
      {pointers.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>{translateMessage(t, errorMessageOf(pointers.error))}</Alert>
      )}
      {pointers.isSuccess && items.length === 0 && (
        <Typography color="text.secondary">{t('repositoryPointers.empty')}</Typography>
      )}
      {items.length > 0 && (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('repositoryPointers.columns.createdAt')}</TableCell>
                  <TableCell>{t('repositoryPointers.columns.kind')}</TableCell>
                  <TableCell>{t('repositoryPointers.columns.cuir')}</TableCell>
                  <TableCell>{t('repositoryPointers.columns.transactionId')}</TableCell>
                  <TableCell>{t('repositoryPointers.columns.status')}</TableCell>
                  <TableCell align="right">{t('repositoryPointers.columns.attempts')}</TableCell>
                  <TableCell>{t('repositoryPointers.columns.lastError')}</TableCell>
                  <TableCell align="right">{t('repositoryPointers.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((pointer) => <PointerRow key={pointer.id} pointer={pointer} />)}
              </TableBody>
            </Table>
          </TableContainer>
          <ListPagination total={pointers.data?.total ?? 0} pagination={pagination} />
        </Paper>
      )}
    </Box>
  );
}

function PointerRow({ pointer }: { pointer: RepositoryPointer }) {
  const { t } = useTranslation();
  return (
    <TableRow>
      <TableCell>
        <time dateTime={pointer.createdAt}>{formatDisplayDateTime(pointer.createdAt)}</time>
      </TableCell>
      <TableCell>{t(`repositoryPointers.kinds.${pointer.kind}`)}</TableCell>
      <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{pointer.cuir}</TableCell>
      <TableCell>{pointer.transactionId}</TableCell>
      <TableCell>
        <Chip size="small" variant="outlined" label={t(`repositoryPointers.statuses.${pointer.status}`)} color={statusColors[pointer.status]} />
      </TableCell>
      <TableCell align="right">{pointer.attempts}</TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{pointer.lastError ?? ''}</TableCell>
      <TableCell align="right">{pointer.status === 'failed' && <RetryButton pointer={pointer} />}</TableCell>
    </TableRow>
  );
}

/** A failed pointer waits for nobody (decision 044): the superadmin sends it again once the cause is fixed. */
function RetryButton({ pointer }: { pointer: RepositoryPointer }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const retry = useRetryRepositoryPointer();

  async function sendAgain() {
    try {
      notify({ message: await retry.mutateAsync(pointer.id), variant: 'success' });
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <Button
      size="small"
      variant="outlined"
      disabled={retry.isPending}
      onClick={() => void sendAgain()}
      aria-label={t('repositoryPointers.retryNamed', { transactionId: pointer.transactionId })}
    >
      {t('repositoryPointers.retry')}
    </Button>
  );
}
