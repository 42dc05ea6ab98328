import { messages, type EmployeeImportReport } from '@receta/domain';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileChooserButton } from '../../components/file-chooser-button.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { useImportEmployees } from './employees-api.ts';

/** 'Importar CSV': sends the chosen file and shows what the import did with each line. */
export function EmployeeImportButton() {
  const { t } = useTranslation();
  const notify = useNotify();
  const importEmployees = useImportEmployees();
  const [report, setReport] = useState<EmployeeImportReport | null>(null);
  const [isReportOpen, setIsReportOpen] = useState(false);

  async function send(file: File) {
    if (!file.name.toLowerCase().endsWith('.csv')) {
      notify({ message: messages.employees.csvInvalid, variant: 'error' });
      return;
    }
    try {
      setReport(await importEmployees.mutateAsync(file));
      setIsReportOpen(true);
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <>
      <FileChooserButton
        variant="outlined"
        startIcon={<UploadFile />}
        loading={importEmployees.isPending}
        accept=".csv,text/csv"
        inputLabel={t('antigens.employees.importFile')}
        onFile={(file) => void send(file)}
      >
        {t('antigens.employees.import')}
      </FileChooserButton>
      {report && <ImportReportDialog open={isReportOpen} report={report} onClose={() => setIsReportOpen(false)} />}
    </>
  );
}

function ImportReportDialog({ open, report, onClose }: {
  open: boolean;
  report: EmployeeImportReport;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{t('antigens.import.title')}</DialogTitle>
      <DialogContent dividers>
        <Alert severity={report.refused.length === 0 ? 'success' : 'warning'} sx={{ mb: 2 }}>
          {translateMessage(t, report.message)}
        </Alert>
        <Typography sx={{ mb: 1 }}>{t('antigens.import.created', { count: report.created })}</Typography>
        {report.refused.length > 0 && (
          <>
            <Typography sx={{ mb: 1 }}>{t('antigens.import.refused', { count: report.refused.length })}</Typography>
            <TableContainer>
              <Table size="small" aria-label={t('antigens.import.refusedTable')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('antigens.import.line')}</TableCell>
                    <TableCell>{t('antigens.import.errors')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {report.refused.map(({ line, errors }) => (
                    <TableRow key={line}>
                      <TableCell sx={{ verticalAlign: 'top' }}>{line}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        {errors.map(({ field, message }) => (
                          <Typography key={`${field}-${message}`} variant="body2">
                            {`${field}: ${translateMessage(t, message)}`}
                          </Typography>
                        ))}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('antigens.import.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
