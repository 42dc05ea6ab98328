import type { AttachmentField } from '@receta/domain';
import CheckCircle from '@mui/icons-material/CheckCircle';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Lock from '@mui/icons-material/LockOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FileChooserButton } from '../../components/file-chooser-button.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { attachmentAccept, useAttachmentUpload } from '../../lib/doctor-attachment.ts';

type SlotState = 'idle' | 'uploading' | 'done' | 'disabled';

export interface UploadedDocument {
  location: string;
  fileName: string;
}

/**
 * One of the four documents of step 3. It is disabled until the previous one is uploaded
 * (spec section 4), shows 'Subiendo archivo' with the progress while it uploads, and once done
 * shows the file's name with a button that clears it.
 */
export function DocumentUploadSlot({
  field,
  label,
  document,
  isLocked,
  onUploaded,
  onCleared,
}: {
  field: AttachmentField;
  label: string;
  document: UploadedDocument | null;
  isLocked: boolean;
  onUploaded: (document: UploadedDocument) => void;
  onCleared: () => void;
}) {
  const { t } = useTranslation();
  const { progress, failure, upload } = useAttachmentUpload(field, (location, file) => {
    onUploaded({ location, fileName: file.name });
  });
  const labelId = useId();
  const state: SlotState = document ? 'done' : progress !== null ? 'uploading' : isLocked ? 'disabled' : 'idle';

  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      data-state={state}
      sx={{
        border: 1,
        borderColor: failure ? 'error.main' : 'divider',
        borderRadius: 2,
        p: 2,
        bgcolor: state === 'disabled' ? 'action.hover' : 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <SlotIcon state={state} />
        <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
          <Typography id={labelId} sx={{ fontWeight: 500 }} color={state === 'disabled' ? 'text.secondary' : 'text.primary'}>
            {label}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {state === 'done' && document ? document.fileName : t(`registration.documents.state.${state}`)}
          </Typography>
        </Box>
        {state === 'done'
          ? (
              <IconButton onClick={onCleared} aria-label={t('registration.documents.remove', { document: label })}>
                <DeleteOutlined />
              </IconButton>
            )
          : (
              <FileChooserButton
                variant="outlined"
                startIcon={<UploadFile />}
                disabled={state !== 'idle'}
                aria-describedby={labelId}
                accept={attachmentAccept}
                inputName={field}
                onFile={(file) => void upload(file)}
              >
                {t('registration.documents.choose')}
              </FileChooserButton>
            )}
      </Box>
      {state === 'uploading' && (
        <LinearProgress
          variant="determinate"
          value={Math.round((progress ?? 0) * 100)}
          aria-label={t('registration.documents.progress', { document: label })}
          sx={{ mt: 1.5 }}
        />
      )}
      {failure && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
          {translateMessage(t, failure)}
        </Typography>
      )}
    </Box>
  );
}

function SlotIcon({ state }: { state: SlotState }) {
  if (state === 'done') return <CheckCircle color="success" aria-hidden />;
  if (state === 'disabled') return <Lock color="disabled" aria-hidden />;
  return <UploadFile color="primary" aria-hidden />;
}
