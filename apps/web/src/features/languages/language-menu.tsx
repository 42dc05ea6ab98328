import { languages, type Language } from '@receta/domain';
import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

/** Each language by its own name, so that readers find theirs whatever the page is in now. */
const languageNames: Record<Language, string> = {
  es: 'Español',
  en: 'English',
  tr: 'Türkçe',
  ar: 'العربية',
};

/** The language switcher's menu: the languages, the current one checked. */
export function LanguageMenu({ id, anchor, current, onChoose, onClose }: {
  id: string;
  anchor: HTMLElement | null;
  current: Language | undefined;
  onChoose: (language: Language) => void;
  onClose: () => void;
}) {
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {languages.map((language) => (
        <MenuItem
          key={language}
          lang={language}
          role="menuitemradio"
          aria-checked={language === current}
          selected={language === current}
          onClick={() => onChoose(language)}
        >
          <ListItemIcon>{language === current && <Check fontSize="small" />}</ListItemIcon>
          <ListItemText>{languageNames[language]}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
