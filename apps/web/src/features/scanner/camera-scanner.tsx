import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cameraErrorOf, type CameraError } from './camera-errors.ts';
import { codeFromScan } from './verification-code.ts';

type ScanProblem = CameraError | 'notPrescription';

/**
 * 'Usar la cámara': reads the prescription's QR code with the device camera and answers its
 * verification code. The decoder is loaded only when asked for, to keep it out of the main bundle.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [isOn, setIsOn] = useState(false);
  const [problem, setProblem] = useState<ScanProblem | null>(null);

  const onDecoded = useEffectEvent((text: string) => {
    const code = codeFromScan(text);
    if (code === null) {
      setProblem('notPrescription');
      return;
    }
    setProblem(null);
    setIsOn(false);
    onCode(code);
  });
  const onFailed = useEffectEvent((cause: unknown) => {
    setProblem(cameraErrorOf(cause, window.isSecureContext));
    setIsOn(false);
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!isOn || !video) return;
    let isStopped = false;
    let stop = () => {};
    void (async () => {
      try {
        const { default: QrScanner } = await import('qr-scanner');
        if (isStopped) return;
        const scanner = new QrScanner(video, (result) => onDecoded(result.data), {
          preferredCamera: 'environment',
          returnDetailedScanResult: true,
          maxScansPerSecond: 5,
        });
        stop = () => scanner.destroy();
        await scanner.start();
      } catch (cause) {
        if (!isStopped) onFailed(cause);
      }
    })();
    return () => {
      isStopped = true;
      stop();
    };
  }, [isOn]);

  function toggle() {
    setProblem(null);
    setIsOn(!isOn);
  }

  return (
    <Box>
      <Button variant={isOn ? 'outlined' : 'contained'} startIcon={<PhotoCamera />} onClick={toggle} sx={{ width: { xs: '100%', sm: 'auto' } }}>
        {isOn ? t('scanner.stopCamera') : t('scanner.useCamera')}
      </Button>
      {problem && <Alert severity={problem === 'notPrescription' ? 'warning' : 'error'} sx={{ mt: 2 }}>{t(`scanner.cameraErrors.${problem}`)}</Alert>}
      {isOn && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{t('scanner.cameraHint')}</Typography>
          <Box
            component="video"
            ref={videoRef}
            muted
            playsInline
            aria-label={t('scanner.cameraView')}
            sx={{ display: 'block', width: '100%', maxWidth: 480, borderRadius: 1, bgcolor: 'common.black' }}
          />
        </Box>
      )}
    </Box>
  );
}
