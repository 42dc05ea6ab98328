import { zodResolver } from '@hookform/resolvers/zod';
import { EmployeeInputSchema, type Employee, type ErrorCode } from '@receta/domain';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';

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
export type EmployeeFormOutput = z.output<typeof EmployeeInputSchema>;
type EmployeeField = keyof EmployeeFormValues;

export const emptyEmployeeForm: EmployeeFormValues = { name: '', lastName: '', dni: '', birthDate: '', email: '', phone: '', position: '' };
export const employeeConflicts = { dniTaken: 'dni' } as const satisfies Partial<Record<ErrorCode, EmployeeField>>;

/** The domain's schema checks the form, with its Spanish messages (spec section 5). */
export const employeeResolver = zodResolver(EmployeeInputSchema) as unknown as Resolver<
  EmployeeFormValues, unknown, EmployeeFormOutput
>;

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
