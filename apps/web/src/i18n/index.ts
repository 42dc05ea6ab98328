import { defaultLanguage, languages, type Language } from '@receta/domain';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageStore } from '../lib/storage.ts';
import type { Translation } from './es.ts';
import { esFirstPaint } from './es-first-paint.ts';
import { indexMessages } from './translate-message.ts';

const otherLanguages: Record<Exclude<Language, typeof defaultLanguage>, () => Promise<Translation>> = {
  en: () => import('./en.ts').then((module) => module.en),
  tr: () => import('./tr.ts').then((module) => module.tr),
  ar: () => import('./ar.ts').then((module) => module.ar),
};

/**
 * Spanish ships with the app, the login page's texts in the start-up bundle and the rest with
 * the first other page (`loadAllTexts`); each other language is fetched whole the first time it
 * is chosen, so that most readers do not download three languages they never see.
 * `changeLanguage` waits for it, whoever calls it.
 */
const translationLoader: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (!Object.hasOwn(otherLanguages, language)) {
      callback(null, {});
      return;
    }
    // Spanish whole too: the fallback for a key the language lacks, and the spec messages' keys.
    Promise.all([otherLanguages[language as keyof typeof otherLanguages](), loadAllTexts()])
      .then(([translation]) => callback(null, translation), (error: Error) => callback(error, null));
  },
};

let allTexts: Promise<void> | undefined;

/**
 * Adds the Spanish texts the first paint left out (es.ts beyond es-first-paint.ts), once, and
 * makes every spec message translatable by its text (translate-message.ts). Every page but the
 * login page waits for it before it renders (app/router.tsx), as does anything the login page
 * opens later and every other language: they fall back to these texts for a key they lack.
 */
export function loadAllTexts(): Promise<void> {
  allTexts ??= import('./es.ts').then(({ es, messages }) => {
    i18next.addResourceBundle(defaultLanguage, 'translation', es, true, true);
    indexMessages(messages);
  });
  return allTexts;
}

/**
 * Switches to a language the user saved, if it is not the current one, and keeps it in this
 * browser. Answers once its texts have loaded, so that what renders next is already in it.
 */
export async function applySavedLanguage(saved: Language | undefined): Promise<void> {
  if (!saved || saved === i18next.resolvedLanguage) return;
  languageStore.set(saved);
  await i18next.changeLanguage(saved);
}

export async function initI18n() {
  // Screen readers and the browser's hyphenation and spelling follow the page's language.
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18next.use(translationLoader).use(initReactI18next).init({
    resources: { [defaultLanguage]: { translation: esFirstPaint } },
    partialBundledLanguages: true,
    lng: languageStore.get() ?? defaultLanguage,
    supportedLngs: languages,
    // A key another language still lacks shows in Spanish rather than as the key itself.
    fallbackLng: defaultLanguage,
    // React already escapes what it renders.
    interpolation: { escapeValue: false },
  });
  return i18next;
}
