import { messages, type ErrorCode } from '@receta/domain';
import { errorCodeOf, errorMessageOf } from '../../lib/api-client.ts';

/**
 * What the OAuth pages show, by the server's code, instead of the server's English message
 * (spec section 8); any other refusal with its message as it came.
 */
const shownMessages: Partial<Record<ErrorCode, string>> = {
  wrongCredentials: messages.oauth.wrongCredentials,
  unauthorizedUser: messages.oauth.unauthorizedUser,
  invalidClientId: messages.oauth.invalidClientId,
  wrongPin: messages.oauth.wrongPin,
  signingNotAllowed: messages.oauth.unauthorizedUser,
};

/** The server's message of a failed OAuth call, in the words the page shows. */
export function shownMessageOf(error: unknown): string {
  const code = errorCodeOf(error);
  return (code && shownMessages[code]) ?? errorMessageOf(error);
}
