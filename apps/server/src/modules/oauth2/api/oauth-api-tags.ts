/** The OpenAPI tag of the data APIs external apps call with an access token. */
export const oauthApiTags = ['oauth2: API para aplicaciones'];
