import { AdminDashboardSchema, MedicalDashboardSchema, type DashboardPeriod } from '@receta/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

const dashboardKey = ['dashboard'] as const;

/** The figures of the prescriptions in the current workspace: the user's own, or the workspace's. */
export function useMedicalDashboard(period: DashboardPeriod) {
  return useQuery({
    queryKey: [...dashboardKey, 'medical', period],
    queryFn: ({ signal }) => api.request('/api/dashboard/medical', { query: { ...period }, schema: MedicalDashboardSchema, signal }),
    // The figures of the last period stay on screen while another one loads.
    placeholderData: keepPreviousData,
  });
}

/** The moderators' figures: accounts to authorize, active doctors, the platform's prescriptions per day. */
export function useAdminDashboard(period: DashboardPeriod) {
  return useQuery({
    queryKey: [...dashboardKey, 'admin', period],
    queryFn: ({ signal }) => api.request('/api/dashboard/admin', { query: { ...period }, schema: AdminDashboardSchema, signal }),
    placeholderData: keepPreviousData,
  });
}
