import { Button, Group, TextInput } from '@mantine/core';
import type { ReportQuery } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { lastDays, REPORT_PRESET_DAYS } from '../utils/report-range.ts';

/** From and to days (native date inputs) and one-click presets for the last 7, 30 and 90 days. */
export function ReportRangePicker({
  range,
  onChange,
}: {
  range: { from: string; to: string };
  onChange: (range: ReportQuery) => void;
}) {
  const { t } = useTranslation();
  // Nothing is recorded after today: the pickers stop there, and the preset in use shows pressed.
  const today = lastDays(1).to;
  return (
    <Group align="end" gap="sm" wrap="wrap">
      <TextInput
        type="date"
        label={t('reporting.from')}
        max={today}
        value={range.from}
        onChange={(e) => onChange({ ...range, from: e.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={t('reporting.to')}
        max={today}
        value={range.to}
        onChange={(e) => onChange({ ...range, to: e.currentTarget.value })}
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
