import { limits } from '@receta/domain';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { Brand } from '../components/brand.tsx';
import { navigation, visibleNavigation } from '../config/navigation.ts';
import { paths } from '../config/paths.ts';
import { useSession } from '../lib/session.tsx';
import { LegalLinks } from '../components/legal-links.tsx';

const drawerPaper = { width: limits.navbarWidthPx, boxSizing: 'border-box' } as const;

/** The side menu: permanent on desktop, a drawer opened from the toolbar on small screens. */
export function Navbar({ isMobileOpen, onMobileClose }: { isMobileOpen: boolean; onMobileClose: () => void }) {
  return (
    <Box sx={{ width: { md: limits.navbarWidthPx }, flexShrink: { md: 0 } }}>
      <Drawer
        variant="temporary"
        open={isMobileOpen}
        onClose={onMobileClose}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': drawerPaper }}
      >
        <NavbarContent onNavigate={onMobileClose} />
      </Drawer>
      <Drawer variant="permanent" open sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': drawerPaper }}>
        <NavbarContent onNavigate={onMobileClose} />
      </Drawer>
    </Box>
  );
}

function NavbarContent({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { scope, user } = useSession();
  const { pathname } = useLocation();
  const groups = visibleNavigation(navigation, { scope, user });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box
        component={RouterLink}
        to={paths.home.getHref()}
        onClick={onNavigate}
        aria-label={t('app.homeLink')}
        sx={{ display: 'flex', alignItems: 'center', minHeight: 64, px: 2.5, textDecoration: 'none' }}
      >
        <Brand />
      </Box>
      <Divider />
      <Box component="nav" aria-label={t('app.mainNavigation')} sx={{ flexGrow: 1, overflowY: 'auto', py: 1 }}>
        {groups.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2.5, py: 2 }}>
            {t('navigation.guestHint')}
          </Typography>
        )}
        {groups.map((group) => (
          <List
            key={group.id}
            dense
            aria-labelledby={`navigation-group-${group.id}`}
            subheader={(
              <ListSubheader id={`navigation-group-${group.id}`} disableSticky sx={{ lineHeight: 2.5, pt: 1 }}>
                {t(group.labelKey)}
              </ListSubheader>
            )}
          >
            {group.items.map((item) => {
              const isCurrent = pathname === item.path || pathname.startsWith(`${item.path}/`);
              return (
                <ListItemButton
                  key={item.id}
                  component={RouterLink}
                  to={item.path}
                  selected={isCurrent}
                  aria-current={isCurrent ? 'page' : undefined}
                  onClick={onNavigate}
                  sx={{ mx: 1, borderRadius: 2 }}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <item.icon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={t(item.labelKey)} />
                </ListItemButton>
              );
            })}
          </List>
        ))}
      </Box>
      <Divider />
      <Box sx={{ px: 2.5, py: 2 }}>
        <LegalLinks />
      </Box>
    </Box>
  );
}
