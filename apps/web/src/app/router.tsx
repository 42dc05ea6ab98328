import type { Permission } from '@receta/domain';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { AdministratorsPage } from '../features/administrators/administrators-page.tsx';
import { EditAdministratorPage, NewAdministratorPage } from '../features/administrators/administrator-form-page.tsx';
import { EmployeesPage } from '../features/antigens/employees-page.tsx';
import { NewOwnerPage, OwnerPage } from '../features/antigens/owner-form-page.tsx';
import { OwnersPage } from '../features/antigens/owners-page.tsx';
import { ConfirmationPage } from '../features/auth/confirmation-page.tsx';
import { InvitationPage } from '../features/auth/invitation-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { PasswordRecoveryPage } from '../features/auth/password-recovery-page.tsx';
import { PinRecoveryPage } from '../features/auth/pin-recovery-page.tsx';
import { SecondFactorPage } from '../features/auth/second-factor-page.tsx';
import { SessionLifecycle } from '../features/auth/session-lifecycle.tsx';
import { PrivacyPage } from '../features/legal/privacy-page.tsx';
import { TermsPage } from '../features/legal/terms-page.tsx';
import { MedicalCreatePage } from '../features/medicals/medical-create-page.tsx';
import { MedicalPreviewPage } from '../features/medicals/medical-preview-page.tsx';
import { MedicalsPage } from '../features/medicals/medicals-page.tsx';
import { NotAuthorizedPage } from '../features/moderation/not-authorized-page.tsx';
import { OutboxPage } from '../features/outbox/outbox-page.tsx';
import { PatientLinkPage } from '../features/patient-access/patient-link-page.tsx';
import { PatientPage } from '../features/patients/patient-page.tsx';
import { PatientsPage } from '../features/patients/patients-page.tsx';
import { EditPrescriptionPage, NewPrescriptionPage } from '../features/prescriptions/prescription-form-page.tsx';
import { PrescriptionPage } from '../features/prescriptions/prescription-page.tsx';
import { PrescriptionsList } from '../features/prescriptions/prescriptions-list.tsx';
import { RegistrationPage } from '../features/registration/registration-page.tsx';
import { EditRolePage, NewRolePage } from '../features/roles/role-form-page.tsx';
import { RolesPage } from '../features/roles/roles-page.tsx';
import { ScannerPage } from '../features/scanner/scanner-page.tsx';
import { VerificationPage } from '../features/verification/verification-page.tsx';
import { WorkspacesPage } from '../features/workspaces/workspaces-page.tsx';
import { AppLayout } from './layouts/app-layout.tsx';
import { GuestLayout } from './layouts/guest-layout.tsx';
import { HomePage } from './pages/home-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import type { RouteHandle } from './route-guard.tsx';

/** Spec section 2: the root is for the list and own-list permissions of every kind of user. */
const homePermissions: readonly Permission[] = [
  'index.scan', 'index.prescription', 'owner.prescription', 'index.employee', 'owner.employee',
  'index.admin.fds', 'index.admin.antigens', 'index.medical',
];

/** The permission a route needs, in its handle. */
function needs(...required: Permission[]): RouteHandle {
  return { required };
}

const adminPermissions = ['index.admin.fds', 'index.admin.antigens'] as const satisfies Permission[];

/** Spec section 2, "Administration and directory routes". */
const adminRoutes: RouteObject[] = [
  { path: paths.administrators.path, handle: needs(...adminPermissions), element: <AdministratorsPage /> },
  {
    path: paths.newAdministrator.path,
    handle: needs('create.admin.fds', 'create.admin.antigens', 'create.user'),
    element: <NewAdministratorPage />,
  },
  { path: paths.editAdministrator.path, handle: needs('edit.admin.fds', 'edit.admin.antigens'), element: <EditAdministratorPage /> },
  { path: paths.roles.path, handle: needs('index.role'), element: <RolesPage /> },
  { path: paths.newRole.path, handle: needs('create.role'), element: <NewRolePage /> },
  { path: paths.editRole.path, handle: needs('edit.role'), element: <EditRolePage /> },
  { path: paths.workspaces.path, handle: { roles: 'superAdmin' } satisfies RouteHandle, element: <WorkspacesPage /> },
  { path: paths.medicals.path, handle: needs('index.medical'), element: <MedicalsPage /> },
  { path: paths.newMedical.path, handle: needs('create.medical'), element: <MedicalCreatePage /> },
  { path: paths.medicalPreview.path, handle: needs('show.medical', 'edit.medical'), element: <MedicalPreviewPage /> },
];

