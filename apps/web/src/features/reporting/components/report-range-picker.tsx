import { Button, Group, TextInput } from '@mantine/core';
import type { ReportQuery } from '@quarry/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lastDays, REPORT_PRESET_DAYS } from '../utils/report-range.ts';

/** From and to days (native date inputs) and one-click presets for the last 7, 30 and 90 days. */
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
      <DayInput label={t('reporting.from')} max={today} day={range.from} onDay={(from) => onChange({ from })} />
      <DayInput label={t('reporting.to')} max={today} day={range.to} onDay={(to) => onChange({ to })} />
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

/**
 * A native date input that hands on only whole days. While a day is being typed the browser
 * reports "" (and, in the year, "0002-…"): handing that on rewrote the field under the typist's
 * fingers, so only a value with a four-digit year from 1900 on leaves the field, and the field
 * follows the range when it changes from outside (a preset).
 */
function DayInput({
  label,
  max,
  day,
  onDay,
}: {
  label: string;
  max: string;
  day: string;
  onDay: (day: string) => void;
}) {
  const [draft, setDraft] = useState(day);
  const input = useRef<HTMLInputElement>(null);
  // The range changing from outside (a preset) shows here; while the field is being typed in, the
  // range catching up with an earlier keystroke must not set the field under the typist's
  // fingers: a busy browser had reset the year being typed, "2026" becoming "0026".
  useEffect(() => {
    if (document.activeElement !== input.current) setDraft(day);
  }, [day]);
  return (
    <TextInput
      ref={input}
      type="date"
      label={label}
      max={max}
      value={draft}
      onBlur={() => setDraft(day)}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setDraft(value);
        if (/^(19|2\d)\d\d-\d\d-\d\d$/.test(value)) onDay(value);
      }}
    />
  );
}
