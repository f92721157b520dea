import type { Language } from '@quarry/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { flowErrorMessage } from '../utils/flow-error-message.ts';
import { flowQueryKeys } from './flow-query-keys.ts';

/** The delivered messages as CSV, its column names in `language`. */
export const downloadFlow = (flowId: string, language: Language) =>
  api<Blob>(`/api/flows/${encodeURIComponent(flowId)}/download?language=${language}`, { responseType: 'blob' });

/** Fetches the delivered messages as CSV and hands the file to the browser; records "Object Downloaded". */
export function useDownloadFlow(flowId: string) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  return useMutation({
    mutationKey: flowQueryKeys.mutations.download,
    mutationFn: () => downloadFlow(flowId, language),
    onSuccess: (file) => {
      saveFile(file, `quarry-flow-${flowId}.csv`);
      track('Object Downloaded', { object: 'flow_messages', format: 'csv', flow_id: flowId });
    },
    meta: { errorSnack: (e) => flowErrorMessage(e, t, 'flows.errors.download') },
  });
}
