import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

export interface ProtectedFile {
  blob: Blob;
  /** A data: address for images, which the server's content security policy lets pages show. */
  imageSource: string | null;
}

/**
 * A file the server shows only with the session's token (uploaded documents, workspace
 * avatars), fetched as a blob. Null `location` fetches nothing.
 */
export function useProtectedFile(location: string | null) {
  return useQuery({
    queryKey: ['protected-file', location],
    queryFn: async ({ signal }): Promise<ProtectedFile> => {
      const blob = await api.download(location ?? '', { signal });
      return { blob, imageSource: blob.type.startsWith('image/') ? await toDataUrl(blob) : null };
    },
    enabled: location !== null,
    staleTime: Infinity,
  });
}

async function toDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In slices: spreading a 5 MB file into one call would overflow the stack.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return `data:${blob.type};base64,${btoa(binary)}`;
}

/** Hands a fetched file to the browser's download, under the given name. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
