import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { Language, ValueMatchEvidence } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { HighlightedText } from './highlighted-text.tsx';

/**
 * One signal: headline and excerpt with the matched words marked, its date, and its source
 * credited. "…" marks only where the excerpt cuts a sentence.
 */
export function EvidenceItem({ evidence, language }: { evidence: ValueMatchEvidence; language: Language }) {
  const { t } = useTranslation();
  const headline = <HighlightedText text={evidence.title} highlights={evidence.title_highlights} />;
  return (
    <Stack gap={4} data-testid="evidence">
      <Text fw={600}>
        {evidence.url ? (
          <Anchor href={evidence.url} target="_blank" rel="noopener noreferrer" inherit>
            {headline}
          </Anchor>
        ) : (
          headline
        )}
      </Text>
      <Group gap="xs">
        <Badge size="xs" variant="light" color={evidence.type === 'news_article' ? 'blue' : 'teal'}>
          {evidence.type === 'news_article' ? t('accounts.news') : t('accounts.jobPosting')}
        </Badge>
        <Text size="xs" c="dimmed">
          {formatDate(evidence.published_at, language, 'long')} · {t('accounts.source', { source: evidence.source })}
        </Text>
      </Group>
      {evidence.excerpt && (
        <Text size="sm">
          {evidence.excerpt_cut_before && '…'}
          <HighlightedText text={evidence.excerpt} highlights={evidence.excerpt_highlights} />
          {evidence.excerpt_cut_after && '…'}
        </Text>
      )}
    </Stack>
  );
}
