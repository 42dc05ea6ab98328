import { permissions, type Permission } from '@receta/domain';
import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { SessionLifecycle } from '../features/auth/session-lifecycle.tsx';
import { OAuthLayout } from '../features/oauth2/oauth-layout.tsx';
import { loadAllTexts } from '../i18n/index.ts';
import { GuestLayout } from './layouts/guest-layout.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { PageLoading } from './pages/page-loading.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import type { RouteHandle } from './route-guard.tsx';

/** Spec section 2: the root is for the list and own-list permissions of every kind of user. */
const homePermissions: readonly Permission[] = [
  'index.scan', 'index.prescription', 'owner.prescription', 'index.employee', 'owner.employee',
  'index.admin.fds', 'index.admin.antigens', 'index.medical',
];

/**
 * A route's page, loaded the first time it is visited, so that each page ships only its own
 * code: the login page does not carry the dashboard's charts or the prescription forms. It
 * renders once the Spanish texts beyond the login page's have loaded too, in parallel.
 */
function page<Module>(
  load: () => Promise<Module>,
  render: (module: Module) => ReactNode,
): () => Promise<{ element: ReactNode }> {
  return async () => {
    const [module] = await Promise.all([load(), loadAllTexts()]);
    return { element: render(module) };
  };
}

/** The login page, whose texts are in the start-up bundle (i18n/es-first-paint.ts): it waits for no others. */
async function loginPage(): Promise<{ element: ReactNode }> {
  const { LoginPage } = await import('../features/auth/login-page.tsx');
  return { element: <LoginPage /> };
}

/** The permission a route needs, in its handle. */
function needs(...required: Permission[]): RouteHandle {
  return { required };
}

const adminPermissions = ['index.admin.fds', 'index.admin.antigens'] as const satisfies Permission[];

/** Spec section 2, "Administration and directory routes". */
const adminRoutes: RouteObject[] = [
  {
    path: paths.administrators.path,
    handle: needs(...adminPermissions),
    lazy: page(() => import('../features/administrators/administrators-page.tsx'), (module) => <module.AdministratorsPage />),
  },
  {
    path: paths.newAdministrator.path,
    handle: needs('create.admin.fds', 'create.admin.antigens', 'create.user'),
    lazy: page(() => import('../features/administrators/administrator-form-page.tsx'), (module) => <module.NewAdministratorPage />),
  },
  {
    path: paths.editAdministrator.path,
    handle: needs('edit.admin.fds', 'edit.admin.antigens'),
    lazy: page(() => import('../features/administrators/administrator-form-page.tsx'), (module) => <module.EditAdministratorPage />),
  },
  {
    path: paths.roles.path,
    handle: needs('index.role'),
    lazy: page(() => import('../features/roles/roles-page.tsx'), (module) => <module.RolesPage />),
  },
  {
    path: paths.newRole.path,
    handle: needs('create.role'),
    lazy: page(() => import('../features/roles/role-form-page.tsx'), (module) => <module.NewRolePage />),
  },
  {
    path: paths.editRole.path,
    handle: needs('edit.role'),
    lazy: page(() => import('../features/roles/role-form-page.tsx'), (module) => <module.EditRolePage />),
  },
  {
    path: paths.workspaces.path,
    handle: { roles: 'superAdmin' } satisfies RouteHandle,
    lazy: page(() => import('../features/workspaces/workspaces-page.tsx'), (module) => <module.WorkspacesPage />),
  },
  {
    path: paths.medicals.path,
    handle: needs('index.medical'),
    lazy: page(() => import('../features/medicals/medicals-page.tsx'), (module) => <module.MedicalsPage />),
  },
  {
    path: paths.newMedical.path,
    handle: needs('create.medical'),
    lazy: page(() => import('../features/medicals/medical-create-page.tsx'), (module) => <module.MedicalCreatePage />),
  },
  {
    path: paths.medicalPreview.path,
    handle: needs('show.medical', 'edit.medical'),
    lazy: page(() => import('../features/medicals/medical-preview-page.tsx'), (module) => <module.MedicalPreviewPage />),
  },
];

/** Spec section 2: the patients of the current workspace. */
const patientRoutes: RouteObject[] = [
  {
    path: paths.myPatients.path,
    handle: needs('index.patient'),
    lazy: page(() => import('../features/patients/patients-page.tsx'), (module) => <module.PatientsPage />),
  },
  {
    path: paths.patient.path,
    handle: needs('index.patient'),
    lazy: page(() => import('../features/patients/patient-page.tsx'), (module) => <module.PatientPage />),
  },
];

/**
 * Spec section 2, "Prescriptions section". /prescriptions/signed comes before the detail's
 * /prescriptions/:prescriptionId, which it would otherwise look like.
 */
