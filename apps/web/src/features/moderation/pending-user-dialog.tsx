import { attachmentFields, formatDisplayDate, type PendingAdministrator, type PendingDoctor, type PendingUser } from '@receta/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentPreview } from '../../components/document-preview.tsx';
import { formalNameOf } from './pending-user-names.ts';

/**
 * Everything a pending account holds, with the two decisions: a doctor's data and four
 * documents, or an administrator's account.
 */
export function PendingUserDialog({
  pendingUser,
  onClose,
  onAuthorize,
  onReject,
}: {
  pendingUser: PendingUser | null;
  onClose: () => void;
  onAuthorize: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  if (!pendingUser) return null;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={isPhone} scroll="paper">
      <DialogTitle id={titleId}>{formalNameOf(pendingUser)}</DialogTitle>
      <DialogContent dividers>
        {pendingUser.kind === 'doctor' ? <DoctorDetail doctor={pendingUser} /> : <AdministratorDetail administrator={pendingUser} />}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} sx={{ mr: 'auto' }}>
          {t('moderation.close')}
        </Button>
        <Button variant="outlined" color="error" onClick={onReject}>
          {t('moderation.reject.action')}
        </Button>
        <Button variant="contained" onClick={onAuthorize}>
          {t('moderation.authorize.action')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function AdministratorDetail({ administrator }: { administrator: PendingAdministrator }) {
  const { t } = useTranslation();
  return (
    <Section title={t('moderation.detail.account')}>
      <Field label={t('moderation.fields.displayName')} value={administrator.displayName} />
      <Field label={t('moderation.fields.email')} value={administrator.email} />
      <Field label={t('moderation.fields.roles')} value={administrator.roleNames.join(', ')} />
      <Field label={t('moderation.fields.createdAt')} value={formatDisplayDate(administrator.createdAt)} />
    </Section>
  );
}

function DoctorDetail({ doctor }: { doctor: PendingDoctor }) {
  const { t } = useTranslation();
  const address = [doctor.address, doctor.apartment].filter(Boolean).join(', ');
  return (
    <>
      <Section title={t('moderation.detail.personal')}>
        <Field label={t('moderation.fields.name')} value={doctor.name} />
        <Field label={t('moderation.fields.lastName')} value={doctor.lastName} />
        <Field label={t('moderation.fields.birthDate')} value={formatDisplayDate(doctor.birthDate)} />
        <Field label={t('moderation.fields.dni')} value={doctor.dni} />
        <Field label={t('moderation.fields.cuit')} value={doctor.cuit} />
        <Field label={t('moderation.fields.phoneNumber')} value={doctor.phoneNumber} />
        <Field label={t('moderation.fields.address')} value={address} />
        <Field label={t('moderation.fields.district')} value={doctor.district} />
        <Field label={t('moderation.fields.province')} value={doctor.province} />
      </Section>
      <Section title={t('moderation.detail.account')}>
        <Field label={t('moderation.fields.email')} value={doctor.email} />
        <Field label={t('moderation.fields.createdAt')} value={formatDisplayDate(doctor.createdAt)} />
      </Section>
      <Section title={t('moderation.detail.professional')}>
        <Field label={t('moderation.fields.profession')} value={doctor.profession} />
        <Field label={t('moderation.fields.specialty')} value={doctor.specialty} />
        <Field label={t('moderation.fields.jurisdiction')} value={doctor.jurisdiction} />
        <Field label={t('moderation.fields.doctorEnrollment')} value={doctor.doctorEnrollment} />
        <Field label={t('moderation.fields.refepsCode')} value={doctor.refepsCode} />
      </Section>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
        {t('moderation.detail.documents')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
        {attachmentFields.map((field) => (
          <DocumentPreview key={field} label={t(`attachments.${field}`)} location={doctor.attachments[field]} />
        ))}
      </Box>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, gap: 1.5, m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Typography>
    </Box>
  );
}
