import type { RoleOption } from '@receta/domain';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../components/form-field.tsx';
import type { AdministratorFormControl } from './administrator-form.ts';

/**
 * The administrator's roles in order. The first is the main one: it decides the landing page
 * and the workspace (spec section 3), so each role can be moved up to become it.
 */
export function RolesField({
  control,
  options,
  isLoading,
}: {
  control: AdministratorFormControl;
  options: readonly RoleOption[];
  isLoading: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { field, fieldState } = useController({ control, name: 'roles' });
  const roles: readonly string[] = field.value;
  const errorText = fieldErrorText(t, { fieldState, required: true, value: roles.length > 0 ? roles : '' });
  const nameOf = (slug: string) => options.find((option) => option.slug === slug)?.name ?? slug;
  const available = options.filter((option) => !roles.includes(option.slug));

  function change(next: string[]) {
    field.onChange(next);
    field.onBlur();
  }

  function moveUp(index: number) {
    const next = [...roles];
    [next[index - 1], next[index]] = [next[index] ?? '', next[index - 1] ?? ''];
    change(next);
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('administrators.fields.roles')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('administrators.fields.rolesHint')}
      </Typography>
      {roles.length > 0 && (
        <List dense aria-label={t('administrators.fields.chosenRoles')} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, mb: 2 }}>
          {roles.map((slug, index) => (
            <ListItem
              key={slug}
              secondaryAction={(
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  {index > 0 && (
                    <IconButton onClick={() => moveUp(index)} aria-label={t('administrators.moveUp', { role: nameOf(slug) })}>
                      <ArrowUpward />
                    </IconButton>
                  )}
                  <IconButton edge="end" onClick={() => change(roles.filter((other) => other !== slug))} aria-label={t('administrators.removeRole', { role: nameOf(slug) })}>
                    <Close />
                  </IconButton>
                </Box>
              )}
              sx={{ pr: 12 }}
            >
              <ListItemText
                primary={(
                  <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    {nameOf(slug)}
                    {index === 0 && <Chip size="small" color="primary" label={t('administrators.mainRole')} />}
                  </Box>
                )}
              />
            </ListItem>
          ))}
        </List>
      )}
      <TextField
        select
        label={t('administrators.addRole')}
        value=""
        onChange={(event) => change([...roles, event.target.value])}
        disabled={isLoading || available.length === 0}
        error={errorText !== undefined}
        fullWidth
        inputRef={field.ref}
        sx={{ maxWidth: 480 }}
      >
        {available.map((option) => (
          <MenuItem key={option.slug} value={option.slug}>
            <ListItemText primary={option.name} secondary={option.description || undefined} />
          </MenuItem>
        ))}
      </TextField>
      {errorText && <FormHelperText error>{errorText}</FormHelperText>}
    </Box>
  );
}
