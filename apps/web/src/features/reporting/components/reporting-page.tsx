import '@mantine/charts/styles.css';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { REPORT_MAX_DAYS, type ReportQuery } from '@quarry/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useReport } from '../api/get-report.ts';
import { checkRange, DEFAULT_REPORT_DAYS, lastDays } from '../utils/report-range.ts';
import { ReportRangePicker } from './report-range-picker.tsx';
import { ReportUsersTable } from './report-users-table.tsx';
import { UsageCharts } from './usage-charts.tsx';

/** /reporting: how the team uses Quarry over a chosen range (kept in the URL as ?from=&to=). */
export function ReportingPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const fallback = lastDays(DEFAULT_REPORT_DAYS);
  const range = { from: params.get('from') ?? fallback.from, to: params.get('to') ?? fallback.to };
  const problem = checkRange(range);
  const report = useReport(problem ? null : range);

  // Merged into the range as last chosen, not as this render saw it: From and To typed one right
  // after the other must not undo each other (a stale range put an earlier From back). A render
  // before the address has taken a choice must not put the older range back either: only a
  // change of the address itself (Back, a preset taken) replaces what was chosen.
  const latest = useRef(range);
  const seen = useRef(range);
  if (seen.current.from !== range.from || seen.current.to !== range.to) {
    seen.current = range;
    latest.current = range;
  }
  const choose = (next: Partial<ReportQuery>) => {
    latest.current = { ...latest.current, ...next };
    setParams(latest.current, { replace: true });
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('screens.reporting.title')}</Title>
        <Text c="dimmed">{t('reporting.subtitle')}</Text>
      </Stack>
      <Group justify="space-between" align="end">
        <ReportRangePicker range={range} onChange={choose} />
        {report.isFetching && <Loader size="sm" aria-label={t('common.loading')} />}
      </Group>
      {problem && (
        <Alert color="yellow" title={t('reporting.rangeProblem')}>
          {t(`reporting.range.${problem}`, { max: REPORT_MAX_DAYS })}
        </Alert>
      )}
      {!problem && report.isPending && <Loader aria-label={t('common.loading')} />}
      {!problem && report.isError && (
        <Alert color="red" title={t('errors.generic')} data-testid="report-error">
          <Stack gap="xs" align="flex-start">
            {/* A refusal's message is in the reader's language (api-client); anything else says no more than the title. */}
            {report.error instanceof ApiError && report.error.message}
            <Button size="compact-sm" variant="light" color="red" onClick={() => void report.refetch()}>
              {t('reporting.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {!problem && report.data && (
        <>
          <UsageCharts report={report.data} />
          <ReportUsersTable report={report.data} />
        </>
      )}
    </Stack>
  );
}
