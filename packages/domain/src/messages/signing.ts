export const signing = {
  wrongPin: 'El PIN es incorrecto.',
  locked: 'La firma está bloqueada por demasiados intentos con un PIN incorrecto. Restablezca su PIN para volver a firmar.',
  notAllowed: 'Su cuenta no está habilitada para firmar.',
  notDraft: 'Solo se pueden firmar prescripciones en borrador.',
  startDatePassed: 'La fecha de inicio de la receta ya pasó: edítela antes de firmarla.',
  cancelled: '¡Prescripción anulada!',
  notCancelled: '¡No se pudo anular la prescripción!',
  notCancellable: 'Solo se puede anular una prescripción firmada que todavía no se dispensó.',
  reasonTooLong: 'El motivo no puede superar los 500 caracteres.',
  sent: '¡Le enviamos la receta al paciente!',
  noContact: 'El paciente no tiene email ni teléfono para enviarle la receta.',
  notSendable: 'Solo se puede enviar al paciente una prescripción firmada y vigente.',
} as const;
