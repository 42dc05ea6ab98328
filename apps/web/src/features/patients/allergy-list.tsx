import type { Allergy } from '@receta/domain';
import Cancel from '@mui/icons-material/Cancel';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/** The patient's allergies and intolerances as chips, an allergy in red; `onRemove` adds a delete button. */
export function AllergyList({ allergies, onRemove }: {
  allergies: readonly Allergy[];
  onRemove?: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
      {allergies.map((allergy, index) => (
        <li key={`${allergy.kind}-${allergy.substance}`}>
          <Chip
            color={allergy.kind === 'allergy' ? 'error' : 'warning'}
            variant="outlined"
            label={`${allergy.substance} (${t(`allergies.kinds.${allergy.kind}`)})`}
            onDelete={onRemove && (() => onRemove(index))}
            // The chip takes the focus and Delete or Backspace removes it; the icon is for the mouse.
            deleteIcon={<Cancel aria-label={t('allergies.remove', { substance: allergy.substance })} />}
            sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
          />
        </li>
      ))}
    </Stack>
  );
}
