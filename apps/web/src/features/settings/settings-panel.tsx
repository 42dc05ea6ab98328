import { colorSchemeNames, defaultUserSettings, layoutStyles, textDirections, themeAreas, type LayoutStyle, type TextDirection } from '@receta/domain';
import Palette from '@mui/icons-material/Palette';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeSettings, useSettings } from './settings-provider.tsx';
import { SidePanel } from './side-panel.tsx';

const sectionLegend = { fontWeight: 500, color: 'text.primary', mb: 1, '&.Mui-focused': { color: 'text.primary' } } as const;

/**
 * The settings panel (spec section 2): layout, the theme of each part of the shell, direction,
 * scrollbars and animations. Every change applies at once and is saved.
 */
export function SettingsPanel({ open, onClose, onOpenColorSchemes }: {
  open: boolean;
  onClose: () => void;
  onOpenColorSchemes: () => void;
}) {
  const { t } = useTranslation();
  const { settings, isArabic, prefersReducedMotion } = useSettings();
  const change = useChangeSettings();
  const directionHintId = useId();
  const animationsHintId = useId();

  return (
    <SidePanel open={open} onClose={onClose} title={t('shell.settings.title')} closeLabel={t('shell.settings.close')}>
      <FormControl component="fieldset">
        <FormLabel component="legend" sx={sectionLegend}>{t('shell.settings.layout')}</FormLabel>
        <RadioGroup value={settings.layout} onChange={(event) => change({ layout: event.target.value as LayoutStyle })}>
          {layoutStyles.map((style) => (
            <FormControlLabel
              key={style}
              value={style}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: -0.75 }, mb: 1 }}
              label={(
                <Box>
                  <Typography>{t(`shell.settings.layouts.${style}`)}</Typography>
                  <Typography variant="body2" color="text.secondary">{t(`shell.settings.layoutHints.${style}`)}</Typography>
                </Box>
              )}
            />
          ))}
        </RadioGroup>
        <FormControlLabel
          control={(
            <Switch
              checked={settings.navbarFolded}
              onChange={(event) => change({ navbarFolded: event.target.checked })}
            />
          )}
          label={t('shell.settings.navbarFolded')}
          disabled={settings.layout !== 'vertical'}
        />
      </FormControl>

      <FormControl component="fieldset">
        <FormLabel component="legend" sx={sectionLegend}>{t('shell.settings.theme')}</FormLabel>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mt: 1 }}>
          {themeAreas.map((area) => (
            <TextField
              key={area}
              select
              label={t(`shell.settings.areas.${area}`)}
              value={settings.theme[area]}
              onChange={(event) => change({ theme: { ...settings.theme, [area]: event.target.value } })}
              slotProps={{ select: { native: true } }}
            >
              {colorSchemeNames.map((name) => <option key={name} value={name}>{t(`shell.colorSchemes.names.${name}`)}</option>)}
            </TextField>
          ))}
        </Box>
        <Button startIcon={<Palette />} onClick={onOpenColorSchemes} sx={{ alignSelf: 'flex-start', mt: 1.5 }}>
          {t('shell.colorSchemes.open')}
        </Button>
      </FormControl>

      <FormControl component="fieldset">
        <FormLabel component="legend" sx={sectionLegend}>{t('shell.settings.direction')}</FormLabel>
        <RadioGroup
          value={settings.direction}
          onChange={(event) => change({ direction: event.target.value as TextDirection })}
          aria-describedby={isArabic ? directionHintId : undefined}
        >
          {textDirections.map((direction) => (
            <FormControlLabel key={direction} value={direction} control={<Radio />} label={t(`shell.settings.directions.${direction}`)} />
          ))}
        </RadioGroup>
        {isArabic && <FormHelperText id={directionHintId} sx={{ mx: 0 }}>{t('shell.settings.arabicIsRtl')}</FormHelperText>}
      </FormControl>

      <Box sx={{ display: 'grid' }}>
        <FormControlLabel
          control={(
            <Switch
              checked={settings.customScrollbars}
              onChange={(event) => change({ customScrollbars: event.target.checked })}
            />
          )}
          label={t('shell.settings.customScrollbars')}
        />
        <FormControlLabel
          control={(
            <Switch
              checked={settings.animations}
              onChange={(event) => change({ animations: event.target.checked })}
              slotProps={{ input: { 'aria-describedby': prefersReducedMotion ? animationsHintId : undefined } }}
            />
          )}
          label={t('shell.settings.animations')}
        />
        {prefersReducedMotion && <FormHelperText id={animationsHintId} sx={{ mx: 0 }}>{t('shell.settings.reducedMotion')}</FormHelperText>}
      </Box>

      <Button variant="outlined" onClick={() => change(defaultUserSettings)} sx={{ justifySelf: 'start' }}>
        {t('shell.settings.reset')}
      </Button>
    </SidePanel>
  );
}
