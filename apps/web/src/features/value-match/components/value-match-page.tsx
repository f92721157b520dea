import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ValueMatchDetail, ValueMatchEvidence } from '@quarry/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AccountLogo } from '../../../components/account-logo.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { industryLabel } from '../../../lib/industry-label.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { useValueMatch } from '../api/get-value-match.ts';
import { useValueMatchStatus } from '../api/get-value-matches.ts';
import { whyNowOf } from '../utils/why-now-text.ts';
import { type Assigner, AssignMenu } from './assign-menu.tsx';
import { EvidenceItem } from './evidence-item.tsx';
import { HeldBy } from './held-by.tsx';
import { RankedContacts } from './ranked-contacts.tsx';
import { ShareButton } from './share-button.tsx';
import { TierBadge } from './tier-badge.tsx';
import { ValueMatchNotFound } from './value-match-not-found.tsx';

type MatchedHypothesis = ValueMatchDetail['hypotheses'][number];

/**
 * Each signal in full under the first (strongest) hypothesis it supports; a later hypothesis it
 * supports too names it in one line, rather than repeating its excerpt with the same highlights.
 */
export function placeEvidence(hypotheses: MatchedHypothesis[]) {
  const firstUnder = new Map<string, string>();
  return hypotheses.map((h) => {
    const evidence: ValueMatchEvidence[] = [];
    const shownAbove: { evidence: ValueMatchEvidence; under: string }[] = [];
    for (const e of h.evidence) {
      const under = firstUnder.get(e.hit_id);
      if (under === undefined) {
        firstUnder.set(e.hit_id, h.name);
        evidence.push(e);
      } else {
        shownAbove.push({ evidence: e, under });
      }
    }
    return { h, evidence, shownAbove };
  });
}

/** Other signals shown before "Show all": the page is for the evidence and the contacts below. */
export const ACTIVITY_SHOWN = 5;

/**
 * The other signals shown: the newest few, and any marked not relevant, which waits for its undo;
 * all of them once asked. Microsoft's page had listed 48 stories before its contacts.
 */
export function activityShown(activity: ValueMatchEvidence[], all: boolean): ValueMatchEvidence[] {
  return all ? activity : activity.filter((e, i) => i < ACTIVITY_SHOWN || e.not_relevant);
}

/**
 * /valueMatch/{master_account_id}: each matched hypothesis with its evidence, other activity,
 * contacts. "Share" and "Assign" are this feature's; `actions` (on the account) and
 * `contactActions` (on the ticked contacts) come from other features, composed by the route.
 */
