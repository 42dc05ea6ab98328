export const session = {
  invalidAccessToken: 'Invalid access_token',
  expiredAccessToken: 'access_token expired',
  userDataSaved: 'User data saved with api',
} as const;
