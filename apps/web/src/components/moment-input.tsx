import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import type { Language } from '@quarry/shared';
import { LOCALE_FORMATS } from '@quarry/shared/languages';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format.ts';
import { useUiLanguage } from '../lib/use-ui-language.ts';
import { LanguageDates, useCalendarTexts } from './day-input.tsx';

/**
 * A day and a time of day, picked in the interface language (a native datetime-local input
 * follows the browser's: "11/29/2026, 1:05 PM" on a Japanese page). Its value is the browser's
 * local time as "YYYY-MM-DDTHH:mm", as a datetime-local input's, or "" for none.
 */
export function MomentInput({
  value = '',
  onChange,
  ...props
}: Omit<DateTimePickerProps, 'value' | 'onChange' | 'valueFormat' | 'locale'> & {
  value?: string;
  onChange: (value: string) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const field = useRef<HTMLButtonElement>(null);
  // Done and the clear cross close what held the focus: it goes back to the field, not to the
  // page under the dialog this sits in.
  const refocus = () => setTimeout(() => field.current?.focus(), 0);
  const moment = value && dayjs(value).isValid() ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : null;
  return (
    <LanguageDates>
      <DateTimePicker
        ref={field}
        {...useCalendarTexts()}
        clearButtonProps={{ 'aria-label': t('moment.clear', { field: props.label }) }}
        {...props}
        value={moment}
        onChange={(picked) => {
          onChange(picked ? dayjs(picked).format('YYYY-MM-DDTHH:mm') : '');
          if (!picked) refocus();
        }}
        onDropdownClose={refocus}
        valueFormat={(picked) => formatDateTime(dayjs(picked).toDate(), language)}
        timePickerProps={{
          // The clock the field and the app's dates show: Korean and English count 12 hours.
          format: hourCycle(language),
          amPmLabels: dayPeriods(language),
          hoursInputLabel: t('moment.hours'),
          minutesInputLabel: t('moment.minutes'),
          amPmInputLabel: t('moment.amPm'),
        }}
        submitButtonProps={{ 'aria-label': t('moment.done') }}
      />
    </LanguageDates>
  );
}

function hourCycle(language: Language): '12h' | '24h' {
  const { hourCycle } = new Intl.DateTimeFormat(LOCALE_FORMATS[language].locale, { hour: 'numeric' }).resolvedOptions();
  return hourCycle === 'h11' || hourCycle === 'h12' ? '12h' : '24h';
}

/** The language's names for the morning and afternoon halves of a 12-hour clock ("오전", "오후"). */
function dayPeriods(language: Language): { am: string; pm: string } {
  const format = new Intl.DateTimeFormat(LOCALE_FORMATS[language].locale, { hour: 'numeric', hour12: true });
  const period = (hour: number) =>
    format.formatToParts(new Date(2026, 0, 1, hour)).find((part) => part.type === 'dayPeriod')?.value ?? '';
  return { am: period(9) || 'AM', pm: period(15) || 'PM' };
}
