import type { UserSession } from '@receta/domain';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageReload } from '../../lib/page-reload.ts';
import { hasWorkspace } from '../../lib/roles.ts';
import { useSession } from '../../lib/session.tsx';
import { workspaceStore } from '../../lib/storage.ts';
import { WorkspaceAvatar } from './workspace-avatar.tsx';

/** Spec section 3: the remembered workspace if the user still belongs to it, else the first. */
export function currentWorkspaceOf(user: Pick<UserSession, 'workspaces'>) {
  const remembered = workspaceStore.get();
  return user.workspaces.find((workspace) => workspace.id === remembered) ?? user.workspaces[0] ?? null;
}

/** Makes another workspace the current one and reloads, so that every list is read again inside it. */
export function switchToWorkspace(workspaceId: string) {
  workspaceStore.set(workspaceId);
  pageReload.reload();
}

/**
 * The workspace switcher (spec section 2): the current workspace's name, and a menu of the
 * others when there is more than one. Wider screens have it in the top bar; a phone's bar has
 * no room for a name, so there it is a row of its own under the bar (`isRow`).
 */
export function WorkspaceSwitcher({ isRow = false }: { isRow?: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Read before the first paint, so a phone never shows the switcher in the bar for a moment.
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (isRow !== isPhone) return null;
  // Spec section 4: only users whose first role works inside a workspace choose one.
  if (!user || !hasWorkspace(user) || user.workspaces.length === 0) return null;
  const current = currentWorkspaceOf(user);
  if (!current) return null;
  const canSwitch = user.workspaces.length > 1;

  function choose(workspaceId: string) {
    setAnchor(null);
    if (workspaceId !== current?.id) switchToWorkspace(workspaceId);
  }

  return (
    <>
      <Box
        sx={isRow
          ? { display: 'flex', alignItems: 'center', gap: 0.5, px: 1.5, py: 0.5, borderTop: 1, borderColor: 'divider' }
          : { display: 'flex', minWidth: 0 }}
      >
        {/* Beside the button, not in it: its initial is visible text that the button's label does not say. */}
        {isRow && <WorkspaceAvatar name={current.name} avatarUri={current.avatarUri} size={24} />}
        <Button
          color="inherit"
          disabled={!canSwitch}
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={t('workspaces.switcher.label', { name: current.name })}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          endIcon={canSwitch ? <ExpandMore /> : undefined}
          sx={{
            textTransform: 'none', minWidth: 0, maxWidth: '100%', '&.Mui-disabled': { color: 'text.primary' },
          }}
        >
          <Typography component="span" dir="auto" noWrap sx={{ maxWidth: isRow ? 'none' : 180 }}>
            {current.name}
          </Typography>
        </Button>
      </Box>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {user.workspaces.map((workspace) => (
          <MenuItem key={workspace.id} selected={workspace.id === current.id} onClick={() => choose(workspace.id)}>
            <ListItemIcon>
              <WorkspaceAvatar name={workspace.name} avatarUri={workspace.avatarUri} />
            </ListItemIcon>
            <ListItemText primary={workspace.name} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
