import { useMutation } from '@tanstack/react-query';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

export const downloadFlow = (flowId: string) =>
  api<Blob>(`/api/flows/${encodeURIComponent(flowId)}/download`, { responseType: 'blob' });

/** Fetches the delivered messages as CSV and hands the file to the browser; records "Object Downloaded". */
export function useDownloadFlow(flowId: string) {
  return useMutation({
    mutationFn: () => downloadFlow(flowId),
    onSuccess: (file) => {
      saveFile(file, `quarry-flow-${flowId}.csv`);
      track('Object Downloaded', { object: 'flow_messages', format: 'csv', flow_id: flowId });
    },
  });
}
