import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { PrivacyPage } from '../features/legal/privacy-page.tsx';
import { TermsPage } from '../features/legal/terms-page.tsx';
import { AppLayout } from './layouts/app-layout.tsx';
import { GuestLayout } from './layouts/guest-layout.tsx';
import { HomePage } from './pages/home-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';

/**
 * The route tree. A route that needs permissions says so in its handle, typed as
 * `RouteHandle` (route-guard.tsx), and the layout's guard applies the spec's rule.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <GuestLayout />,
        children: [
          // Open to all: patients read them before accepting, and links open them in a new tab.
          { path: paths.termsAndConditions.path, element: <TermsPage /> },
          { path: paths.privacyPolicy.path, element: <PrivacyPage /> },
        ],
      },
      {
        element: <AppLayout />,
        children: [
          { path: paths.home.path, element: <HomePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
