import { EmployeeInputSchema, messages, type Employee } from '@receta/domain';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { FormDateField } from '../../components/form-date-field.tsx';
import { FormTextField } from '../../components/form-field.tsx';
import { useServerForm } from '../../lib/use-server-form.ts';
import { emptyEmployeeForm, employeeFormOf, employeeServerFields } from './employee-form.ts';
import { useSaveEmployee } from './employees-api.ts';

interface EmployeeFormDialogProps {
  open: boolean;
  /** The employee to edit; without one the dialog creates a new employee. */
  employee?: Employee;
  onClose: () => void;
}

/** Creates or edits an employee of the signed-in owner. */
export function EmployeeFormDialog({ open, employee, onClose }: EmployeeFormDialogProps) {
  const { t } = useTranslation();
  const title = employee ? t('antigens.employees.editTitle') : t('antigens.employees.newTitle');
  return (
    <FormDialog open={open} title={title} onClose={onClose} maxWidth="sm">
      <EmployeeForm employee={employee} onClose={onClose} />
    </FormDialog>
  );
}

function EmployeeForm({ employee, onClose }: Omit<EmployeeFormDialogProps, 'open'>) {
  const { t } = useTranslation();
  const saveEmployee = useSaveEmployee(employee?.id);
  const { control, formState, submitWith } = useServerForm({
    schema: EmployeeInputSchema,
    defaultValues: employee ? employeeFormOf(employee) : emptyEmployeeForm,
    mode: 'onTouched',
    serverFields: employeeServerFields,
  });
  const save = submitWith((values) => saveEmployee.mutateAsync(values), {
    success: employee ? messages.employees.edited : messages.employees.created,
    onSaved: onClose,
  });

  return (
    <DialogForm onSubmit={save} onCancel={onClose} isSubmitting={formState.isSubmitting}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
        <FormTextField control={control} name="lastName" label={t('antigens.employees.fields.lastName')} autoComplete="off" required />
        <FormTextField control={control} name="name" label={t('antigens.employees.fields.name')} autoComplete="off" required />
        <FormTextField control={control} name="dni" label={t('antigens.employees.fields.dni')} digitsOnly required />
        <FormDateField control={control} name="birthDate" label={t('antigens.employees.fields.birthDate')} required />
        <FormTextField control={control} name="email" type="email" label={t('antigens.employees.fields.email')} autoComplete="off" />
        <FormTextField control={control} name="phone" type="tel" label={t('antigens.employees.fields.phone')} helperText={t('antigens.fields.phoneHint')} digitsOnly />
        <FormTextField control={control} name="position" label={t('antigens.employees.fields.position')} autoComplete="off" sx={{ gridColumn: { sm: '1 / -1' } }} />
      </Box>
    </DialogForm>
  );
}
