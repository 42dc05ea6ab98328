/** Every route of the web app, so that a link never spells a path by hand. */
function staticPath<Path extends string>(path: Path) {
  return { path, getHref: (): Path => path };
}

/** A path with one parameter, such as the token of a mailed link. */
function tokenPath<Prefix extends string>(prefix: Prefix) {
  return {
    path: `${prefix}/:userToken` as const,
    getHref: (userToken: string) => `${prefix}/${encodeURIComponent(userToken)}`,
  };
}

/** A path with one id, such as a role's edit page. */
function idPath<Name extends string, Template extends string>(name: Name, template: Template) {
  return {
    path: template,
    getHref: (id: string) => template.replace(`:${name}`, encodeURIComponent(id)),
  };
}

export const paths = {
  home: staticPath('/'),
  login: staticPath('/login'),
  secondFactor: staticPath('/login/2auth'),
  register: staticPath('/register'),
  confirmation: tokenPath('/confirmation'),
  passwordRecovery: tokenPath('/password-recovery'),
  pinRecovery: tokenPath('/pin-recovery'),
  termsAndConditions: staticPath('/termsAndConditions'),
  privacyPolicy: staticPath('/privacyPolicy'),
  tutorials: staticPath('/tutorials'),

  invitation: tokenPath('/invitation'),

  administrators: staticPath('/administrators'),
  newAdministrator: staticPath('/administrators/new'),
  editAdministrator: idPath('administratorId', '/administrators/:administratorId/edit'),
  notAuthorizedUsers: staticPath('/users/notAuthorized'),
  notAuthorizedAdministrators: staticPath('/administrators/notAuthorized'),
  roles: staticPath('/roles'),
  newRole: staticPath('/roles/new'),
  editRole: idPath('roleId', '/roles/:roleId/edit'),
  workspaces: staticPath('/workspaces'),
  outbox: staticPath('/outbox'),
  repositoryPointers: staticPath('/repository-pointers'),
  eventLog: staticPath('/event-log'),
  oauthClients: staticPath('/oauthClients'),

  dashboard: staticPath('/dashboard'),
  prescriptions: staticPath('/prescriptions'),
  medicals: staticPath('/medicals'),
  newMedical: staticPath('/medicals/new'),
  medicalPreview: idPath('medicId', '/medicals/:medicId/preview'),
  myProfile: staticPath('/myProfile'),
  myIntegrations: staticPath('/myIntegrations'),
  myPrescriptions: staticPath('/myPrescriptions'),
  myPatients: staticPath('/myPatients'),
  patient: idPath('id', '/patients/:id'),
  signedPrescriptions: staticPath('/prescriptions/signed'),
  newPrescription: idPath('providerSlug', '/prescriptions/:providerSlug/new'),
  editPrescription: {
    path: '/prescriptions/:providerSlug/:prescriptionId/edit',
    getHref: (providerSlug: string, prescriptionId: string) =>
      `/prescriptions/${encodeURIComponent(providerSlug)}/${encodeURIComponent(prescriptionId)}/edit`,
  },
  prescription: idPath('prescriptionId', '/prescriptions/:prescriptionId'),
  scanner: staticPath('/scanner'),
  verificationSearch: staticPath('/verify'),
  verification: idPath('code', '/verify/:code'),
  patientLink: idPath('token', '/p/:token'),

  owners: staticPath('/owners'),
  newOwner: staticPath('/owners/new'),
  owner: idPath('ownerId', '/owners/:ownerId'),
  myEmployees: staticPath('/myEmployees'),

  // Spec section 2, "OAuth pages": an external app sends the browser here, with its parameters in the query.
  oauthSignIn: staticPath('/oauth2/sign-in'),
  oauthAuthorize: staticPath('/oauth2/authorize'),
  oauthPin: staticPath('/oauth2/pin-2fa'),
  oauthDemo: staticPath('/oauth2/demo'),
} as const;
