import { Anchor, Stack, Text } from '@mantine/core';
import type { FlowEvidence as Evidence, Language } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { httpUrl } from '../utils/http-url.ts';

/**
 * What a message was written from: the matched hypothesis and the quoted signal. All of it is
 * plain text (React escapes it); the signal's address is a link only when it is http(s).
 */
export function FlowEvidence({ evidence, language }: { evidence: Evidence; language: Language }) {
  const { t } = useTranslation();
  const url = httpUrl(evidence.signal_url);
  const hasSignal = evidence.signal_title || evidence.signal_excerpt;
  if (!evidence.hypothesis_name && !evidence.problem_or_goal && !hasSignal) {
    return (
      <Text size="sm" c="dimmed" data-testid="flow-evidence">
        {t('flows.evidence.none')}
      </Text>
    );
  }
  const meta = [
    evidence.signal_published_at ? formatDate(evidence.signal_published_at, language) : null,
    evidence.signal_source ? t('flows.evidence.source', { source: evidence.signal_source }) : null,
  ].filter(Boolean);
  return (
    <Stack gap={6} data-testid="flow-evidence">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {t('flows.evidence.title')}
      </Text>
      {evidence.hypothesis_name && (
        <div>
          <Text size="xs" c="dimmed">
            {t('flows.evidence.hypothesis')}
          </Text>
          <Text size="sm" fw={600}>
            {evidence.hypothesis_name}
          </Text>
          {evidence.problem_or_goal && <Text size="sm">{evidence.problem_or_goal}</Text>}
        </div>
      )}
      {hasSignal && (
        <div>
          <Text size="xs" c="dimmed">
            {t('flows.evidence.signal')}
          </Text>
          {evidence.signal_title && (
            <Text size="sm" fw={600}>
              {url ? (
                <Anchor href={url} target="_blank" rel="noopener noreferrer" inherit>
                  {evidence.signal_title}
                </Anchor>
              ) : (
                evidence.signal_title
              )}
            </Text>
          )}
          {evidence.signal_excerpt && (
            <Text size="sm" fs="italic" style={{ whiteSpace: 'pre-wrap' }}>
              {t('flows.evidence.quote', { text: evidence.signal_excerpt })}
            </Text>
          )}
          {meta.length > 0 && (
            <Text size="xs" c="dimmed">
              {meta.join(' · ')}
            </Text>
          )}
        </div>
      )}
    </Stack>
  );
}
