import { messages } from '@receta/domain';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { es } from './es.ts';
import { translateMessage } from './translate-message.ts';

describe('translateMessage', () => {
  it('shows a spec message in the chosen language', async () => {
    await i18next.changeLanguage('en');
    expect(translateMessage(i18next.t, messages.pin.mismatch)).toBe(en.messages.pin.mismatch);
    expect(translateMessage(i18next.t, messages.input.tooLong)).toBe(en.messages.input.tooLong);
  });

  it('shows the session messages the API words in English in Spanish', async () => {
    await i18next.changeLanguage('es');
    const { expiredAccessToken } = messages.session;
    expect(translateMessage(i18next.t, expiredAccessToken)).toBe(es.messages.session.expiredAccessToken);
    expect(es.messages.session.expiredAccessToken).not.toBe(expiredAccessToken);
  });

  it('shows any other text as it came', () => {
    expect(translateMessage(i18next.t, 'hola')).toBe('hola');
  });
});
