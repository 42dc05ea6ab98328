import { limits, type UserSession } from '@receta/domain';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { Brand } from '../components/brand.tsx';
import { LegalLinks } from '../components/legal-links.tsx';
import { UserAvatar } from '../components/user-avatar.tsx';
import { isCurrentItem, navigation, visibleNavigation } from '../config/navigation.ts';
import { paths } from '../config/paths.ts';
import { useChangeSettings, useSettings } from '../features/settings/settings-provider.tsx';
import { WorkspaceAvatar } from '../features/workspaces/workspace-avatar.tsx';
import { currentWorkspaceOf, switchToWorkspace } from '../features/workspaces/workspace-switcher.tsx';
import { shortenDisplayName } from '../lib/display-name.ts';
import { hasWorkspace } from '../lib/roles.ts';
import { useSession } from '../lib/session.tsx';
import { useHoverIntent } from '../lib/use-hover-intent.ts';
import { AreaTheme } from './shell-theme.tsx';

/** The id of the desktop navbar, which the fold button controls. */
export const navbarId = 'app-navbar';

/**
 * The side menu: on desktop beside the content (280 px, or folded to 64 px of icons that
 * widen while the pointer rests on them), on small screens a drawer opened from the toolbar.
 * The horizontal layout has no side menu on desktop.
 */
export function Navbar({ isMobileOpen, onMobileClose }: { isMobileOpen: boolean; onMobileClose: () => void }) {
  const { settings } = useSettings();
  const hover = useHoverIntent(limits.hoverMenuDelayMs);
  const hasDesktopNavbar = settings.layout !== 'horizontal';
  const isFolded = settings.layout === 'compact' || settings.navbarFolded;
  const isNarrow = isFolded && !hover.isHovered;
  const desktopWidth = isFolded ? limits.navbarFoldedWidthPx : limits.navbarWidthPx;

  return (
    <AreaTheme area="navbar">
      <Box sx={{ width: { md: hasDesktopNavbar ? desktopWidth : 0 }, flexShrink: { md: 0 } }}>
        <Drawer
          variant="temporary"
          open={isMobileOpen}
          onClose={onMobileClose}
          sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: limits.navbarWidthPx } }}
        >
          <NavbarContent isFolded={false} onNavigate={onMobileClose} />
        </Drawer>
        {hasDesktopNavbar && (
          <Drawer
            variant="permanent"
            open
            {...hover.hoverProps}
            sx={{ display: { xs: 'none', md: 'block' } }}
            slotProps={{
              paper: {
                id: navbarId,
                sx: (theme) => ({
                  width: isNarrow ? limits.navbarFoldedWidthPx : limits.navbarWidthPx,
                  overflowX: 'hidden',
                  transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
                  // Widened over the content while hovered, so nothing beneath moves.
                  boxShadow: isFolded && !isNarrow ? theme.shadows[8] : 'none',
                }),
              },
            }}
          >
            <NavbarContent isFolded={isNarrow} onNavigate={onMobileClose} />
          </Drawer>
        )}
      </Box>
    </AreaTheme>
  );
}

/**
 * The toolbar's button that folds the side menu of the vertical layout on desktop, and unfolds
 * it; the choice is kept in the user's settings.
 */
export function NavbarFoldButton() {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const changeSettings = useChangeSettings();
  if (settings.layout !== 'vertical') return null;
  const isExpanded = !settings.navbarFolded;

  return (
    <Tooltip title={isExpanded ? t('shell.navbar.fold') : t('shell.navbar.unfold')}>
      <IconButton
        edge="start"
        color="inherit"
        aria-label={t('shell.navbar.toggle')}
        aria-expanded={isExpanded}
        aria-controls={navbarId}
        onClick={() => changeSettings({ navbarFolded: isExpanded })}
        sx={{ display: { xs: 'none', md: 'inline-flex' } }}
      >
        {/* The arrow of the open menu points to where the menu folds: the other way right to left. */}
        {isExpanded ? <MenuOpen sx={(theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : 'none' })} /> : <MenuIcon />}
      </IconButton>
    </Tooltip>
  );
}

/** Hidden but kept in place while folded, so that unfolding does not make the menu jump. */
function fadedWhen(isFolded: boolean) {
  return { opacity: isFolded ? 0 : 1, whiteSpace: 'nowrap' } as const;
}

/** Names what a folded entry shows only as an icon. */
function FoldedTooltip({ title, isFolded, children }: { title: string; isFolded: boolean; children: ReactElement }) {
  // As a description, so that the empty title of an unfolded menu never blanks the entry's name.
  return <Tooltip title={isFolded ? title : ''} placement="right" describeChild>{children}</Tooltip>;
}

