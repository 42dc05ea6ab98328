import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NotificationsProvider } from '../components/notifications-provider.tsx';
import type { UserSession } from '@receta/domain';
import { SettingsProvider } from '../features/settings/settings-provider.tsx';
import { SessionProvider } from '../lib/session.tsx';
import { ShellTheme } from './shell-theme.tsx';

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
    <QueryClientProvider client={queryClient}>
      <SessionProvider initialUser={initialUser}>
        {/* The theme follows the settings, and a signed-in user's settings come with the session. */}
        <SettingsProvider>
          <ShellTheme>
            <NotificationsProvider>{children}</NotificationsProvider>
          </ShellTheme>
        </SettingsProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
