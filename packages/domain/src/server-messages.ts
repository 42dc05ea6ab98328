/** The messages the server answers with verbatim, in English, as the specification names them. */
export const serverMessages = {
  alreadyUsedPin: 'Already used PIN',
  wrongEmailAndPassword: 'Wrong email and password',
  unauthorizedUser: 'Unauthorized user',
  invalidClientId: 'Invalid client_id',
  invalidPin2fa: 'Invalid pin-2fa',
  pendingApproval: 'Invalid user with pending_approval',
} as const;
