import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';

/** The card of an OAuth page: its title and, for an app in sandbox, the Sandbox ribbon across its corner. */
export function OAuthCard({
  title,
  isSandbox = false,
  maxWidth = 480,
  children,
}: {
  title: string;
  isSandbox?: boolean;
  maxWidth?: number;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden', maxWidth, mx: 'auto', p: { xs: 2.5, sm: 4 } }}>
      <PageTitle title={title} />
      {isSandbox && <SandboxRibbon />}
      <Typography variant="h1" gutterBottom sx={{ pr: isSandbox ? 6 : 0, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Spec section 2: an app in sandbox signs with the test certificate, and the user is told so. */
export function SandboxRibbon() {
  const { t } = useTranslation();
  return (
    <Box
      title={t('oauth2.sandboxHint')}
      sx={{
        position: 'absolute',
        top: 20,
        right: -34,
        width: 140,
        transform: 'rotate(45deg)',
        bgcolor: 'warning.main',
        color: 'warning.contrastText',
        py: 0.5,
        textAlign: 'center',
        fontSize: '0.75rem',
        fontWeight: 700,
        letterSpacing: '0.08em',
        boxShadow: 1,
      }}
    >
      <span>Sandbox</span>
      <VisuallyHidden>{` (${t('oauth2.sandboxHint')})`}</VisuallyHidden>
    </Box>
  );
}
