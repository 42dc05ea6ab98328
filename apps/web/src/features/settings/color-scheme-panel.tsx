import { colorSchemeNames, themeAreas, type ColorSchemeName } from '@receta/domain';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { colorSchemes } from './color-schemes.ts';
import { useChangeSettings, useSettings } from './settings-provider.tsx';
import { SidePanel } from './side-panel.tsx';

/**
 * The colour-scheme panel (spec section 2): one named scheme for every part of the shell at
 * once. When the parts wear different schemes, none is marked.
 */
export function ColorSchemePanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const change = useChangeSettings();
  const leadId = useId();
  const current = themeAreas.every((area) => settings.theme[area] === settings.theme.main) ? settings.theme.main : '';

  const choose = (name: ColorSchemeName) => change({
    theme: { main: name, navbar: name, toolbar: name, footer: name },
  });

  return (
    <SidePanel open={open} onClose={onClose} title={t('shell.colorSchemes.title')} closeLabel={t('shell.colorSchemes.close')}>
      <Typography id={leadId} color="text.secondary">{t('shell.colorSchemes.lead')}</Typography>
      <RadioGroup
        aria-labelledby={leadId}
        value={current}
        onChange={(event) => choose(event.target.value as ColorSchemeName)}
        sx={{ gap: 1.5 }}
      >
        {colorSchemeNames.map((name) => (
          <FormControlLabel
            key={name}
            value={name}
            control={<Radio />}
            label={(
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <SchemePreview name={name} />
                <Typography>{t(`shell.colorSchemes.names.${name}`)}</Typography>
              </Box>
            )}
            sx={{ m: 0, p: 1, border: 1, borderColor: current === name ? 'primary.main' : 'divider', borderRadius: 2 }}
          />
        ))}
      </RadioGroup>
    </SidePanel>
  );
}

/** A miniature of the shell in the scheme: the menu, the bar, the page and a button. */
function SchemePreview({ name }: { name: ColorSchemeName }) {
  const colors = colorSchemes[name];
  return (
    <Box
      aria-hidden
      sx={{
        display: 'grid',
        gridTemplateColumns: '18px 1fr',
        gridTemplateRows: '12px 1fr',
        width: 72,
        height: 48,
        borderRadius: 1,
        overflow: 'hidden',
        border: 1,
        borderColor: colors.divider,
        bgcolor: colors.background.default,
      }}
    >
      <Box sx={{ gridRow: '1 / 3', bgcolor: colors.background.paper, borderInlineEnd: 1, borderColor: colors.divider }} />
      <Box sx={{ bgcolor: colors.background.paper, borderBottom: 1, borderColor: colors.divider }} />
      <Box sx={{ p: 0.75, display: 'grid', alignContent: 'start', gap: 0.5 }}>
        <Box sx={{ height: 4, width: '70%', borderRadius: 1, bgcolor: colors.text.primary }} />
        <Box sx={{ height: 8, width: 22, borderRadius: 1, bgcolor: colors.primary.main }} />
      </Box>
    </Box>
  );
}
