import { PrescriptionLookupSchema } from '@receta/domain';
import { matchPath } from 'react-router';
import { paths } from '../../config/paths.ts';

/**
 * The verification code in what the camera read: the printed QR holds the whole address of
 * the verification page, whatever host printed it; a bare code or CUIR is taken as well. Null
 * when the text is none of these.
 */
export function codeFromScan(text: string): string | null {
  const trimmed = text.trim();
  const candidate = URL.canParse(trimmed) ? codeInAddress(new URL(trimmed)) : trimmed;
  const parsed = PrescriptionLookupSchema.safeParse(candidate ?? '');
  return parsed.success ? parsed.data : null;
}

function codeInAddress(address: URL): string | undefined {
  return matchPath(paths.verification.path, address.pathname)?.params.code;
}
