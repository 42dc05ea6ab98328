/**
 * Every user-facing message the specification spells out, written once. The server answers
 * with these texts and the web app shows them; the web app's other languages translate them
 * by key (see `messageKeyOf`).
 */
export const messages = {
  common: {
    required: 'Este campo es obligatorio.',
    tryLater: 'Ha ocurrido un problema, por favor inténtelo más tarde.',
    actionUnavailable: 'Disculpe! No es posible realizar la acción en este momento.',
    invalidData: 'Los datos enviados no son válidos.',
    notFound: 'No se encontró el recurso solicitado.',
    forbidden: 'No tiene permiso para realizar esta acción.',
    unauthenticated: 'Debe iniciar sesión para continuar.',
    tooManyRequests: 'Demasiados intentos. Espere unos minutos e inténtelo de nuevo.',
    internalError: 'Ocurrió un error inesperado. Inténtelo de nuevo más tarde.',
  },
  session: {
    invalidAccessToken: 'Invalid access_token',
    expiredAccessToken: 'access_token expired',
    userDataSaved: 'User data saved with api',
  },
  registration: {
    invalidDate: 'Ingrese una fecha válida.',
    dniMin: 'Debe contener al menos 6 dígitos.',
    dniMax: 'No puede contener más de 9 dígitos.',
    cuitLength: 'Debe contener 11 dígitos',
    cuitInvalid: 'Su CUIT no es válido.',
    phoneLength: 'Debe contener entre 10 y 14 dígitos.',
    onlyDigits: 'Solo se admiten números.',
    emailInvalid: 'Ingrese un email válido.',
    emailMin: 'Debe contener al menos 4 caracteres',
    emailsMismatch: 'Los emails deben coincidir.',
    passwordMin: 'La contraseña no puede tener menos de 8 caracteres',
    passwordsMismatch: 'Las contraseñas deben coincidir.',
    enrollmentLength: 'Debe contener entre 2 y 8 dígitos.',
    dniTaken: 'Ya existe una cuenta registrada con ese DNI.',
    cuitTaken: 'Ya existe una cuenta registrada con ese CUIT.',
    emailTaken: 'Ya existe una cuenta registrada con ese email.',
    unknownReference: 'Seleccione una opción de la lista.',
    attachmentInvalid: 'Uno de los documentos adjuntos ya no está disponible. Vuelva a subirlo.',
    documentsMissing: 'Por favor adjunte toda su documentación.',
    termsNotAccepted: 'Por favor acepte los términos y condiciones y las políticas de privacidad.',
    moderatorNotice: 'Recibimos su solicitud. Un moderador verificará sus datos y le avisaremos por correo electrónico cuando su cuenta esté aprobada.',
  },
  auth: {
    wrongCredentials: 'Email y/o contraseñas son incorrectas.',
    pendingApproval: 'Su cuenta está pendiente de aprobación. Le avisaremos por correo electrónico cuando un moderador la apruebe.',
    rejected: 'Su solicitud de registro fue rechazada. Revise el correo que le enviamos con el motivo.',
    suspended: 'Su cuenta está suspendida. Comuníquese con soporte.',
    loginStepExpired: 'La verificación expiró. Vuelva a ingresar su email y contraseña.',
    wrongCode: 'El código no es válido o ya fue utilizado.',
    linkInvalid: 'El enlace expiró o ya fue utilizado. Solicite uno nuevo.',
    termsRequired: 'Debe aceptar los términos y condiciones y la política de privacidad para continuar.',
    loggedOut: 'Sesión cerrada.',
    passwordUpdated: 'Su contraseña fue actualizada. Ya puede ingresar.',
    termsDateInvalid: 'La fecha de aceptación no es válida.',
    notDoctor: 'Su cuenta no tiene un perfil profesional con PIN de firma.',
    displayNameMax: 'Debe contener como máximo 100 caracteres.',
    photoUrlInvalid: 'La dirección de la foto no es válida.',
    settingsTooLarge: 'La configuración es demasiado grande.',
    shortcutsInvalid: 'Puede guardar hasta 50 accesos directos.',
  },
  moderation: {
    authorized: 'Cuenta autorizada. Le enviamos al profesional el correo para confirmar su cuenta.',
    rejected: 'Solicitud rechazada. Le avisamos al profesional por correo electrónico.',
    reasonRequired: 'Indique el motivo del rechazo.',
    notPending: 'La cuenta ya fue revisada.',
    confirmationSent: 'Si la cuenta está aprobada y sin PIN, le reenviamos el correo de confirmación.',
    reasonTooLong: 'El motivo no puede superar los 500 caracteres.',
  },
  upload: {
    uploading: 'Subiendo archivo',
    invalidExtension: 'Formato inválido, por favor tenga en cuenta uno de los formatos permitidos.',
    uploadFail: 'Ha ocurrido un problema, por favor inténtelo más tarde.',
    tooLarge: 'El archivo supera el tamaño máximo de 5 MB.',
    fileMissing: 'Seleccione un archivo para subir.',
    oneFileOnly: 'Suba un archivo por vez.',
  },
  pin: {
    required: 'El campo es requerido',
    length: 'El PIN debe tener 4 números',
    mismatch: 'El PIN no coincide.',
    oauthLength: 'El PIN tiene 4 dígitos',
    alreadyUsed: 'El PIN ya fue utilizado. Debe generar uno nuevo.',
    expired: 'El tiempo para establecer sus credenciales ha expirado.',
    updated: 'Su PIN fue actualizado.',
    credentialsSet: 'Sus credenciales fueron establecidas. Ya puede iniciar sesión.',
  },
  login: {
    emailMin: 'Debe contener más de 4 caracteres',
    emailInvalid: 'Email inválido',
    passwordMin: 'Debe contener más de 8 caracteres',
    codeInvalid: 'Ingrese los 6 dígitos de su aplicación de autenticación.',
  },
  recovery: {
    emailMin: 'Debe contener al menos 4 caracteres',
    emailInvalid: 'Email inválido',
    sent: 'Le enviamos un mensaje a su correo electrónico, por favor revise su bandeja de entrada.',
    passwordMin: 'Debe contener más de 8 caracteres',
    passwordsMismatch: 'Las contraseñas no coinciden.',
  },
  oauth: {
    wrongCredentials: 'Email y/o contraseñas son incorrectas.',
    unauthorizedUser: 'Usuario no autorizado.',
    invalidClientId: 'Client id inválido.',
    wrongPin: 'Su Pin es incorrecto.',
  },
  demo: {
    tokenFailure: 'Hubo un error',
    signFailure: 'Ha ocurrido un error. (Finalizar flujo)',
  },
  prescriptions: {
    removed: '¡Prescripciones eliminadas!',
    notRemoved: '¡No se pudieron eliminar las prescripciones!',
    created: '¡Prescripción creada!',
    notCreated: '¡No se pudo crear la prescripción!',
    edited: '¡Prescripción editada!',
    notEdited: '¡No se pudo editar la prescripción!',
    signed: '¡Prescripción firmada!',
    notSigned: '¡No se pudo firmar la prescripción!',
    empty: '¡No hay prescripciones!',
    notFound: 'No existe tal prescripción!',
    unknownInsurer: 'No existe la obra social seleccionada!',
    pdfNotFound: 'No existe tal PDF!',
  },
} as const;

/** The messages the server answers with verbatim, in English, as the specification names them. */
export const serverMessages = {
  alreadyUsedPin: 'Already used PIN',
  wrongEmailAndPassword: 'Wrong email and password',
  unauthorizedUser: 'Unauthorized user',
  invalidClientId: 'Invalid client_id',
  invalidPin2fa: 'Invalid pin-2fa',
  pendingApproval: 'Invalid user with pending_approval',
} as const;

type MessageTree = typeof messages;
export type MessageKey = {
  [Group in keyof MessageTree]: `${Group & string}.${keyof MessageTree[Group] & string}`
}[keyof MessageTree];

const keyByText = new Map<string, MessageKey>();
for (const [group, entries] of Object.entries(messages)) {
  for (const [name, text] of Object.entries(entries)) {
    if (!keyByText.has(text)) keyByText.set(text, `${group}.${name}` as MessageKey);
  }
}

/**
 * The key of a message given its Spanish text, so that a text that arrives from a schema or
 * from the server can be shown in the user's language.
 */
export function messageKeyOf(text: string): MessageKey | undefined {
  return keyByText.get(text);
}
