import type { Favourite, PrescriptionItemValues } from '@receta/domain';
import Delete from '@mui/icons-material/Delete';
import Star from '@mui/icons-material/Star';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { useDeleteFavourite, useFavourites } from './favourites-api.ts';

/** What a favourite holds, under its name: the medicine of a line, or how many a prescription has. */
function useFavouriteSummary() {
  const { t } = useTranslation();
  return (favourite: Favourite) => {
    const [first] = favourite.items;
    if (favourite.kind === 'item' && first) {
      return [first.genericName, first.strength, first.presentation].filter(Boolean).join(' · ');
    }
    return t('favourites.prescriptionSummary', {
      count: favourite.items.length,
      names: favourite.items.map((item) => item.genericName).join(', '),
    });
  };
}

/**
 * The "Favoritos" control of the prescription form: the doctor's saved lines and prescriptions,
 * each added to the form in one click while the prescription has room for its lines, and each
 * deleted from the list with its own button.
 */
export function FavouritesMenu({ freeLines, onAdd }: {
  /** How many more lines the prescription takes. */
  freeLines: number;
  onAdd: (items: PrescriptionItemValues[]) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const summaryOf = useFavouriteSummary();
  const listId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const favourites = useFavourites({ enabled: anchor !== null });
  const deleteFavourite = useDeleteFavourite();

  async function remove(favourite: Favourite) {
    try {
      notify({ message: (await deleteFavourite.mutateAsync(favourite.id)).message, variant: 'success' });
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  function add(favourite: Favourite) {
    onAdd(favourite.items);
    setAnchor(null);
  }

  const items = favourites.data?.items ?? [];
  return (
    <>
      <Button
        startIcon={<Star />}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('favourites.menu')}
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': listId, sx: { width: 420, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <Typography id={listId} variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 500 }}>{t('favourites.title')}</Typography>
        {favourites.isPending && <CircularProgress aria-label={t('favourites.loading')} size={24} sx={{ m: 2 }} />}
        {favourites.isError && <Alert severity="error" sx={{ m: 2 }}>{errorMessageOf(favourites.error)}</Alert>}
        {favourites.isSuccess && items.length === 0 && (
          <Typography color="text.secondary" sx={{ px: 2, py: 1.5 }}>{t('favourites.empty')}</Typography>
        )}
        {items.length > 0 && (
          <List dense aria-labelledby={listId} sx={{ maxHeight: 360, overflowY: 'auto' }}>
            {items.map((favourite) => {
              const fits = favourite.items.length <= freeLines;
              return (
                <ListItem
                  key={favourite.id}
                  disablePadding
                  secondaryAction={(
                    <IconButton
                      edge="end"
                      aria-label={t('favourites.remove', { name: favourite.name })}
                      onClick={() => void remove(favourite)}
                    >
                      <Delete fontSize="small" />
                    </IconButton>
                  )}
                >
                  <ListItemButton disabled={!fits} onClick={() => add(favourite)}>
                    <ListItemText
                      primary={favourite.name}
                      secondary={fits ? summaryOf(favourite) : t('favourites.noRoom')}
                      slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
      </Popover>
    </>
  );
}
