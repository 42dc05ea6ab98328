import { messageKeyOf } from '@receta/domain';
import type { TFunction } from 'i18next';

/**
 * Shows a text that came from a schema or from the server in the user's language when it is
 * one of the spec's messages; any other text is shown as it came.
 */
export function translateMessage(t: TFunction, text: string): string {
  const key = messageKeyOf(text);
  return key === undefined ? text : t(`messages.${key}`);
}
