import { EventLogVerificationSchema, type EventLogExportQuery } from '@receta/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/protected-file.ts';

/** Walks the whole chain on the server; each click walks it afresh, so nothing is cached. */
export function useVerifyEventLog() {
  return useMutation({
    mutationFn: () => api.request('/api/event-log/verification', { method: 'POST', schema: EventLogVerificationSchema }),
  });
}

/** Saves the signed export of the period under the server's name, `registro-de-eventos-<from>-a-<to>.p7m`. */
export async function exportEventLog(period: EventLogExportQuery): Promise<void> {
  const file = await api.downloadNamedFile('/api/event-log/export', { query: period });
  saveFile(file.blob, file.fileName ?? `registro-de-eventos-${period.from}-a-${period.to}.p7m`);
}
