import { messages } from '@receta/domain';
import { errorMessageOf } from '../../lib/api-client.ts';

/** What the OAuth pages show for the server's messages (spec section 8); any other message as it came. */
const shownMessages: Record<string, string> = {
  [messages.oauthServer.wrongCredentials]: messages.oauth.wrongCredentials,
  [messages.oauthServer.unauthorizedUser]: messages.oauth.unauthorizedUser,
  [messages.oauthServer.invalidClientId]: messages.oauth.invalidClientId,
  [messages.oauthServer.invalidPin]: messages.oauth.wrongPin,
  [messages.oauthServer.pendingApproval]: messages.oauth.unauthorizedUser,
};

/** The server's message of a failed OAuth call, in the words the page shows. */
export function shownMessageOf(error: unknown): string {
  const message = errorMessageOf(error);
  return shownMessages[message] ?? message;
}
