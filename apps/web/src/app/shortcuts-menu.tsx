import Close from '@mui/icons-material/Close';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { navigation, visibleNavigation, type NavigationItem } from '../config/navigation.ts';
import { updateUserData } from '../features/auth/auth-api.ts';
import { errorMessageOf } from '../lib/api-client.ts';
import { useNotify } from '../lib/notify.ts';
import { useSession } from '../lib/session.tsx';

/**
 * The user's shortcuts (spec section 2): menu items they pinned, kept in their data on the
 * server so that they follow them to another browser. Only items the user may still open
 * are shown, so a shortcut whose permission was withdrawn disappears with it.
 */
export function ShortcutsMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const { user, scope, updateUser } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const popoverId = useId();

  if (!user) return null;
  const items = visibleNavigation(navigation, { scope, user }).flatMap((group) => group.items);
  const pinned = user.data.shortcuts
    .map((id) => items.find((item) => item.id === id))
    .filter((item) => item !== undefined);
  const current = items.find((item) => matchPath({ path: item.path, end: true }, location.pathname));
  const canPinCurrent = current !== undefined && !pinned.includes(current);

  const save = async (shortcuts: string[]) => {
    setIsSaving(true);
    try {
      updateUser(await updateUserData({ shortcuts }));
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    } finally {
      setIsSaving(false);
    }
  };
  const open = (item: NavigationItem) => {
    setAnchor(null);
    void navigate(item.path);
  };

  return (
    <>
      <Tooltip title={t('toolbar.shortcuts.open')}>
        <IconButton
          aria-label={t('toolbar.shortcuts.open')}
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {pinned.length > 0 ? <Star /> : <StarBorder />}
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 300, maxWidth: 'calc(100vw - 32px)' }, role: 'dialog', 'aria-label': t('toolbar.shortcuts.title') } }}
      >
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>{t('toolbar.shortcuts.title')}</Typography>
        <List dense>
          {pinned.length === 0 && (
            <ListItem><ListItemText secondary={t('toolbar.shortcuts.empty')} /></ListItem>
          )}
          {pinned.map((item) => {
            const Icon = item.icon;
            const label = t(item.labelKey);
            return (
              <ListItem
                key={item.id}
                disablePadding
                secondaryAction={(
                  <IconButton
                    edge="end"
                    disabled={isSaving}
                    aria-label={t('toolbar.shortcuts.remove', { label })}
                    onClick={() => void save(user.data.shortcuts.filter((id) => id !== item.id))}
                  >
                    <Close fontSize="small" />
                  </IconButton>
                )}
              >
                <ListItemButton onClick={() => open(item)}>
                  <ListItemIcon><Icon fontSize="small" /></ListItemIcon>
                  <ListItemText primary={label} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
        {canPinCurrent && (
          <>
            <Divider />
            <List dense>
              <ListItemButton disabled={isSaving} onClick={() => void save([...user.data.shortcuts, current.id])}>
                <ListItemIcon><Star fontSize="small" /></ListItemIcon>
                <ListItemText primary={t('toolbar.shortcuts.add', { label: t(current.labelKey) })} />
              </ListItemButton>
            </List>
          </>
        )}
      </Popover>
    </>
  );
}
