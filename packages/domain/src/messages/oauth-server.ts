/** The server messages of the OAuth2 endpoints, in the words spec section 8 expects. */
export const oauthServer = {
  wrongCredentials: 'Wrong email and password',
  unauthorizedUser: 'Unauthorized user',
  invalidClientId: 'Invalid client_id',
  invalidPin: 'Invalid pin-2fa',
  pendingApproval: 'Invalid user with pending_approval',
} as const;
