import { formatDisplayDate, messages, type AntigenTest, type Employee } from '@receta/domain';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DocumentPreview } from '../../components/document-preview.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { loadErrorMessage } from '../../lib/resource-api.ts';
import { useSession } from '../../lib/session.tsx';
import { AntigenResultChip } from './antigen-result-chip.tsx';
import { AntigenTestForm } from './antigen-test-form.tsx';
import { useAntigenTests, useDeleteAntigenTest } from './employees-api.ts';

/**
 * An employee's antigen tests, the newest first, and, for those who may edit employees, the
 * form to record another one.
 */
export function EmployeeTestsDialog({ open, employee, onClose }: {
  open: boolean;
  employee: Employee;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { scope } = useSession();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  // As the server allows: recording is creating or editing; removing a test is editing.
  const canRecord = scope.includes('create.employee') || scope.includes('edit.employee');
  const canDelete = scope.includes('edit.employee');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={isPhone} scroll="paper">
      <DialogTitle id={titleId}>{t('antigens.tests.title', { name: `${employee.name} ${employee.lastName}` })}</DialogTitle>
      <DialogContent dividers>
        {canRecord && (
          <>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500, mb: 2 }}>{t('antigens.tests.recordTitle')}</Typography>
            <AntigenTestForm employeeId={employee.id} />
            <Divider sx={{ my: 3 }} />
          </>
        )}
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500, mb: 2 }}>{t('antigens.tests.history')}</Typography>
        <TestHistory employeeId={employee.id} canDelete={canDelete} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('antigens.tests.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function TestHistory({ employeeId, canDelete }: { employeeId: string; canDelete: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const tests = useAntigenTests(employeeId);
  const deleteTest = useDeleteAntigenTest(employeeId);
  const [removing, setRemoving] = useState<AntigenTest | null>(null);

  async function remove(test: AntigenTest) {
    try {
      await deleteTest.mutateAsync(test.id);
      notify({ message: t('antigens.tests.removed'), variant: 'success' });
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    } finally {
      setRemoving(null);
    }
  }

  if (tests.isPending) return <CircularProgress aria-label={t('antigens.tests.loading')} />;
  if (tests.isError) return <Alert severity="error">{translateMessage(t, loadErrorMessage(tests.error, messages.employees.notFound))}</Alert>;
  if (tests.data.length === 0) return <Typography color="text.secondary">{t('antigens.tests.empty')}</Typography>;

  return (
    <>
      <Box component="ol" aria-label={t('antigens.tests.history')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {tests.data.map((test) => (
          <TestItem key={test.id} test={test} onDelete={canDelete ? () => setRemoving(test) : undefined} />
        ))}
      </Box>
      <ConfirmDialog
        open={removing !== null}
        title={t('antigens.tests.removeTitle')}
        confirmLabel={t('resources.delete')}
        isDestructive
        isSending={deleteTest.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      >
        {removing && t('antigens.tests.removeQuestion', { date: formatDisplayDate(removing.testedOn) })}
      </ConfirmDialog>
    </>
  );
}

function TestItem({ test, onDelete }: { test: AntigenTest; onDelete?: () => void }) {
  const { t } = useTranslation();
  const [showsCertificate, setShowsCertificate] = useState(false);
  const date = formatDisplayDate(test.testedOn);
  return (
    <Box component="li" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 500 }}>{date}</Typography>
        <AntigenResultChip result={test.result} />
        <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {test.certificateUrl && (
            <Button size="small" onClick={() => setShowsCertificate((shows) => !shows)} aria-expanded={showsCertificate}>
              {showsCertificate ? t('antigens.tests.hideCertificate') : t('antigens.tests.showCertificate')}
            </Button>
          )}
          {onDelete && (
            <IconButton size="small" onClick={onDelete} aria-label={t('antigens.tests.removeNamed', { date })}>
              <DeleteOutlined />
            </IconButton>
          )}
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('antigens.tests.detail', { place: test.place, recordedBy: test.recordedBy.displayName })}
      </Typography>
      {/* Fetched only when asked for: a history may hold many certificates of up to 5 MB. */}
      {showsCertificate && test.certificateUrl && (
        <Box sx={{ mt: 1.5 }}>
          <DocumentPreview label={t('antigens.tests.certificateOf', { date })} location={test.certificateUrl} />
        </Box>
      )}
    </Box>
  );
}
