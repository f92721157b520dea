import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Account } from '@quarry/shared';
import { LOCALE_FORMATS } from '@quarry/shared/languages';
import { IconExternalLink, IconStar, IconStarFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { AccountLogo } from '../../../components/account-logo.tsx';
import { AlertPageTitle } from '../../../components/alert-page-title.tsx';
import { WRAPPING_BADGE } from '../../../components/fitting-labels.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { displayDomain } from '../../../lib/display-domain.ts';
import { conversionOf, formatCompactCurrency, formatCurrency, formatDate, formatNumber } from '../../../lib/format.ts';
import { useMe } from '../../../lib/get-me.ts';
import { industryLabel } from '../../../lib/industry-label.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { useComments } from '../api/comments.ts';
import { useAccount } from '../api/get-account.ts';
import { useSetFavorite } from '../api/set-favorite.ts';
import { useChangeTerritory } from '../api/territory.ts';
import { accountSummaryText } from '../utils/account-summary.ts';
import { confirmTerritoryRemoval, territoryRemovedMessage } from '../utils/territory-removal.ts';
import { AccountComments } from './account-comments.tsx';
import { AccountContacts } from './account-contacts.tsx';
import { SignalsTimeline } from './signals-timeline.tsx';

/**
 * /accounts/{master_account_id}: the company, its signals, contacts and colleagues' comments.
 * `actions` adds buttons from other features (the route composes them).
 */
export function AccountPage({
  actions,
  contactActions,
}: {
  actions?: (account: Account) => ReactNode;
  contactActions?: (selected: string[], clear: () => void) => ReactNode;
} = {}) {
  const { t } = useTranslation();
  const { masterAccountId = '' } = useParams();
  // ?contact= (a person chosen in the search) opens the page at that person.
  const [searchParams] = useSearchParams();
  const contactId = searchParams.get('contact');
  const account = useAccount(masterAccountId);
  // Read with the page so the Comments tab counts them as the other tabs count theirs.
  const comments = useComments(masterAccountId);
  const favorite = useSetFavorite(masterAccountId);
  const territory = useChangeTerritory();
  const language = useUiLanguage();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  // Revenue is held in US dollars and shown in the reader's currency at the server's rates.
  const rates = useMe().data?.exchange_rates;
  const addedByUpload = (u: NonNullable<Account['added_by_upload']>) =>
    t(u.input ? 'accounts.addedByUpload' : 'accounts.addedByPastedUpload', {
      input: u.input,
      when: formatDate(u.at, language),
      by: u.by,
    });
  const revenueNote = (revenue: number) =>
    conversionOf(revenue, language, rates)
      ? t('accountFacts.revenueFrom', {
          usd: new Intl.NumberFormat(LOCALE_FORMATS[language].locale, {
            style: 'currency',
            currency: 'USD',
            notation: 'compact',
            maximumFractionDigits: 1,
          }).format(revenue),
        })
      : undefined;
  const revenueTitle = (revenue: number) => {
    const full = formatCurrency(revenue, language, rates);
    const conversion = conversionOf(revenue, language, rates);
    return conversion ? t('accounts.revenueConverted', { amount: full, ...conversion }) : full;
  };

  /** Adds at once with a snack; removing asks first, as on My Accounts. */
  async function changeTerritory(id: string, name: string, add: boolean) {
    if (!add && !(await confirmTerritoryRemoval(t, 1, name))) return;
    try {
      await territory.mutateAsync({ ids: [id], add });
    } catch {
      return; // The mutation cache has shown the failure.
    }
    showSnackbar(add ? t('myAccounts.added', { name }) : territoryRemovedMessage(t, 1, name));
  }

  if (account.isPending) return <Loader aria-label={t('common.loading')} />;
  if (account.isError) {
    const missing = account.error instanceof ApiError && account.error.status === 404;
    return (
      <Alert
        color={missing ? 'gray' : 'red'}
        // The page's heading (and the tab's name) while there is no account to name it.
        title={<AlertPageTitle>{missing ? t('accounts.notFound') : t('errors.generic')}</AlertPageTitle>}
      >
        {missing ? t('accounts.notFoundHelp') : null}
      </Alert>
    );
  }
  const { account: a, signals, contacts, is_favorite, in_territory } = account.data;
  const summary = accountSummaryText(a, t);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <AccountLogo name={a.account_name} logoUrl={a.logo_url} size={56} />
          <Stack gap={4}>
            {/* A name made from a long domain label has no space to break at. */}
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {a.account_name}
            </Title>
            {a.website && (
              <Anchor href={`https://${a.website}`} target="_blank" rel="noopener noreferrer" size="sm">
                {displayDomain(a.website)} <IconExternalLink size={12} aria-hidden />
              </Anchor>
            )}
            <Group gap="xs">
              {a.industry && (
                <Badge variant="light" data-testid="account-industry" {...WRAPPING_BADGE}>
                  {industryLabel(a.industry, t)}
                </Badge>
              )}
              {/* A sector named as its industry is ("Motor Vehicles & Parts" and "… and Parts" both
                  read 자동차 및 부품) is said once: two same badges looked like a glitch. */}
              {a.sector && !(a.industry && industryLabel(a.industry, t) === industryLabel(a.sector, t)) && (
                <Badge variant="outline" data-testid="account-sector" {...WRAPPING_BADGE}>
                  {industryLabel(a.sector, t)}
                </Badge>
              )}
            </Group>
            {a.added_by_upload && (
              // An account Quarry did not know, made by an upload: said, linked to the upload when
              // the reader may open it (their own, or any for managers and admins).
              <Text size="sm" c="dimmed" data-testid="account-added-by-upload">
                {a.added_by_upload.viewable ? (
                  <Anchor
                    component={Link}
                    to={`/upload?upload=${encodeURIComponent(a.added_by_upload.upload_id)}`}
                    size="sm"
                  >
                    {addedByUpload(a.added_by_upload)}
                  </Anchor>
                ) : (
                  addedByUpload(a.added_by_upload)
                )}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="xs">
          <Button
            variant={is_favorite ? 'filled' : 'default'}
            color="yellow"
            leftSection={is_favorite ? <IconStarFilled size={16} /> : <IconStar size={16} />}
            loading={favorite.isPending}
            aria-pressed={is_favorite}
            onClick={() => favorite.mutate(!is_favorite)}
          >
            {is_favorite ? t('accounts.favorited') : t('accounts.favorite')}
          </Button>
          <Button
            variant={in_territory ? 'default' : 'filled'}
            loading={territory.isPending}
            onClick={() => void changeTerritory(a.master_account_id, a.account_name, !in_territory)}
          >
            {in_territory ? t('accounts.removeFromMyAccounts') : t('accounts.addToMyAccounts')}
          </Button>
          {actions?.(a)}
        </Group>
      </Group>

      {/* Headings on one line: the revenue's "converted from" line below it must not lift its column. */}
      <Group gap="xl" align="flex-start">
        <Fact
          label={t('accounts.employees')}
          value={a.employees === null ? null : formatNumber(a.employees, language)}
        />
        {/* A fact in the row is short ("$12.7B"); the full figure is its title, for who wants it. */}
        <Fact
          label={t('accounts.revenue')}
          value={a.revenue === null ? null : formatCompactCurrency(a.revenue, language, rates)}
          full={a.revenue === null ? undefined : revenueTitle(a.revenue)}
          // Converted from the dollars the company reports: said on the page, not only in the title.
          note={a.revenue === null ? undefined : revenueNote(a.revenue)}
        />
        <Fact label={t('accounts.location')} value={a.location} />
      </Group>
      {summary && <Text data-testid="account-summary">{summary}</Text>}

      <Tabs key={`${a.master_account_id}:${contactId ?? ''}`} defaultValue={contactId ? 'contacts' : 'signals'}>
        {/* One row on a phone, a long name ("Commentaires (3)") on two lines inside its tab: scrolled
            sideways, the third tab had been half off the screen with nothing to say it was there,
            and wrapped onto a second row it broke the underline in Chinese. */}
        <Tabs.List grow={phone} style={{ flexWrap: 'nowrap' }}>
          <Tabs.Tab value="signals" {...(phone ? PHONE_TAB : { px: 'md' })}>
            {t('accounts.signals', { count: signals.length })}
          </Tabs.Tab>
          <Tabs.Tab value="contacts" {...(phone ? PHONE_TAB : { px: 'md' })}>
            {t('accounts.contacts', { count: contacts.length })}
          </Tabs.Tab>
          <Tabs.Tab value="comments" {...(phone ? PHONE_TAB : { px: 'md' })}>
            {comments.data ? t('accounts.commentsCount', { count: comments.data.length }) : t('accounts.comments')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="signals" pt="md">
          <SignalsTimeline signals={signals} language={language} />
        </Tabs.Panel>
        <Tabs.Panel value="contacts" pt="md">
          <AccountContacts contacts={contacts} bulkActions={contactActions} highlightId={contactId} />
        </Tabs.Panel>
        <Tabs.Panel value="comments" pt="md">
          <AccountComments accountId={a.master_account_id} language={language} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/**
 * On a phone, the tabs share the row: each as wide as its label, narrowed when the row is short by
 * wrapping its label between words ("Commentaires" over "(0)"), never below its longest word.
 */
const PHONE_TAB = {
  px: 'xs',
  style: { flex: '1 1 auto' },
  styles: { tabLabel: { whiteSpace: 'normal', textAlign: 'center' } },
} as const;

function Fact({ label, value, full, note }: { label: string; value: string | null; full?: string; note?: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={600} title={full}>
        {value ?? t('accounts.unknown')}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </div>
  );
}
