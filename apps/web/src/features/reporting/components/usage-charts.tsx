import { AreaChart, BarChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ANALYTICS_EVENTS, type Report } from '@quarry/shared';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { axisLabels } from '../utils/axis-label.ts';
import { pageLabel, pageScreenName } from '../utils/page-screens.ts';
import { ChartCard } from './chart-card.tsx';
import { RankedBars } from './ranked-bars.tsx';

/** Counts are whole numbers: no 0.5 ticks on a quiet range. */
const COUNTS = { allowDecimals: false };

/** Characters of a bar's label beside a wide card's bars; a longer label ends in "…". */
const LABEL_COLUMNS = 36;
/** Room for those characters beside the bars, in pixels. */
const LABEL_WIDTH = 250;

/** Height of a horizontal bar chart: enough room per bar for its label. */

const barsHeight = (count: number) => Math.max(160, count * 28 + 40);

/** Daily actives, sign-ins per day, weekly actives, page views by page and the named events. */
export function UsageCharts({ report }: { report: Report }) {
  const { t } = useTranslation();
  /** An event's name in the reader's language; a name this version does not know shows as recorded. */
  const eventLabel = (event: string) =>
    (ANALYTICS_EVENTS as readonly string[]).includes(event) ? t(`eventNames.${event}`) : event;
  const language = useUiLanguage();
  // On a phone the named counts are listed with their labels whole (RankedBars): an axis had room
  // for a dozen characters there.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  // Beside the bars a page is its screen's name ("Déclencheurs"), which tells it apart unless two
  // pages share one; the tooltip gives the path too. "Vos préférences (/preferences…" was cut
  // before the part that told the preferences pages apart.
  const screens = report.pages.map((p) => pageScreenName(p.page, t));
  const pages = report.pages.map((p, i) => ({
    ...p,
    page: pageLabel(p.page, t),
    axis: screens.filter((name) => name === screens[i]).length === 1 ? screens[i] : pageLabel(p.page, t),
  }));
  const events = report.events.map((e) => ({ ...e, event: eventLabel(e.event) }));
  // Each chart's labels shortened apart: two events cut to the same "Correspondanc…" keep their ends.
  const labelAxis = (rows: { name: string; axis?: string }[]) => {
    const short = axisLabels(
      rows.map((row) => row.axis ?? row.name),
      LABEL_COLUMNS,
    );
    const shown = new Map(rows.map((row) => [row.name, short.get(row.axis ?? row.name) ?? row.name]));
    return { width: LABEL_WIDTH, tickFormatter: (value: unknown) => shown.get(String(value)) ?? String(value) };
  };
  const valueAxis = { ...COUNTS, tickCount: 5 };
  /**
   * A chart of named counts (pages, events): on a phone a list with each name whole, elsewhere bars
   * beside an axis whose long labels are shortened at their end (the tooltip gives them whole).
   */
  const namedCounts = (
    rows: { name: string; count: number; axis?: string }[],
    title: string,
    unit: string,
    color: string,
  ) =>
    phone ? (
      <RankedBars rows={rows} label={title} color={color} />
    ) : (
      <BarChart
        h={barsHeight(rows.length)}
        data={rows}
        dataKey="name"
        orientation="vertical"
        yAxisProps={labelAxis(rows)}
        xAxisProps={valueAxis}
        series={[{ name: 'count', label: unit, color }]}
      />
    );
  // Days ("2026-10-24") read as local calendar days, shown in the interface language's short form.
  const days = { tickFormatter: (day: string) => formatDate(dayjs(day).toDate(), language, 'axis') };
  // A day's tooltip names it as data does ("Nov 14, 2026"), not as stored ("2026-11-14").
  // The tooltip is drawn before any bar is pointed at, with no day: nothing to name then.
  const dayTooltip = {
    labelFormatter: (day: unknown) => {
      const date = dayjs(typeof day === 'string' ? day : null);
      return date.isValid() ? formatDate(date.toDate(), language, 'data') : '';
    },
  };
  const nobody = report.days.every((d) => d.active_users === 0);
  return (
    <>
      <ChartCard
        title={t('reporting.daily')}
        empty={nobody}
        emptyText={t('reporting.noActivity')}
        testId="report-daily-chart"
      >
        <AreaChart
          h={220}
          data={report.days}
          dataKey="day"
          xAxisProps={days}
          tooltipProps={dayTooltip}
          curveType="linear"
          withDots={report.days.length <= 31}
          yAxisProps={COUNTS}
          series={[{ name: 'active_users', label: t('reporting.activeUsers'), color: 'blue.6' }]}
        />
      </ChartCard>
      <ChartCard
        title={t('reporting.signInsPerDay')}
        empty={nobody}
        emptyText={t('reporting.noActivity')}
        testId="report-sign-ins-chart"
      >
        <BarChart
          h={180}
          data={report.days}
          dataKey="day"
          xAxisProps={days}
          tooltipProps={dayTooltip}
          yAxisProps={COUNTS}
          series={[{ name: 'sign_ins', label: t('reporting.signedInMembers'), color: 'teal.6' }]}
        />
      </ChartCard>
      <ChartCard
        title={t('reporting.weekly')}
        empty={nobody}
        emptyText={t('reporting.noActivity')}
        testId="report-weekly-chart"
      >
        <BarChart
          h={220}
          data={report.weeks}
          dataKey="week"
          xAxisProps={days}
          tooltipProps={dayTooltip}
          yAxisProps={COUNTS}
          series={[{ name: 'active_users', label: t('reporting.activeUsers'), color: 'blue.6' }]}
        />
      </ChartCard>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ChartCard
          title={t('reporting.pages')}
          empty={report.pages.length === 0}
          emptyText={t('reporting.noPages')}
          testId="report-pages-chart"
        >
          {namedCounts(
            pages.map((p) => ({ name: p.page, count: p.views, axis: p.axis })),
            t('reporting.pages'),
            t('reporting.views'),
            'violet.6',
          )}
        </ChartCard>
        <ChartCard
          title={t('reporting.events')}
          empty={report.events.length === 0}
          emptyText={t('reporting.noEvents')}
          testId="report-events-chart"
        >
          {namedCounts(
            events.map((e) => ({ name: e.event, count: e.count })),
            t('reporting.events'),
            t('reporting.count'),
            'orange.6',
          )}
        </ChartCard>
      </SimpleGrid>
    </>
  );
}
