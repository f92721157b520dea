import { Button, Group } from '@mantine/core';
import type { ReportQuery } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/day-input.tsx';
import { lastDays, REPORT_PRESET_DAYS } from '../utils/report-range.ts';

/** No report reaches further back than this. */
const FIRST_DAY = '2000-01-01';

/**
 * From and to days, typed or picked in the interface language (a native date input follows the
 * browser's: 10/31/2026 on a Chinese page), and one-click presets for the last 7, 30 and 90 days.
 */
export function ReportRangePicker({
  range,
  onChange,
}: {
  range: { from: string; to: string };
  /** The days that changed: a typed day hands on only its own end of the range. */
  onChange: (range: Partial<ReportQuery>) => void;
}) {
  const { t } = useTranslation();
  // Nothing is recorded after today: the pickers stop there, and the preset in use shows pressed.
  const today = lastDays(1).to;
  return (
    <Group align="end" gap="sm" wrap="wrap">
      <DayInput
        label={t('reporting.from')}
        minDate={FIRST_DAY}
        maxDate={today}
        value={range.from}
        onDay={(from) => from && onChange({ from })}
      />
      <DayInput
        label={t('reporting.to')}
        minDate={FIRST_DAY}
        maxDate={today}
        value={range.to}
        onDay={(to) => to && onChange({ to })}
      />
      {/* Separate buttons that wrap: joined, the three did not fit a 390 px phone ("Last 90 days" cut off). */}
      <Group gap={6} wrap="wrap">
        {REPORT_PRESET_DAYS.map((days) => {
          const preset = lastDays(days);
          const pressed = preset.from === range.from && preset.to === range.to;
          return (
            <Button
              key={days}
              variant={pressed ? 'light' : 'default'}
              aria-pressed={pressed}
              onClick={() => onChange(preset)}
            >
              {t('reporting.lastDays', { days })}
            </Button>
          );
        })}
      </Group>
    </Group>
  );
}
