import {
  AntigenTestSchema, EmployeeImportReportSchema, EmployeePageSchema, EmployeeSchema, EmployeesRemovedSchema,
  type AntigenTestInput, type EmployeeInput, type EmployeesQuery,
} from '@receta/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { useDeleteRows, useResourcePage } from '../../lib/resource-api.ts';
import { ownersKey } from './owners-api.ts';

export const employeesKey = ['employees'] as const;
export type EmployeeSort = NonNullable<EmployeesQuery['sort']>;
export type LastResultFilter = NonNullable<EmployeesQuery['lastResult']>;

const employeePath = (id: string) => `/api/employees/${encodeURIComponent(id)}`;
const testsPath = (employeeId: string) => `${employeePath(employeeId)}/tests`;
const testsKey = (employeeId: string) => [...employeesKey, employeeId, 'tests'] as const;

/** An employee's count and last result show in the owners' list too, so both refresh. */
function useRefreshEmployees() {
  const queryClient = useQueryClient();
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: employeesKey }),
    queryClient.invalidateQueries({ queryKey: ownersKey }),
  ]);
}

export function useEmployees(query: EmployeesQuery) {
  return useResourcePage(employeesKey, '/api/employees', EmployeePageSchema, query);
}

export function useDeleteEmployees() {
  return useDeleteRows(employeesKey, '/api/employees', EmployeesRemovedSchema);
}

/** Creates an employee of the signed-in owner, or changes the one with `id`. */
export function useSaveEmployee(id?: string) {
  const refresh = useRefreshEmployees();
  return useMutation({
    mutationFn: (employee: EmployeeInput) => (id
      ? api.request(employeePath(id), { method: 'PUT', body: employee, schema: EmployeeSchema })
      : api.request('/api/employees', { method: 'POST', body: employee, schema: EmployeeSchema })),
    onSuccess: refresh,
  });
}

/** Sends a CSV of employees; the report says how many were created and why the others were refused. */
export function useImportEmployees() {
  const refresh = useRefreshEmployees();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return api.request('/api/employees/import', { method: 'POST', body, schema: EmployeeImportReportSchema });
    },
    onSuccess: refresh,
  });
}

/** Every employee of the signed-in owner, as the CSV the import reads. */
export function fetchEmployeesCsv(): Promise<Blob> {
  return api.download('/api/employees/export');
}

/** An employee's antigen tests, the newest first. */
export function useAntigenTests(employeeId: string) {
  return useQuery({
    queryKey: testsKey(employeeId),
    queryFn: ({ signal }) => api.request(testsPath(employeeId), { schema: z.array(AntigenTestSchema), signal }),
  });
}

/** Records a test; the employee's last result changes with it. */
export function useRecordAntigenTest(employeeId: string) {
  const refresh = useRefreshEmployees();
  return useMutation({
    mutationFn: (test: AntigenTestInput) => api.request(testsPath(employeeId), { method: 'POST', body: test, schema: AntigenTestSchema }),
    onSuccess: refresh,
  });
}

export function useDeleteAntigenTest(employeeId: string) {
  const refresh = useRefreshEmployees();
  return useMutation({
    mutationFn: (testId: string) => api.request(`${testsPath(employeeId)}/${encodeURIComponent(testId)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}
