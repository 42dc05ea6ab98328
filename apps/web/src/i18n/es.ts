import { messages } from '@receta/domain';

/**
 * Spanish, the product's language and the source of every key. Spec messages come from the
 * domain package so that each lives once; the other languages translate them by key.
 */
export const es = {
  app: {
    skipToContent: 'Saltar al contenido',
    openMenu: 'Abrir el menú',
    mainNavigation: 'Navegación principal',
    homeLink: 'Ir al inicio de Receta Digital',
    opensInNewTab: '(se abre en una pestaña nueva)',
  },
  navigation: {
    groups: {
      auth: 'Auth',
      digitalSignature: 'Firma digital',
      antigens: 'Antígenos',
    },
    items: {
      administrators: 'Administradores',
      notAuthorizedUsers: 'Usuarios no autorizados',
      roles: 'Roles',
      dashboard: 'Indicadores',
      prescriptions: 'Prescripciones',
      medicals: 'Médicos',
      myProfile: 'Mi perfil',
      myIntegrations: 'Mis integraciones',
      myPrescriptions: 'Mis prescripciones',
      myPatients: 'Mis pacientes',
      scanner: 'Escáner QR',
      owners: 'Dueños',
      myEmployees: 'Mis empleados',
    },
    guestHint: 'Ingrese con su cuenta para ver las secciones a las que tiene acceso.',
  },
  toolbar: {
    login: 'Ingresar',
    register: 'Registrarse',
  },
  footer: {
    copyright: '© {{year}} {{provider}}',
    support: 'Soporte',
  },
  legal: {
    termsTitle: 'Términos y condiciones',
    privacyTitle: 'Política de privacidad',
    lastUpdated: 'Última actualización: {{date}}',
    back: 'Volver',
  },
  home: {
    welcome: 'Bienvenido a {{product}}',
    description: 'La plataforma de receta electrónica para profesionales de la salud de la República Argentina.',
    legalIntro: 'Antes de usar la plataforma, lea las condiciones que rigen su uso y el tratamiento de sus datos personales:',
  },
  notFound: {
    title: 'Página no encontrada',
    description: 'La dirección que buscó no existe o ya no está disponible.',
    home: 'Volver al inicio',
  },
  routeError: {
    title: 'Algo salió mal',
    home: 'Volver al inicio',
  },
  notifications: {
    close: 'Cerrar',
  },
  messages,
} as const;

type Widen<Tree> = { readonly [Key in keyof Tree]: Tree[Key] extends string ? string : Widen<Tree[Key]> };

/** The shape every language file must have: the same keys as Spanish, any text. */
export type Translation = Widen<typeof es>;
