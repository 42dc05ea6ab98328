import type { Permission } from '@receta/domain';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/translate-message.ts';
import { permissionGroups, type PermissionGroup } from './permission-groups.ts';
import type { RoleFormControl } from './role-form.ts';

/**
 * The role's permissions, chosen by group: a group's box chooses or clears all of its
 * permissions and shows a dash when only some are chosen. Read-only for a built-in role.
 */
export function PermissionPicker({ control, isReadOnly }: { control: RoleFormControl; isReadOnly: boolean }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'permissions' });
  const chosen: readonly string[] = field.value;

  function set(next: readonly string[]) {
    field.onChange([...next]);
    field.onBlur();
  }

  function toggleGroup(group: PermissionGroup) {
    const isFull = group.permissions.every((permission) => chosen.includes(permission));
    set(isFull
      ? chosen.filter((permission) => !group.permissions.includes(permission as Permission))
      : [...new Set([...chosen, ...group.permissions])]);
  }

  function togglePermission(permission: Permission) {
    set(chosen.includes(permission) ? chosen.filter((other) => other !== permission) : [...chosen, permission]);
  }

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby={fieldState.error ? 'permissions-error' : undefined}>
      <Typography component="legend" variant="h2" sx={{ mb: 1, p: 0 }}>
        {t('roles.fields.permissions')}
      </Typography>
      {fieldState.error?.message && (
        <FormHelperText id="permissions-error" error sx={{ mb: 1 }}>
          {translateMessage(t, fieldState.error.message)}
        </FormHelperText>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' }, gap: 2 }}>
        {permissionGroups.map((group) => {
          const count = group.permissions.filter((permission) => chosen.includes(permission)).length;
          const groupLabel = t(`roles.groups.${group.id}`);
          return (
            <Box key={group.id} role="group" aria-label={groupLabel} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, minWidth: 0 }}>
              <FormControlLabel
                label={<Typography sx={{ fontWeight: 600 }}>{groupLabel}</Typography>}
                disabled={isReadOnly}
                control={(
                  <Checkbox
                    checked={count === group.permissions.length}
                    indeterminate={count > 0 && count < group.permissions.length}
                    onChange={() => toggleGroup(group)}
                    slotProps={{ input: { 'aria-label': t('roles.groupAll', { group: groupLabel }) } }}
                  />
                )}
              />
              <Box sx={{ display: 'flex', flexDirection: 'column', pl: 3.5 }}>
                {group.permissions.map((permission) => (
                  <FormControlLabel
                    key={permission}
                    disabled={isReadOnly}
                    label={t(`roles.permissionDescriptions.${permission}`)}
                    // The identifier the API and docs/roles.md use, for whoever needs to match them.
                    title={permission}
                    control={(
                      <Checkbox
                        size="small"
                        checked={chosen.includes(permission)}
                        onChange={() => togglePermission(permission)}
                      />
                    )}
                  />
                ))}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
