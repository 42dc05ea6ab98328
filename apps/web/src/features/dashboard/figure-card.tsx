import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from './dashboard-format.ts';

/** One figure of the dashboard: what it counts and how many, with an optional link to act on it. */
export function FigureCard({ label, count, action }: { label: string; count: number; action?: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <Card variant="outlined" sx={{ flex: '1 1 140px' }}>
      <CardContent>
        <Typography color="text.secondary" gutterBottom>
          {label}
        </Typography>
        <Typography component="p" variant="h4">
          {formatCount(count, i18n.language)}
        </Typography>
        {action}
      </CardContent>
    </Card>
  );
}
