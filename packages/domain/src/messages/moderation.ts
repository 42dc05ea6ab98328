export const moderation = {
  authorized: 'Cuenta autorizada. Le enviamos al profesional el correo para confirmar su cuenta.',
  rejected: 'Solicitud rechazada. Le avisamos al profesional por correo electrónico.',
  reasonRequired: 'Indique el motivo del rechazo.',
  notPending: 'La cuenta ya fue revisada.',
  confirmationSent: 'Si la cuenta está aprobada y sin PIN, le reenviamos el correo de confirmación.',
  reasonTooLong: 'El motivo no puede superar los 500 caracteres.',
} as const;
