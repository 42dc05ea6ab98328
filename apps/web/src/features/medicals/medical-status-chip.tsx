import type { MedicalStatus } from '@receta/domain';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const colorOf = { pending_approval: 'warning', active: 'success', rejected: 'error', suspended: 'default' } as const;

export function MedicalStatusChip({ status }: { status: MedicalStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={colorOf[status]} label={t(`medicals.status.${status}`)} />;
}
