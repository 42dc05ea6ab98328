import { messages } from '@receta/domain';

/**
 * The Spanish texts the login page needs at its first paint: its own, the guest layout's, the
 * forms' and the session's messages. They ship in the start-up bundle; the rest of es.ts loads
 * with the first other page (i18n/index.ts, `loadAllTexts`), so that a guest on the login page
 * does not download every screen's texts first.
 */
export const esFirstPaint = {
  app: {
    skipToContent: 'Saltar al contenido',
    openMenu: 'Abrir el menú',
    mainNavigation: 'Navegación principal',
    homeLink: 'Ir al inicio de Receta Digital',
    opensInNewTab: '(se abre en una pestaña nueva)',
  },
  session: {
    restoring: 'Recuperando su sesión',
  },
  forms: {
    showSecret: 'Mostrar lo escrito',
    hideSecret: 'Ocultar lo escrito',
    newPasswordRule: 'Al menos 10 caracteres, con mayúsculas, minúsculas, números y símbolos.',
    loadingOptions: 'Cargando opciones…',
    noOptions: 'No hay opciones que coincidan',
    openOptions: 'Abrir la lista',
    closeOptions: 'Cerrar la lista',
    clearOption: 'Borrar la selección',
    datePlaceholder: 'dd/mm/aaaa',
    dateFormat: 'Día, mes y año: dd/mm/aaaa',
  },
  resources: {
    loading: 'Cargando la lista',
    cancel: 'Cancelar',
    save: 'Guardar',
    delete: 'Eliminar',
    deleteTitle: 'Eliminar lo elegido',
    deleteSelected_one: 'Eliminar {{count}} elegido',
    deleteSelected_other: 'Eliminar {{count}} elegidos',
    selectPage: 'Elegir todas las filas de la página',
    selectRow: 'Elegir {{name}}',
  },
  login: {
    title: 'Ingresar',
    lead: 'Ingrese con el email y la contraseña de su cuenta de Receta Digital.',
    email: 'Email',
    password: 'Contraseña',
    forgotPassword: '¿Olvidó su contraseña?',
    submit: 'Ingresar',
    noAccount: '¿Todavía no tiene cuenta?',
    register: 'Registrarse como profesional',
  },
  secondFactor: {
    title: 'Verificación en dos pasos',
    enrolmentTitle: 'Configure su aplicación de autenticación',
    installApp: 'Instale en su teléfono una aplicación de autenticación, como Google Authenticator, Microsoft Authenticator o similar.',
    scanCode: 'En la aplicación, elija agregar una cuenta y escanee este código QR:',
    qrLabel: 'Código QR para agregar su cuenta de Receta Digital a la aplicación de autenticación',
    manualEntry: 'Si no puede escanear el código, agregue la cuenta a mano con esta clave:',
    enterFirstCode: 'Luego escriba el código de 6 dígitos que muestra la aplicación para terminar la configuración.',
    enterCode: 'Escriba el código de 6 dígitos que muestra su aplicación de autenticación.',
    code: 'Código de verificación',
    submit: 'Verificar',
    back: 'Volver al ingreso',
  },
  notFound: {
    title: 'Página no encontrada',
    description: 'La dirección que buscó no existe o ya no está disponible.',
    home: 'Volver al inicio',
  },
  noWorkspace: {
    title: 'Sin espacio de trabajo',
    description: 'Las prescripciones y los pacientes pertenecen a un espacio de trabajo, y su cuenta no integra ninguno.',
    superadmin: 'Desde Espacios de trabajo puede crear uno y sumar a sus médicos, prestadores y administradores.',
    member: 'Pida a un administrador de su clínica que lo sume a su espacio de trabajo.',
    workspaces: 'Ir a Espacios de trabajo',
    home: 'Volver al inicio',
  },
  routeError: {
    title: 'Algo salió mal',
    home: 'Volver al inicio',
  },
  notifications: {
    close: 'Cerrar',
  },
  languages: {
    choose: 'Cambiar el idioma',
    spanishOnly: 'Este texto está disponible solo en español, el idioma en el que rige.',
  },
  // The spec's other messages are Spanish already and show as they come until es.ts has loaded
  // (translate-message.ts). The API keeps these in the spec's English for its clients; a person
  // reads Spanish, on the login page too.
  messages: {
    session: {
      ...messages.session,
      invalidAccessToken: 'Su sesión ya no es válida. Ingrese de nuevo.',
      expiredAccessToken: 'Su sesión venció. Ingrese de nuevo.',
    },
  },
} as const;
