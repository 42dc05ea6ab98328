import type { AntigenResult } from '@receta/domain';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const colorOf = { negative: 'success', positive: 'error', invalid: 'warning' } as const satisfies Record<AntigenResult, string>;

/** A test's result; an employee never tested shows 'Sin test'. */
export function AntigenResultChip({ result }: { result: AntigenResult | null }) {
  const { t } = useTranslation();
  return result
    ? <Chip size="small" color={colorOf[result]} label={t(`labels.antigenResults.${result}`)} />
    : <Chip size="small" variant="outlined" label={t('antigens.employees.untested')} />;
}
