import { languages } from '@receta/domain';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ar } from './ar.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { tr } from './tr.ts';

interface TextTree { readonly [key: string]: string | TextTree }

/** Every text of a language file by its dotted key. */
function textsOf(tree: TextTree, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') texts.set(path, value);
    else textsOf(value, path).forEach((text, nested) => texts.set(nested, text));
  }
  return texts;
}

const spanish = textsOf(es);
const translations = { en: textsOf(en), tr: textsOf(tr), ar: textsOf(ar) };

const pluralForm = /_(zero|one|two|few|many|other)$/;
// Arabic's plural forms that Spanish lacks; each stands for Spanish's `_other`.
const arabicOnlyForm = /_(zero|two|few|many)$/;
// Forms that name their number in words may leave `{{count}}` out ("two prescriptions").
const formWithoutCount = /_(zero|one|two)$/;

function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1]!).sort();
}

/** The Spanish key a translated key answers to: itself, or `_other` for an Arabic-only plural form. */
function spanishKeyOf(language: string, key: string): string | undefined {
  if (spanish.has(key)) return key;
  if (language === 'ar' && arabicOnlyForm.test(key)) {
    const other = key.replace(arabicOnlyForm, '_other');
    if (spanish.has(other)) return other;
  }
  return undefined;
}

// Texts that read the same in Spanish and in the other languages: Argentine documents, acronyms
// and the DNI's sex marker X, then words two languages share. Texts with no words besides their
// placeholders ('© {{year}} {{provider}}') pass too.
const sameInEveryLanguage = new Set(['DNI', 'CUIT', 'CUIL', 'CUIR', 'CDI', 'PIN', 'X']);
const sameInLanguage: Record<string, Set<string>> = {
  en: new Set([
    'Roles', 'Email', 'No', 'Vertical', 'Horizontal', 'Provincial (MP)',
    'Client id', 'Client secret', 'Sandbox',
  ]),
  tr: new Set(['Tema', 'Rol']),
  ar: new Set(),
};
// The spec writes these server messages in English already, so English keeps them.
const englishInSpanish = /^messages\.(session|oauthServer)\./;

function mayEqualSpanish(language: string, key: string, text: string): boolean {
  const words = text.replace(/\{\{[^}]*\}\}/g, '');
  return !/\p{L}/u.test(words)
    || sameInEveryLanguage.has(text)
    || sameInLanguage[language]!.has(text)
    || (language === 'en' && englishInSpanish.test(key));
}

describe.each(Object.entries(translations))('the %s translation', (language, texts) => {
  it('has every key of Spanish, none of them empty', () => {
    const missing = [...spanish.keys()].filter((key) => !texts.get(key)?.trim());
    expect(missing).toEqual([]);
  });

  it('has no key that Spanish lacks, besides the plural forms of its language', () => {
    const unknown = [...texts.keys()].filter((key) => spanishKeyOf(language, key) === undefined);
    expect(unknown).toEqual([]);
  });

  it('keeps the placeholders of Spanish', () => {
    const mismatched = [...texts].flatMap(([key, text]) => {
      const spanishKey = spanishKeyOf(language, key);
      if (spanishKey === undefined) return [];
      const allowed = (names: string[]) => (formWithoutCount.test(key) ? names.filter((name) => name !== 'count') : names);
      const expected = allowed(placeholdersOf(spanish.get(spanishKey)!));
      const actual = allowed(placeholdersOf(text));
      return expected.join() === actual.join() ? [] : [{ key, expected, actual }];
    });
    expect(mismatched).toEqual([]);
  });

  it('translates every text rather than leaving it in Spanish', () => {
    const untranslated = [...spanish]
      .filter(([key, text]) => texts.get(key) === text && !mayEqualSpanish(language, key, text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(untranslated).toEqual([]);
  });
});

describe('plurals', () => {
  it('gives Arabic all six plural forms wherever Spanish has plural forms', () => {
    const arabic = translations.ar;
    const pluralBases = [...spanish.keys()].filter((key) => key.endsWith('_other')).map((key) => key.replace(pluralForm, ''));
    const missing = pluralBases.flatMap((base) =>
      ['zero', 'one', 'two', 'few', 'many', 'other'].map((form) => `${base}_${form}`).filter((key) => !arabic.has(key)));
    expect(missing).toEqual([]);
  });

  it('picks the Arabic form that the count calls for', async () => {
    await i18next.loadLanguages('ar');
    const t = i18next.getFixedT('ar');
    expect(t('prescriptions.form.monthly', { count: 2 })).toBe('وصفتان شهريتان');
    expect(t('prescriptions.form.monthly', { count: 3 })).toBe('3 وصفات شهرية');
    expect(t('prescriptions.form.monthly', { count: 11 })).toBe('11 وصفة شهرية');
  });
});

describe('the registered languages', () => {
  it('are the four the switcher offers, each loaded with its own texts', async () => {
    await i18next.loadLanguages([...languages]);
    expect(languages.map((language) => i18next.getFixedT(language)('login.title'))).toEqual([
      'Ingresar', 'Sign in', 'Giriş yap', 'تسجيل الدخول',
    ]);
  });
});
