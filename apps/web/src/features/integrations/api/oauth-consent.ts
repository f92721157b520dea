import type { IntegrationType, OAuthStartResponse } from '@quarry/shared';
import { CONNECTOR_OAUTH_POLL_MAX_MS, CONNECTOR_OAUTH_POLL_MS } from '@quarry/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { getIntegrations, integrationsQueryKey } from '../../../lib/integrations.ts';
import { type PollOutcome, pollConnection } from './poll-connection.ts';

export const startOAuth = (type: IntegrationType) =>
  api<OAuthStartResponse>(`/api/integrations/${type}/oauth`, { method: 'POST' });

export type ConsentState = 'idle' | 'waiting' | 'timed_out' | 'blocked' | 'failed';

/**
 * Connect for an OAuth tool (Outreach): the consent page in a new window, opened at the click
 * (so no pop-up blocker stops it) and sent to the authorization URL once Quarry has made one;
 * meanwhile the connection is asked for every 3 s, for at most 60 s (spec section 9).
 */
export function useOAuthConsent(type: IntegrationType, onDone: (outcome: PollOutcome) => void) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ConsentState>('idle');
  const stopRef = useRef<(() => void) | null>(null);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  useEffect(() => () => stopRef.current?.(), []);

  const start = useCallback(async () => {
    stopRef.current?.();
    const popup = window.open('about:blank', '_blank');
    if (!popup) {
      setState('blocked');
      return;
    }
    // The consent page needs no handle on Quarry's window.
    popup.opener = null;
    let url: string;
    try {
      url = (await startOAuth(type)).authorization_url;
    } catch {
      popup.close();
      setState('failed');
      return;
    }
    popup.location.href = url;
    setState('waiting');
    void queryClient.invalidateQueries({ queryKey: integrationsQueryKey });
    stopRef.current = pollConnection({
      intervalMs: CONNECTOR_OAUTH_POLL_MS,
      maxMs: CONNECTOR_OAUTH_POLL_MAX_MS,
      status: async () => {
        const list = await getIntegrations();
        queryClient.setQueryData(integrationsQueryKey, list);
        return list.integrations.find((i) => i.entry.type === type)?.connection?.status ?? null;
      },
      onDone: (outcome) => {
        stopRef.current = null;
        setState(outcome === 'timed_out' ? 'timed_out' : 'idle');
        if (outcome === 'VALID') track('Integration Connected', { type });
        onDoneRef.current(outcome);
      },
    });
  }, [queryClient, type]);

  return { state, start };
}
