import { useTranslation } from 'react-i18next';

/** The Spanish texts of an Autocomplete's list states and of its buttons, which MUI gives in English. */
export function useAutocompleteTexts() {
  const { t } = useTranslation();
  return {
    loadingText: t('forms.loadingOptions'),
    noOptionsText: t('forms.noOptions'),
    openText: t('forms.openOptions'),
    closeText: t('forms.closeOptions'),
    clearText: t('forms.clearOption'),
  };
}
