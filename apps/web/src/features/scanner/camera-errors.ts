export type CameraError = 'denied' | 'notFound' | 'busy' | 'insecure' | 'failed';

/**
 * Why the camera did not start. getUserMedia rejects with DOMExceptions; qr-scanner rejects
 * with the string 'Camera not found.' where the browser offers no camera API at all, which an
 * insecure page (plain HTTP) also causes.
 */
export function cameraErrorOf(cause: unknown, isSecureContext: boolean): CameraError {
  if (!isSecureContext) return 'insecure';
  const name = cause instanceof Error || cause instanceof DOMException ? cause.name : String(cause);
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'Camera not found.') return 'notFound';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'failed';
}
