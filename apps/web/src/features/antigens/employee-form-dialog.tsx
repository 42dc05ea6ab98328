import { messages, type Employee } from '@receta/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../components/form-date-field.tsx';
import { FormTextField } from '../../components/form-field.tsx';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import {
  emptyEmployeeForm, employeeConflicts, employeeFormFields, employeeFormOf, employeeResolver,
  type EmployeeFormOutput, type EmployeeFormValues,
} from './employee-form.ts';
import { useSaveEmployee } from './employees-api.ts';
import { serverFieldErrors } from './server-field-errors.ts';

interface EmployeeFormDialogProps {
  open: boolean;
  /** The employee to edit; without one the dialog creates a new employee. */
  employee?: Employee;
  onClose: () => void;
}

/** Creates or edits an employee of the signed-in owner. */
export function EmployeeFormDialog({ open, employee, onClose }: EmployeeFormDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={isPhone} scroll="paper">
      <DialogTitle id={titleId}>{employee ? t('antigens.employees.editTitle') : t('antigens.employees.newTitle')}</DialogTitle>
      {/* The dialog unmounts its content once closed, so each opening starts from the employee as it is now. */}
      <EmployeeForm employee={employee} onClose={onClose} />
    </Dialog>
  );
}

function EmployeeForm({ employee, onClose }: Omit<EmployeeFormDialogProps, 'open'>) {
  const { t } = useTranslation();
  const notify = useNotify();
  const saveEmployee = useSaveEmployee(employee?.id);
  const { control, handleSubmit, formState, setError } = useForm<EmployeeFormValues, unknown, EmployeeFormOutput>({
    resolver: employeeResolver,
    defaultValues: employee ? employeeFormOf(employee) : emptyEmployeeForm,
    mode: 'onTouched',
  });

  async function save(values: EmployeeFormOutput) {
    try {
      await saveEmployee.mutateAsync(values);
      notify({ message: employee ? messages.employees.edited : messages.employees.created, variant: 'success' });
      onClose();
    } catch (error) {
      serverFieldErrors(error, employeeFormFields, employeeConflicts)
        .forEach(({ field, message }, index) => setError(field, { message }, { shouldFocus: index === 0 }));
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(save)(event)} style={{ display: 'contents' }}>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
          <FormTextField control={control} name="lastName" label={t('antigens.employees.fields.lastName')} autoComplete="off" required />
          <FormTextField control={control} name="name" label={t('antigens.employees.fields.name')} autoComplete="off" required />
          <FormTextField control={control} name="dni" label={t('antigens.employees.fields.dni')} digitsOnly required />
          <FormDateField control={control} name="birthDate" label={t('antigens.employees.fields.birthDate')} required />
          <FormTextField control={control} name="email" type="email" label={t('antigens.employees.fields.email')} autoComplete="off" />
          <FormTextField control={control} name="phone" type="tel" label={t('antigens.employees.fields.phone')} helperText={t('antigens.fields.phoneHint')} digitsOnly />
          <FormTextField control={control} name="position" label={t('antigens.employees.fields.position')} autoComplete="off" sx={{ gridColumn: { sm: '1 / -1' } }} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('resources.cancel')}</Button>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>{t('resources.save')}</Button>
      </DialogActions>
    </form>
  );
}
