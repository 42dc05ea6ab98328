import { defaultLanguage } from '@receta/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { es, type Translation } from './es.ts';

// English, Turkish and Arabic join here, one file each, typed as `Translation`.
const resources: Record<string, { translation: Translation }> = {
  es: { translation: es },
};

export async function initI18n() {
  await i18next.use(initReactI18next).init({
    resources,
    lng: defaultLanguage,
    fallbackLng: defaultLanguage,
    // React already escapes what it renders.
    interpolation: { escapeValue: false },
  });
  return i18next;
}
