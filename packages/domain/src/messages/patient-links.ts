export const patientLinks = {
  invalid: 'El enlace no es válido o la receta ya venció.',
  termsRequired: 'Acepte los términos y condiciones y la política de privacidad para ver su receta.',
  cancelled: 'Su profesional anuló esta receta: ya no se puede descargar ni presentar en la farmacia.',
} as const;
