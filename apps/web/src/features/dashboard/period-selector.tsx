import {
  dashboardPeriodOf, dashboardPeriodPresets, DashboardQuerySchema, type DashboardPeriod, type DashboardPeriodPreset,
} from '@receta/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../components/form-date-field.tsx';
import { zodFormResolver } from '../../lib/form-resolver.ts';

function presetOf(period: DashboardPeriod): DashboardPeriodPreset | null {
  return dashboardPeriodPresets.find((preset) => {
    const candidate = dashboardPeriodOf(preset);
    return candidate.from === period.from && candidate.to === period.to;
  }) ?? null;
}

/**
 * The period the dashboard counts: a preset in one click, or any dates typed as dd/MM/yyyy
 * and shown with "Ver", checked by the same rules as the server (at most 24 months, not after today).
 */
export function PeriodSelector({
  period,
  onChange,
}: {
  period: DashboardPeriod;
  onChange: (period: DashboardPeriod) => void;
}) {
  const { t } = useTranslation();
  const form = useForm({ resolver: zodFormResolver(DashboardQuerySchema), defaultValues: period, mode: 'onTouched' });
  const { reset } = form;
  // A preset, or the browser's back button, changes the period from outside the form.
  useEffect(() => reset(period), [period, reset]);

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-label={t('dashboard.period.presets')}
        value={presetOf(period)}
        onChange={(_event, preset: DashboardPeriodPreset | null) => {
          if (preset) onChange(dashboardPeriodOf(preset));
        }}
        sx={{ flexWrap: 'wrap', mb: 2 }}
      >
        {dashboardPeriodPresets.map((preset) => (
          <ToggleButton key={preset} value={preset}>
            {t(`dashboard.period.preset.${preset}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box
        component="form"
        noValidate
        aria-label={t('dashboard.period.custom')}
        onSubmit={form.handleSubmit(onChange)}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}
      >
        <FormDateField control={form.control} name="from" label={t('dashboard.period.from')} required />
        <FormDateField control={form.control} name="to" label={t('dashboard.period.to')} required />
        <Button type="submit" variant="contained" sx={{ mt: 1 }}>
          {t('dashboard.period.show')}
        </Button>
      </Box>
    </Paper>
  );
}