const prescriptionRoutes: RouteObject[] = [
  {
    path: paths.prescriptions.path,
    handle: needs('index.prescription'),
    lazy: page(() => import('../features/prescriptions/prescriptions-list.tsx'), (module) => <module.PrescriptionsList key="workspace" kind="workspace" />),
  },
  {
    path: paths.myPrescriptions.path,
    handle: needs('owner.prescription'),
    lazy: page(() => import('../features/prescriptions/prescriptions-list.tsx'), (module) => <module.PrescriptionsList key="mine" kind="mine" />),
  },
  {
    path: paths.signedPrescriptions.path,
    handle: needs('sign.prescription'),
    lazy: page(() => import('../features/prescriptions/prescriptions-list.tsx'), (module) => <module.PrescriptionsList key="signed" kind="signed" />),
  },
  {
    path: paths.newPrescription.path,
    handle: needs('create.prescription', 'edit.prescription'),
    lazy: page(() => import('../features/prescriptions/prescription-form-page.tsx'), (module) => <module.NewPrescriptionPage />),
  },
  {
    path: paths.editPrescription.path,
    handle: needs('create.prescription', 'edit.prescription'),
    lazy: page(() => import('../features/prescriptions/prescription-form-page.tsx'), (module) => <module.EditPrescriptionPage />),
  },
  {
    path: paths.prescription.path,
    handle: needs('show.prescription'),
    lazy: page(() => import('../features/prescriptions/prescription-page.tsx'), (module) => <module.PrescriptionPage />),
  },
];

/**
 * Spec section 2, group Antigens. /owners/new comes before /owners/:ownerId, which it would
 * otherwise look like; an owner's page is also where an antigens administrator sees its employees.
 */
const antigensRoutes: RouteObject[] = [
  {
    path: paths.owners.path,
    handle: needs('index.owner'),
    lazy: page(() => import('../features/antigens/owners-page.tsx'), (module) => <module.OwnersPage />),
  },
  {
    path: paths.newOwner.path,
    handle: needs('create.owner'),
    lazy: page(() => import('../features/antigens/owner-form-page.tsx'), (module) => <module.NewOwnerPage />),
  },
  {
    path: paths.owner.path,
    handle: needs('create.owner', 'edit.owner'),
    lazy: page(() => import('../features/antigens/owner-form-page.tsx'), (module) => <module.OwnerPage />),
  },
  {
    path: paths.myEmployees.path,
    handle: needs('owner.employee'),
    lazy: page(() => import('../features/antigens/employees-page.tsx'), (module) => <module.EmployeesPage />),
  },
];

/**
 * The route tree. A route that needs permissions or roles says so in its handle, typed as
 * `RouteHandle` (route-guard.tsx), and the layout's guard applies the spec's rule.
 */