function NavbarContent({ isFolded, onNavigate }: { isFolded: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { scope, user } = useSession();
  const { pathname } = useLocation();
  const { settings } = useSettings();
  const groups = visibleNavigation(navigation, { scope, user });
  // As high as the toolbar beside it, which is dense in the compact layout.
  const headerHeight = settings.layout === 'compact' ? 48 : 64;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', width: limits.navbarWidthPx }}>
      <Box
        component={RouterLink}
        to={paths.home.getHref()}
        onClick={onNavigate}
        aria-label={t('app.homeLink')}
        sx={{
          display: 'flex',
          alignItems: 'center',
          minHeight: headerHeight,
          px: 2,
          textDecoration: 'none',
          '& .MuiTypography-root': fadedWhen(isFolded),
        }}
      >
        <Brand />
      </Box>
      <Divider />
      {user && <UserSummary user={user} isFolded={isFolded} />}
      {user && <NavbarWorkspaces user={user} isFolded={isFolded} />}
      <Box component="nav" aria-label={t('app.mainNavigation')} sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden', py: 1 }}>
        {groups.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2.5, py: 2, ...fadedWhen(isFolded), whiteSpace: 'normal' }}>
            {t('navigation.guestHint')}
          </Typography>
        )}
        {groups.map((group) => (
          <List
            key={group.id}
            dense
            aria-labelledby={`navigation-group-${group.id}`}
            subheader={(
              <ListSubheader
                id={`navigation-group-${group.id}`}
                disableSticky
                sx={{ lineHeight: 2.5, pt: 1, bgcolor: 'transparent', ...fadedWhen(isFolded) }}
              >
                {t(group.labelKey)}
              </ListSubheader>
            )}
          >
            {group.items.map((item) => {
              const isCurrent = isCurrentItem(item, pathname);
              const label = t(item.labelKey);
              return (
                <ListItem key={item.id} disablePadding>
                  <FoldedTooltip title={label} isFolded={isFolded}>
                    <ListItemButton
                      component={RouterLink}
                      to={item.path}
                      selected={isCurrent}
                      aria-current={isCurrent ? 'page' : undefined}
                      onClick={onNavigate}
                      sx={{ mx: 1, px: 1.75, borderRadius: 2 }}
                    >
                      <ListItemIcon sx={{ minWidth: 38 }}>
                        <item.icon fontSize="small" />
                      </ListItemIcon>
                      <ListItemText primary={label} sx={fadedWhen(isFolded)} />
                    </ListItemButton>
                  </FoldedTooltip>
                </ListItem>
              );
            })}
          </List>
        ))}
      </Box>
      <Divider />
      <Box sx={{ px: 2.5, py: 2, visibility: isFolded ? 'hidden' : 'visible' }}>
        <LegalLinks />
      </Box>
    </Box>
  );
}

/** Spec section 2: the user's photo (or the default image) and display name, cut to 18 characters. */
function UserSummary({ user, isFolded }: { user: UserSession; isFolded: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 1.5, py: 1.5 }}>
      <UserAvatar user={user} size={40} />
      <Box sx={{ minWidth: 0, ...fadedWhen(isFolded) }}>
        {/* `dir="auto"`: a Latin name keeps its ellipsis at its end when the page reads right to left. */}
        <Typography component="p" dir="auto" sx={{ fontWeight: 500 }} noWrap title={user.displayName}>
          {shortenDisplayName(user.displayName)}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>{user.email}</Typography>
      </Box>
    </Box>
  );
}

/**
 * Spec section 2: the user's workspaces with their name and image. With more than one, choosing
 * another switches to it, as the toolbar's switcher does.
 */
function NavbarWorkspaces({ user, isFolded }: { user: UserSession; isFolded: boolean }) {
  const { t } = useTranslation();
  const current = hasWorkspace(user) ? currentWorkspaceOf(user) : null;
  if (!current) return null;
  const canSwitch = user.workspaces.length > 1;

  return (
    <>
      <List
        dense
        aria-labelledby="navbar-workspaces"
        subheader={(
          <ListSubheader id="navbar-workspaces" disableSticky sx={{ lineHeight: 2.5, bgcolor: 'transparent', ...fadedWhen(isFolded) }}>
            {t('shell.navbar.workspaces')}
          </ListSubheader>
        )}
      >
        {user.workspaces.map((workspace) => {
          const isCurrent = workspace.id === current.id;
          const avatar = (
            <ListItemIcon sx={{ minWidth: 40 }}>
              <WorkspaceAvatar name={workspace.name} avatarUri={workspace.avatarUri} />
            </ListItemIcon>
          );
          const name = (
            <ListItemText primary={workspace.name} slotProps={{ primary: { noWrap: true, dir: 'auto' } }} sx={fadedWhen(isFolded)} />
          );
          return canSwitch
            ? (
                <ListItem key={workspace.id} disablePadding>
                  <FoldedTooltip title={workspace.name} isFolded={isFolded}>
                    <ListItemButton
                      selected={isCurrent}
                      aria-current={isCurrent ? 'true' : undefined}
                      aria-label={isCurrent ? t('shell.navbar.current', { name: workspace.name }) : t('shell.navbar.switchTo', { name: workspace.name })}
                      onClick={() => {
                        if (!isCurrent) switchToWorkspace(workspace.id);
                      }}
                      sx={{ mx: 1, px: 1.25, borderRadius: 2 }}
                    >
                      {avatar}
                      {name}
                    </ListItemButton>
                  </FoldedTooltip>
                </ListItem>
              )
            : (
                <ListItem key={workspace.id} sx={{ px: 2.25 }}>
                  {avatar}
                  {name}
                </ListItem>
              );
        })}
      </List>
      <Divider />
    </>
  );
}