/** Spec section 2: the patients of the current workspace. */
const patientRoutes: RouteObject[] = [
  { path: paths.myPatients.path, handle: needs('index.patient'), element: <PatientsPage /> },
  { path: paths.patient.path, handle: needs('index.patient'), element: <PatientPage /> },
];

/**
 * Spec section 2, "Prescriptions section". /prescriptions/signed comes before the detail's
 * /prescriptions/:prescriptionId, which it would otherwise look like.
 */
const prescriptionRoutes: RouteObject[] = [
  { path: paths.prescriptions.path, handle: needs('index.prescription'), element: <PrescriptionsList key="workspace" kind="workspace" /> },
  { path: paths.myPrescriptions.path, handle: needs('owner.prescription'), element: <PrescriptionsList key="mine" kind="mine" /> },
  { path: paths.signedPrescriptions.path, handle: needs('sign.prescription'), element: <PrescriptionsList key="signed" kind="signed" /> },
  { path: paths.newPrescription.path, handle: needs('create.prescription', 'edit.prescription'), element: <NewPrescriptionPage /> },
  { path: paths.editPrescription.path, handle: needs('create.prescription', 'edit.prescription'), element: <EditPrescriptionPage /> },
  { path: paths.prescription.path, handle: needs('show.prescription'), element: <PrescriptionPage /> },
];

/**
 * Spec section 2, group Antigens. /owners/new comes before /owners/:ownerId, which it would
 * otherwise look like; an owner's page is also where an antigens administrator sees its employees.
 */
const antigensRoutes: RouteObject[] = [
  { path: paths.owners.path, handle: needs('index.owner'), element: <OwnersPage /> },
  { path: paths.newOwner.path, handle: needs('create.owner'), element: <NewOwnerPage /> },
  { path: paths.owner.path, handle: needs('create.owner', 'edit.owner'), element: <OwnerPage /> },
  { path: paths.myEmployees.path, handle: needs('owner.employee'), element: <EmployeesPage /> },
];

/**
 * The route tree. A route that needs permissions or roles says so in its handle, typed as
 * `RouteHandle` (route-guard.tsx), and the layout's guard applies the spec's rule.
 */
export const routes: RouteObject[] = [
  {
    element: <SessionLifecycle />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <GuestLayout />,
        children: [
          // Open to all: patients read them before accepting, and links open them in a new tab.
          { path: paths.termsAndConditions.path, element: <TermsPage /> },
          { path: paths.privacyPolicy.path, element: <PrivacyPage /> },
          // Public: the printed QR code and the link sent to the patient open them without login.
          { path: paths.verification.path, element: <VerificationPage /> },
          { path: paths.patientLink.path, element: <PatientLinkPage /> },
          {
            handle: { required: [] } satisfies RouteHandle,
            children: [
              { path: paths.login.path, element: <LoginPage /> },
              { path: paths.secondFactor.path, element: <SecondFactorPage /> },
              { path: paths.register.path, element: <RegistrationPage /> },
              { path: paths.confirmation.path, element: <ConfirmationPage /> },
              { path: paths.passwordRecovery.path, element: <PasswordRecoveryPage /> },
              { path: paths.invitation.path, element: <InvitationPage /> },
            ],
          },
          {
            path: paths.pinRecovery.path,
            handle: { required: ['sign.prescription'] } satisfies RouteHandle,
            element: <PinRecoveryPage />,
          },
        ],
      },
      {
        element: <AppLayout />,
        children: [
          { path: paths.home.path, handle: { required: homePermissions } satisfies RouteHandle, element: <HomePage /> },
          {
            handle: { required: ['index.not.authorized.user'] } satisfies RouteHandle,
            children: [
              { path: paths.notAuthorizedUsers.path, element: <NotAuthorizedPage /> },
              { path: paths.notAuthorizedAdministrators.path, element: <NotAuthorizedPage /> },
            ],
          },
          ...adminRoutes,
          ...patientRoutes,
          ...prescriptionRoutes,
          ...antigensRoutes,
          { path: paths.scanner.path, handle: needs('index.scan'), element: <ScannerPage /> },
          {
            path: paths.outbox.path,
            handle: { roles: 'superAdmin' } satisfies RouteHandle,
            element: <OutboxPage />,
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
