/**
 * What a sandbox certificate and signature say of themselves, so that nobody who opens a
 * document an integrator signed while testing takes it for a valid one (decision 018).
 */
export const sandboxMarks = {
  commonName: 'SANDBOX - SIN VALIDEZ',
  organization: 'Entorno de pruebas',
} as const;
