import { Anchor, Badge, Group, Text, Timeline } from '@mantine/core';
import type { Signal } from '@quarry/shared';
import type { Language } from '@quarry/shared/languages';
import { IconBriefcase, IconNews } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';

const EXCERPT = 320;

/** News and job postings, newest first, each source credited and linked (Wikinews asks for both). */
export function SignalsTimeline({ signals, language }: { signals: Signal[]; language: Language }) {
  const { t } = useTranslation();
  if (signals.length === 0) return <Text c="dimmed">{t('accounts.noSignals')}</Text>;
  return (
    <Timeline bulletSize={26} lineWidth={2}>
      {signals.map((s) => (
        <Timeline.Item
          key={s.id}
          bullet={s.type === 'news_article' ? <IconNews size={14} /> : <IconBriefcase size={14} />}
          title={
            s.url ? (
              <Anchor href={s.url} target="_blank" rel="noopener noreferrer" fw={600}>
                {s.title}
              </Anchor>
            ) : (
              <Text fw={600}>{s.title}</Text>
            )
          }
          data-testid="signal"
        >
          <Group gap="xs" my={4}>
            <Badge size="xs" variant="light" color={s.type === 'news_article' ? 'blue' : 'teal'}>
              {s.type === 'news_article' ? t('accounts.news') : t('accounts.jobPosting')}
            </Badge>
            <Text size="xs" c="dimmed">
              {formatDate(s.published_at, language)} · {t('accounts.source', { source: s.source })}
            </Text>
          </Group>
          <Text size="sm">{s.text.length > EXCERPT ? `${s.text.slice(0, EXCERPT).trimEnd()}…` : s.text}</Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
