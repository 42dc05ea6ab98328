import type { Employee } from '@receta/domain';
import type { ServerFieldErrorOptions } from '../../lib/server-field-errors.ts';

/** Every field as typed; the schema turns a blank email, phone or position into null. */
export interface EmployeeFormValues {
  name: string;
  lastName: string;
  dni: string;
  /** YYYY-MM-DD once typed in full; the field shows dd/MM/yyyy. */
  birthDate: string;
  email: string;
  phone: string;
  position: string;
}
type EmployeeField = keyof EmployeeFormValues;

export const emptyEmployeeForm: EmployeeFormValues = { name: '', lastName: '', dni: '', birthDate: '', email: '', phone: '', position: '' };

/** The server tells a DNI taken by another employee by its code. */
export const employeeServerFields: ServerFieldErrorOptions<EmployeeField> = { conflicts: { dniTaken: 'dni' } };

export function employeeFormOf(employee: Employee): EmployeeFormValues {
  return {
    name: employee.name,
    lastName: employee.lastName,
    dni: employee.dni,
    birthDate: employee.birthDate,
    email: employee.email ?? '',
    phone: employee.phone ?? '',
    position: employee.position ?? '',
  };
}
