import { decomposeCuir, type ItemReference, type MedicationSubtype } from '@receta/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * A CUIR in its modules (platform, repository, jurisdiction, type and subtype, group, item) for
 * the eye. The gaps are margins, not characters, so that copying it gives the 41 digits.
 */
export function CuirText({ cuir }: { cuir: string }) {
  const parts = decomposeCuir(cuir);
  const modules = parts
    ? [parts.platform, parts.repository, parts.jurisdiction, `${parts.type}${parts.subtype}`, parts.group, parts.item]
    : [cuir];
  return (
    <Box component="data" value={cuir} sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
      {modules.map((digits, index) => (
        <Box key={index} component="span" sx={{ '& + &': { ml: '0.45em' } }}>{digits}</Box>
      ))}
    </Box>
  );
}

/** The item's subtype (Res. 2214/2025 Annex I), from its medicine's condition of sale. */
export function SubtypeChip({ subtype }: { subtype: MedicationSubtype }) {
  const { t } = useTranslation();
  const color = subtype === 'restricted' ? 'warning' : subtype === 'archived' ? 'info' : 'default';
  return <Chip size="small" variant="outlined" color={color} label={t(`labels.medicationSubtypes.${subtype}`)} />;
}

/** The item's number on its prescription: the CUIR's last module, else its place in the list. */
function positionOf(item: ItemReference, index: number): number {
  const parts = item.cuir ? decomposeCuir(item.cuir) : undefined;
  return parts ? Number(parts.item) : index + 1;
}

/** Each item by its CUIR and subtype, for the pages that show nothing of the medicines themselves. */
export function ItemReferenceList({ items }: { items: ItemReference[] }) {
  const { t } = useTranslation();
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {items.map((item, index) => (
        <Box
          component="li"
          key={item.cuir ?? index}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}
        >
          <Typography component="span" variant="body2" color="text.secondary">
            {t('verification.item', { position: positionOf(item, index) })}
          </Typography>
          {item.cuir && <Typography component="span" variant="body2"><CuirText cuir={item.cuir} /></Typography>}
          {item.subtype && <SubtypeChip subtype={item.subtype} />}
        </Box>
      ))}
    </Box>
  );
}
