import Logout from '@mui/icons-material/Logout';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import Password from '@mui/icons-material/Password';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths.ts';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { errorMessageOf } from '../../lib/api-client.ts';
import { shortenDisplayName } from '../../lib/display-name.ts';
import { useNotify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.tsx';
import { requestPinRecovery } from './auth-api.ts';
import { useLogout } from './use-logout.ts';

/** The signed-in user's menu in the top bar. */
export function UserMenu() {
  const { t } = useTranslation();
  const notify = useNotify();
  const logout = useLogout();
  const { user, scope } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!user) return null;

  async function requestNewPin() {
    setAnchor(null);
    try {
      notify({ message: await requestPinRecovery(), variant: 'success' });
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <>
      <Button
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<UserAvatar user={user} size={28} />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        aria-label={t('userMenu.open', { name: user.displayName })}
        color="inherit"
        sx={{ maxWidth: { xs: 180, sm: 'none' }, whiteSpace: 'nowrap', minWidth: 0 }}
      >
        {/* On a phone the photo alone; `dir="auto"` keeps a Latin name's ellipsis at its end in Arabic. */}
        <Box component="span" dir="auto" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', display: { xs: 'none', sm: 'inline' } }}>
          {shortenDisplayName(user.displayName)}
        </Box>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem component={RouterLink} to={paths.myProfile.getHref()} onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <ManageAccounts fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('navigation.items.myProfile')}</ListItemText>
        </MenuItem>
        {/* Holding the permission is not having a PIN: the superadmin holds every permission and signs nothing. */}
        {scope.includes('sign.prescription') && user.hasSigningPin && (
          <MenuItem onClick={() => void requestNewPin()}>
            <ListItemIcon>
              <Password fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('userMenu.newPin')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('userMenu.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
