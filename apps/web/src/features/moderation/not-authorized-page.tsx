import { formatDisplayDate, type PendingUser } from '@receta/domain';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultPageSize, ListPagination } from '../../components/list-pagination.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { usePagination } from '../../lib/use-pagination.ts';
import { usePendingUsers, useReviewUser } from './moderation-api.ts';
import { formalNameOf, nameOf } from './pending-user-names.ts';
import { PendingUserDialog } from './pending-user-dialog.tsx';
import { AuthorizeDialog, RejectDialog } from './review-dialogs.tsx';

const wideOnly = { display: { xs: 'none', md: 'table-cell' } } as const;

type Review = 'authorize' | 'reject' | null;

/**
 * The moderators' queue (spec section 2, "Users not authorized"): doctors waiting for approval
 * and administrators not yet authorized (DECISIONS.md).
 */
export function NotAuthorizedPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const pagination = usePagination(defaultPageSize);
  const [selected, setSelected] = useState<PendingUser | null>(null);
  const [review, setReview] = useState<Review>(null);
  const debouncedSearch = useDebouncedValue(search);
  const pendingUsers = usePendingUsers(pagination, debouncedSearch);
  const reviewUser = useReviewUser();
  const selectedName = selected ? nameOf(selected) : '';

  async function decide(decision: { decision: 'authorize' } | { decision: 'reject'; reason: string }) {
    if (!selected) return;
    try {
      const message = await reviewUser.mutateAsync({ id: selected.id, ...decision });
      notify({ message, variant: 'success' });
      setReview(null);
      setSelected(null);
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  const rows = pendingUsers.data?.items ?? [];
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <PageTitle title={t('moderation.title')} />
      <Typography variant="h1" gutterBottom>
        {t('moderation.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('moderation.lead')}
      </Typography>
      <Paper variant="outlined">
        <Box sx={{ p: 2 }}>
          <TextField
            type="search"
            label={t('moderation.search')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              pagination.setPageIndex(0);
            }}
            fullWidth
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search aria-hidden /></InputAdornment> } }}
            sx={{ maxWidth: 480 }}
          />
        </Box>
        {pendingUsers.isFetching && <LinearProgress aria-label={t('moderation.loading')} />}
        {pendingUsers.isError && <Alert severity="error" sx={{ m: 2 }}>{translateMessage(t, errorMessageOf(pendingUsers.error))}</Alert>}
        <TableContainer>
          <Table aria-label={t('moderation.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('moderation.columns.user')}</TableCell>
                <TableCell sx={wideOnly}>{t('moderation.columns.kind')}</TableCell>
                <TableCell sx={wideOnly}>{t('moderation.columns.dni')}</TableCell>
                <TableCell sx={wideOnly}>{t('moderation.columns.specialty')}</TableCell>
                <TableCell sx={wideOnly}>{t('moderation.columns.enrollment')}</TableCell>
                <TableCell sx={wideOnly}>{t('moderation.columns.createdAt')}</TableCell>
                <TableCell align="right">{t('moderation.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((pendingUser) => (
                <TableRow key={pendingUser.id} hover>
                  <TableCell>
                    <Typography sx={{ fontWeight: 500 }}>{formalNameOf(pendingUser)}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {pendingUser.email}
                    </Typography>
                  </TableCell>
                  <TableCell sx={wideOnly}>{t(`moderation.kinds.${pendingUser.kind}`)}</TableCell>
                  <TableCell sx={wideOnly}>{pendingUser.kind === 'doctor' ? pendingUser.dni : '—'}</TableCell>
                  <TableCell sx={wideOnly}>{(pendingUser.kind === 'doctor' && pendingUser.specialty) || '—'}</TableCell>
                  <TableCell sx={wideOnly}>{pendingUser.kind === 'doctor' ? enrollmentOf(pendingUser) : '—'}</TableCell>
                  <TableCell sx={wideOnly}>{formatDisplayDate(pendingUser.createdAt)}</TableCell>
                  <TableCell align="right">
                    <Button
                      variant="outlined"
                      size="small"
                      onClick={() => setSelected(pendingUser)}
                      aria-label={t('moderation.reviewNamed', { name: nameOf(pendingUser) })}
                    >
                      {t('moderation.review')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
              {pendingUsers.isSuccess && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                      {debouncedSearch.trim() ? t('moderation.noMatches') : t('moderation.empty')}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <ListPagination total={pendingUsers.data?.total ?? 0} pagination={pagination} />
      </Paper>
      <PendingUserDialog
        pendingUser={selected}
        onClose={() => setSelected(null)}
        onAuthorize={() => setReview('authorize')}
        onReject={() => setReview('reject')}
      />
      <AuthorizeDialog
        open={review === 'authorize'}
        name={selectedName}
        isSending={reviewUser.isPending}
        onCancel={() => setReview(null)}
        onConfirm={() => void decide({ decision: 'authorize' })}
      />
      <RejectDialog
        open={review === 'reject'}
        name={selectedName}
        onCancel={() => setReview(null)}
        onReject={(reason) => decide({ decision: 'reject', reason })}
      />
    </Box>
  );
}

function enrollmentOf(doctor: { jurisdiction: string | null; doctorEnrollment: string }): string {
  return [doctor.jurisdiction, doctor.doctorEnrollment].filter(Boolean).join(' · ');
}
