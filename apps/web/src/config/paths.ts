/** Every route of the web app, so that a link never spells a path by hand. */
function staticPath<Path extends string>(path: Path) {
  return { path, getHref: (): Path => path };
}

export const paths = {
  home: staticPath('/'),
  login: staticPath('/login'),
  register: staticPath('/register'),
  termsAndConditions: staticPath('/termsAndConditions'),
  privacyPolicy: staticPath('/privacyPolicy'),

  administrators: staticPath('/administrators'),
  notAuthorizedUsers: staticPath('/users/notAuthorized'),
  roles: staticPath('/roles'),

  dashboard: staticPath('/dashboard'),
  prescriptions: staticPath('/prescriptions'),
  medicals: staticPath('/medicals'),
  myProfile: staticPath('/myProfile'),
  myIntegrations: staticPath('/myIntegrations'),
  myPrescriptions: staticPath('/myPrescriptions'),
  myPatients: staticPath('/myPatients'),
  scanner: staticPath('/scanner'),

  owners: staticPath('/owners'),
  myEmployees: staticPath('/myEmployees'),
} as const;
