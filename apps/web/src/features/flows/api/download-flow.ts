import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { flowErrorMessage } from '../utils/flow-error-message.ts';
import { flowQueryKeys } from './flow-query-keys.ts';

export const downloadFlow = (flowId: string) =>
  api<Blob>(`/api/flows/${encodeURIComponent(flowId)}/download`, { responseType: 'blob' });

/** Fetches the delivered messages as CSV and hands the file to the browser; records "Object Downloaded". */
export function useDownloadFlow(flowId: string) {
  const { t } = useTranslation();
  return useMutation({
    mutationKey: flowQueryKeys.mutations.download,
    mutationFn: () => downloadFlow(flowId),
    onSuccess: (file) => {
      saveFile(file, `quarry-flow-${flowId}.csv`);
      track('Object Downloaded', { object: 'flow_messages', format: 'csv', flow_id: flowId });
    },
    meta: { errorSnack: (e) => flowErrorMessage(e, t, 'flows.errors.download') },
  });
}