export function ValueMatchPage({
  assigner,
  actions,
  contactActions,
}: {
  assigner: Assigner;
  actions?: (masterAccountId: string) => ReactNode;
  contactActions?: (selected: string[], clear: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const { masterAccountId = '' } = useParams();
  const query = useValueMatch(masterAccountId);
  // A mark, or a colleague's change to the preferences, computes the matches again: this page
  // follows, and reloads the match when that is done.
  const recomputing = useValueMatchStatus().data?.running ?? false;
  const canMark = useAuthStore((s) => Boolean(s.user?.is_admin || s.user?.is_manager));
  const [allActivity, setAllActivity] = useState(false);

  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <ValueMatchNotFound />;
    return <Alert color="red">{t('valueMatch.detailError')}</Alert>;
  }
  const m = query.data;
  const whyNow = whyNowOf(m, t, language);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Group gap="sm">
          <AccountLogo name={m.account_name} logoUrl={m.logo_url} size={48} />
          <div>
            <Title order={1}>{m.account_name}</Title>
            {m.industry && <Text c="dimmed">{industryLabel(m.industry, t)}</Text>}
            <HeldBy holders={m.held_by} />
          </div>
        </Group>
        <Stack gap="xs" align="flex-end">
          <TierBadge tier={m.tier} updating={recomputing} />
          {/* On a phone the actions wrap: in French they are wider than 390 px in one row. */}
          <Group gap="xs" justify="flex-end">
            <ShareButton masterAccountId={m.master_account_id} accountName={m.account_name} />
            <AssignMenu
              masterAccountId={m.master_account_id}
              accountName={m.account_name}
              assigner={assigner}
              holders={m.held_by}
            />
            {/* A view-as preview is read-only: none of the page's actions either. */}
            {!assigner.readOnly && actions?.(m.master_account_id)}
          </Group>
          <Anchor component={Link} to={`/accounts/${encodeURIComponent(m.master_account_id)}`}>
            {t('valueMatch.openAccount')}
          </Anchor>
        </Stack>
      </Group>
      {whyNow && (
        <Card withBorder>
          <Text fw={600}>{t('valueMatch.whyNow')}</Text>
          <Text size="sm" data-testid="value-match-why-now">
            {whyNow}
          </Text>
          {m.computed_at && (
            <Text size="xs" c="dimmed" mt={4}>
              {t('valueMatch.lastComputed', { when: formatDateTime(m.computed_at, language) })}
            </Text>
          )}
          {recomputing && (
            <Group gap={6} mt={4} data-testid="value-match-recomputing">
              <Loader size="xs" />
              <Text size="xs" c="dimmed">
                {t('valueMatch.recomputing')}
              </Text>
            </Group>
          )}
        </Card>
      )}

      {placeEvidence(m.hypotheses).map(({ h, evidence, shownAbove }) => (
        <Card key={h.hypothesis_id} withBorder data-testid="matched-hypothesis">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              {h.name}
            </Title>
            <TierBadge tier={h.tier} updating={recomputing} />
          </Group>
          <Stack gap="md">
            {evidence.map((e) => (
              <EvidenceItem
                key={e.hit_id}
                evidence={e}
                language={language}
                // A view-as preview marks nothing: the mark would be the signed-in user's, not the colleague's.
                masterAccountId={assigner.readOnly ? undefined : m.master_account_id}
              />
            ))}
            {shownAbove.map(({ evidence: e, under }) => (
              <Text key={e.hit_id} size="sm" c="dimmed" data-testid="evidence-shown-above" data-hit-id={e.hit_id}>
                {t('valueMatch.sameSignalAbove', { hypothesis: under, title: e.title })}
              </Text>
            ))}
          </Stack>
        </Card>
      ))}

      {/* A rep sees no "Not relevant" (a mark tunes the whole team's matches): told who can. */}
      {!canMark && !assigner.readOnly && m.hypotheses.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="mark-ask-manager">
          {t('valueMatch.markAskManager')}
        </Text>
      )}

      <Stack gap="sm" data-testid="value-match-activity">
        <Title order={2} size="h4">
          {t('valueMatch.tier.none')}
        </Title>
        {m.activity.length === 0 ? (
          <Text c="dimmed">{t('valueMatch.noActivity')}</Text>
        ) : (
          activityShown(m.activity, allActivity).map((e) => (
            <EvidenceItem
              key={e.hit_id}
              evidence={e}
              language={language}
              // A signal marked not relevant no longer counts, and waits here for its undo.
              masterAccountId={e.not_relevant && !assigner.readOnly ? m.master_account_id : undefined}
            />
          ))
        )}
        {m.activity.length > ACTIVITY_SHOWN && (
          <Button
            variant="subtle"
            size="compact-sm"
            style={{ alignSelf: 'flex-start' }}
            aria-expanded={allActivity}
            onClick={() => setAllActivity((all) => !all)}
          >
            {allActivity ? t('valueMatch.activityFewer') : t('valueMatch.activityAll', { count: m.activity.length })}
          </Button>
        )}
      </Stack>

      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('valueMatch.contacts')}
        </Title>
        <RankedContacts contacts={m.contacts} bulkActions={assigner.readOnly ? undefined : contactActions} />
      </Stack>
    </Stack>
  );
}
