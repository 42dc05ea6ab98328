import { limits } from '@receta/domain';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { isCurrentItem, navigation, visibleNavigation, type NavigationGroup } from '../config/navigation.ts';
import { useSession } from '../lib/session.tsx';
import { useHoverIntent } from '../lib/use-hover-intent.ts';
import { AreaTheme } from './shell-theme.tsx';

/**
 * The horizontal layout's menu on desktop: one button per group of the side menu, under the
 * toolbar, whose entries open on a click, on the keyboard, or when the pointer rests on it.
 */
export function HorizontalNavigation() {
  const { t } = useTranslation();
  const { scope, user } = useSession();
  const groups = visibleNavigation(navigation, { scope, user });
  if (groups.length === 0) return null;

  return (
    <AreaTheme area="navbar">
      <Box
        component="nav"
        aria-label={t('app.mainNavigation')}
        sx={{
          display: { xs: 'none', md: 'flex' },
          gap: 0.5,
          px: 2,
          py: 0.5,
          bgcolor: 'background.paper',
          color: 'text.primary',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {groups.map((group) => <GroupMenu key={group.id} group={group} />)}
      </Box>
    </AreaTheme>
  );
}

function GroupMenu({ group }: { group: NavigationGroup }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menuId = useId();
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const hover = useHoverIntent(limits.hoverMenuDelayMs);
  // Opened by a click or the keyboard it stays open, and its first entry takes the focus.
  const [isPinned, setIsPinned] = useState(false);
  const isOpen = isPinned || hover.isHovered;
  const hasCurrentPage = group.items.some((item) => isCurrentItem(item, pathname));

  const close = () => {
    setIsPinned(false);
    hover.end();
  };
  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setIsPinned(true);
    }
  };
  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      button?.focus();
    } else if (event.key === 'Tab') {
      close();
    }
  };

  return (
    <ClickAwayListener onClickAway={close}>
      {/* The button and its menu share one hover area, so moving from one to the other keeps it open. */}
      <Box {...hover.hoverProps} sx={{ position: 'relative' }}>
        <Button
          ref={setButton}
          color="inherit"
          endIcon={<ExpandMore />}
          aria-haspopup="true"
          aria-expanded={isOpen}
          aria-controls={isOpen ? menuId : undefined}
          onClick={() => (isPinned ? close() : setIsPinned(true))}
          onKeyDown={onButtonKeyDown}
          sx={{ px: 1.5, fontWeight: hasCurrentPage ? 700 : 500, color: hasCurrentPage ? 'primary.main' : 'text.primary' }}
        >
          {t(group.labelKey)}
        </Button>
        <Popper open={isOpen} anchorEl={button} placement="bottom-start" disablePortal sx={{ zIndex: 'appBar' }}>
          <Paper elevation={8} sx={{ minWidth: 220, mt: 0.5 }}>
            <MenuList id={menuId} autoFocusItem={isPinned} onKeyDown={onMenuKeyDown} aria-label={t(group.labelKey)}>
              {group.items.map((item) => {
                const isCurrent = isCurrentItem(item, pathname);
                return (
                  <MenuItem
                    key={item.id}
                    component={RouterLink}
                    to={item.path}
                    selected={isCurrent}
                    aria-current={isCurrent ? 'page' : undefined}
                    onClick={close}
                  >
                    <ListItemIcon><item.icon fontSize="small" /></ListItemIcon>
                    <ListItemText primary={t(item.labelKey)} />
                  </MenuItem>
                );
              })}
            </MenuList>
          </Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
}
