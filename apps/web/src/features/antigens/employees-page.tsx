import { todayInArgentina, type Employee } from '@receta/domain';
import Add from '@mui/icons-material/Add';
import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/admin-page.tsx';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { saveFile } from '../../lib/protected-file.ts';
import { useSession } from '../../lib/session.tsx';
import { EmployeeFormDialog } from './employee-form-dialog.tsx';
import { EmployeeImportButton } from './employee-import.tsx';
import { EmployeesList } from './employees-list.tsx';
import { fetchEmployeesCsv } from './employees-api.ts';

/** The form dialog: a new employee without one; the employee stays while the dialog fades out. */
interface Editing {
  isOpen: boolean;
  employee?: Employee;
}

/** `/myEmployees`: the signed-in owner's employees, their antigen tests, and the CSV import and export. */
export function EmployeesPage() {
  const { t } = useTranslation();
  const { scope } = useSession();
  const [editing, setEditing] = useState<Editing>({ isOpen: false });
  const canCreate = scope.includes('create.employee');

  return (
    <AdminPage
      title={t('antigens.employees.title')}
      lead={t('antigens.employees.lead')}
      actions={(
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {canCreate && <EmployeeImportButton />}
          <ExportButton />
          {canCreate && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ isOpen: true })}>{t('antigens.employees.new')}</Button>
          )}
        </Box>
      )}
    >
      <EmployeesList onEdit={(employee) => setEditing({ isOpen: true, employee })} />
      <EmployeeFormDialog
        open={editing.isOpen}
        employee={editing.employee}
        onClose={() => setEditing((current) => ({ ...current, isOpen: false }))}
      />
    </AdminPage>
  );
}

/** 'Exportar CSV': the employees as a file the import reads back. */
function ExportButton() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [isExporting, setIsExporting] = useState(false);

  async function exportCsv() {
    setIsExporting(true);
    try {
      saveFile(await fetchEmployeesCsv(), t('antigens.employees.exportFileName', { date: todayInArgentina() }));
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    } finally {
      setIsExporting(false);
    }
  }

  return (
    <Button variant="outlined" startIcon={<Download />} loading={isExporting} onClick={() => void exportCsv()}>
      {t('antigens.employees.export')}
    </Button>
  );
}