export const routes: RouteObject[] = [
  {
    element: <SessionLifecycle />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: PageLoading,
    children: [
      {
        // Spec section 2, "OAuth pages": open to all, a signed-in doctor included.
        element: <OAuthLayout />,
        children: [
          {
            path: paths.oauthSignIn.path,
            lazy: page(() => import('../features/oauth2/sign-in-page.tsx'), (module) => <module.OAuthSignInPage />),
          },
          {
            path: paths.oauthAuthorize.path,
            lazy: page(() => import('../features/oauth2/authorize-page.tsx'), (module) => <module.OAuthAuthorizePage />),
          },
          {
            path: paths.oauthPin.path,
            lazy: page(() => import('../features/oauth2/pin-page.tsx'), (module) => <module.OAuthPinPage />),
          },
          {
            path: paths.oauthDemo.path,
            lazy: page(() => import('../features/oauth2/demo-page.tsx'), (module) => <module.OAuthDemoPage />),
          },
        ],
      },
      {
        element: <GuestLayout />,
        children: [
          // Open to all: patients read them before accepting, and links open them in a new tab.
          {
            path: paths.termsAndConditions.path,
            lazy: page(() => import('../features/legal/terms-page.tsx'), (module) => <module.TermsPage />),
          },
          {
            path: paths.privacyPolicy.path,
            lazy: page(() => import('../features/legal/privacy-page.tsx'), (module) => <module.PrivacyPage />),
          },
          {
            path: paths.tutorials.path,
            lazy: page(() => import('../features/tutorials/tutorials-page.tsx'), (module) => <module.TutorialsPage />),
          },
          // Public: the printed QR code and the link sent to the patient open them without login.
          {
            path: paths.verificationSearch.path,
            lazy: page(() => import('../features/verification/verification-page.tsx'), (module) => <module.VerificationSearchPage />),
          },
          {
            path: paths.verification.path,
            lazy: page(() => import('../features/verification/verification-page.tsx'), (module) => <module.VerificationPage />),
          },
          {
            path: paths.patientLink.path,
            lazy: page(() => import('../features/patient-access/patient-link-page.tsx'), (module) => <module.PatientLinkPage />),
          },
          {
            handle: { required: [] } satisfies RouteHandle,
            children: [
              {
                path: paths.login.path,
                lazy: loginPage,
              },
              {
                path: paths.secondFactor.path,
                lazy: page(() => import('../features/auth/second-factor-page.tsx'), (module) => <module.SecondFactorPage />),
              },
              {
                path: paths.register.path,
                lazy: page(() => import('../features/registration/registration-page.tsx'), (module) => <module.RegistrationPage />),
              },
              {
                path: paths.confirmation.path,
                lazy: page(() => import('../features/auth/confirmation-page.tsx'), (module) => <module.ConfirmationPage />),
              },
              {
                path: paths.passwordRecovery.path,
                lazy: page(() => import('../features/auth/password-recovery-page.tsx'), (module) => <module.PasswordRecoveryPage />),
              },
              {
                path: paths.invitation.path,
                lazy: page(() => import('../features/auth/invitation-page.tsx'), (module) => <module.InvitationPage />),
              },
            ],
          },
          {
            path: paths.pinRecovery.path,
            handle: { required: ['sign.prescription'] } satisfies RouteHandle,
            lazy: page(() => import('../features/auth/pin-recovery-page.tsx'), (module) => <module.PinRecoveryPage />),
          },
        ],
      },
      {
        // The shell (menus, toolbar, panels) is most of the interface's code, and a guest on the
        // login page needs none of it.
        lazy: page(() => import('./layouts/app-layout.tsx'), (module) => <module.AppLayout />),
        children: [
          {
            path: paths.home.path,
            handle: { required: homePermissions } satisfies RouteHandle,
            lazy: page(() => import('./pages/home-page.tsx'), (module) => <module.HomePage />),
          },
          {
            handle: { required: ['index.not.authorized.user'] } satisfies RouteHandle,
            children: [
              {
                path: paths.notAuthorizedUsers.path,
                lazy: page(() => import('../features/moderation/not-authorized-page.tsx'), (module) => <module.NotAuthorizedPage />),
              },
              {
                path: paths.notAuthorizedAdministrators.path,
                lazy: page(() => import('../features/moderation/not-authorized-page.tsx'), (module) => <module.NotAuthorizedPage />),
              },
            ],
          },
          ...adminRoutes,
          // Patients and prescriptions live in a workspace (DECISIONS.md, "Workspaces").
          { handle: { needsWorkspace: true } satisfies RouteHandle, children: patientRoutes },
          {
            handle: {
              needsWorkspace: true,
              sectionRequired: ['index.prescription', 'owner.prescription'],
            } satisfies RouteHandle,
            children: prescriptionRoutes,
          },
          ...antigensRoutes,
          {
            path: paths.dashboard.path,
            handle: needs('dashboard.medical'),
            lazy: page(() => import('../features/dashboard/dashboard-page.tsx'), (module) => <module.DashboardPage />),
          },
          {
            path: paths.scanner.path,
            handle: needs('index.scan'),
            lazy: page(() => import('../features/scanner/scanner-page.tsx'), (module) => <module.ScannerPage />),
          },
          // Every signed-in user has a profile (docs/decisions/023); the menu entry keeps the spec's permission.
          {
            path: paths.myProfile.path,
            handle: needs(...permissions),
            lazy: page(() => import('../features/profile/profile-page.tsx'), (module) => <module.ProfilePage />),
          },
          {
            path: paths.myIntegrations.path,
            handle: needs('owner.prescription'),
            lazy: page(() => import('../features/integrations/integrations-page.tsx'), (module) => <module.IntegrationsPage />),
          },
          {
            path: paths.oauthClients.path,
            handle: { roles: 'superAdmin' } satisfies RouteHandle,
            lazy: page(() => import('../features/oauth-clients/oauth-clients-page.tsx'), (module) => <module.OAuthClientsPage />),
          },
          {
            path: paths.outbox.path,
            handle: { roles: 'superAdmin' } satisfies RouteHandle,
            lazy: page(() => import('../features/outbox/outbox-page.tsx'), (module) => <module.OutboxPage />),
          },
          {
            path: paths.repositoryPointers.path,
            handle: { roles: 'superAdmin' } satisfies RouteHandle,
            lazy: page(
              () => import('../features/repository/repository-pointers-page.tsx'), (module) => <module.RepositoryPointersPage />,
            ),
          },
          {
            path: paths.eventLog.path,
            handle: { roles: 'superAdmin' } satisfies RouteHandle,
            lazy: page(() => import('../features/event-log/event-log-page.tsx'), (module) => <module.EventLogPage />),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
