import { VerificationSchema } from '@receta/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** `GET /api/public/verifications/:code`: what the QR code's page may tell anyone. */
export function useVerification(code: string) {
  return useQuery({
    queryKey: ['verification', code],
    queryFn: ({ signal }) => api.request(`/api/public/verifications/${encodeURIComponent(code)}`, { schema: VerificationSchema, signal }),
    retry: false,
  });
}

/** `GET /api/public/certificate-authority`: the platform CA's certificate, which a PDF reader can be told to trust. */
export const platformCaCertificateUrl = '/api/public/certificate-authority';
