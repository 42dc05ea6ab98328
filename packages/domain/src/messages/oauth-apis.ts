/** The data APIs external apps call with their scopes (docs/decisions/019). */
export const oauthApis = {
  sandboxPrescribing: 'Una aplicación de prueba (sandbox) no puede emitir prescripciones.',
} as const;
