import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInformation } from '../features/lookups/use-information.ts';
import { isFirstRoleIn } from '../lib/roles.ts';
import { useSession } from '../lib/session.tsx';

/** Spec sections 2 and 6: the superadmin (first role) sees the versions and the vademecum date in the top bar. */
export function VersionInfo() {
  const { user } = useSession();
  if (!isFirstRoleIn('superAdmin', user)) return null;
  return <VersionButton />;
}

function VersionButton() {
  const { t } = useTranslation();
  const information = useInformation();
  const popoverId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const data = information.data;
  const summary = data
    ? t('version.summary', { frontend: data.frontend, backend: data.backend, vademecum: data.vademecum })
    : t('version.loading');

  return (
    <>
      <Tooltip title={summary}>
        <IconButton
          color="inherit"
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={t('version.label')}
          aria-controls={anchor ? popoverId : undefined}
          aria-expanded={anchor ? true : undefined}
        >
          <InfoOutlined />
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box component="dl" sx={{ m: 0, p: 2, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, rowGap: 0.5 }}>
          <Typography component="dt" color="text.secondary">{t('version.frontend')}</Typography>
          <Typography component="dd" sx={{ m: 0 }}>{data?.frontend ?? '—'}</Typography>
          <Typography component="dt" color="text.secondary">{t('version.backend')}</Typography>
          <Typography component="dd" sx={{ m: 0 }}>{data?.backend ?? '—'}</Typography>
          <Typography component="dt" color="text.secondary">{t('version.vademecum')}</Typography>
          <Typography component="dd" sx={{ m: 0 }}>{data?.vademecum ?? '—'}</Typography>
        </Box>
      </Popover>
    </>
  );
}
