import { messages, type MessageKey } from '@receta/domain';
import type { TFunction } from 'i18next';

/**
 * The spec messages' keys by their Spanish text. At first it knows the session's, which arrive
 * in the API's English and must read in Spanish on the login page; the rest are added with the
 * Spanish texts beyond the first paint (i18n/index.ts, `loadAllTexts`), which every other page
 * and every other language wait for. Until then a message shows as it came: in Spanish.
 */
const keyByText = new Map<string, MessageKey>();

/** Makes these groups of spec messages translatable by their text. */
export function indexMessages(groups: Partial<typeof messages>): void {
  for (const [group, entries] of Object.entries(groups)) {
    for (const [name, text] of Object.entries(entries)) {
      if (!keyByText.has(text)) keyByText.set(text, `${group}.${name}` as MessageKey);
    }
  }
}

indexMessages({ session: messages.session });

/**
 * Shows a text that came from a schema or from the server in the user's language when it is
 * one of the spec's messages; any other text is shown as it came.
 */
export function translateMessage(t: TFunction, text: string): string {
  const key = keyByText.get(text);
  return key === undefined ? text : t(`messages.${key}`);
}
