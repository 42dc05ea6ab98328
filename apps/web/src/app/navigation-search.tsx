import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { navigation, searchNavigation, type NavigationItem } from '../config/navigation.ts';
import { useSession } from '../lib/session.tsx';

/**
 * The toolbar's navigation search (spec section 2): the menu items the user may open whose
 * label or search words match, at most ten. Ctrl+K (⌘K) focuses it from anywhere.
 */
export function NavigationSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, scope } = useSession();
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);

  const suggestions = useMemo(
    () => searchNavigation(navigation, { scope, user }, query, (key) => t(key)),
    [scope, user, query, t],
  );

  useEffect(() => {
    const focusOnShortcut = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', focusOnShortcut);
    return () => window.removeEventListener('keydown', focusOnShortcut);
  }, []);

  const open = (item: NavigationItem | null) => {
    if (!item) return;
    setQuery('');
    input.current?.blur();
    void navigate(item.path);
  };

  return (
    <Autocomplete<NavigationItem>
      options={suggestions}
      value={null}
      inputValue={query}
      onInputChange={(_event, value, reason) => setQuery(reason === 'reset' ? '' : value)}
      onChange={(_event, item) => open(item)}
      getOptionLabel={(item) => t(item.labelKey)}
      filterOptions={(items) => items}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      noOptionsText={t('toolbar.search.noResults')}
      open={query.trim().length > 0}
      forcePopupIcon={false}
      blurOnSelect
      size="small"
      sx={{ width: { xs: 160, sm: 260 } }}
      renderOption={({ key, ...props }, item) => {
        const Icon = item.icon;
        return (
          <li key={key} {...props}>
            <Icon fontSize="small" sx={{ mr: 1.5, color: 'text.secondary' }} />
            {t(item.labelKey)}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={input}
          placeholder={t('toolbar.search.placeholder')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': t('toolbar.search.label') },
            input: {
              ...params.slotProps.input,
              startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment>,
            },
          }}
        />
      )}
    />
  );
}
