import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NotificationsProvider } from '../components/notifications-provider.tsx';
import type { UserSession } from '@receta/domain';
import { SessionProvider } from '../lib/session.tsx';
import { theme } from './theme.ts';

export function AppProviders({
  queryClient,
  initialUser,
  children,
}: {
  queryClient: QueryClient;
  initialUser?: UserSession | null;
  children: ReactNode;
}) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SessionProvider initialUser={initialUser}>
          <NotificationsProvider>{children}</NotificationsProvider>
        </SessionProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
