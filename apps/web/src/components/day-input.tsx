import '@mantine/dates/styles.css';
import 'dayjs/locale/fr';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/zh-cn';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import type { Language } from '@quarry/shared';
import { LOCALE_FORMATS } from '@quarry/shared/languages';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/format.ts';
import { useUiLanguage } from '../lib/use-ui-language.ts';

/**
 * The calendar's month and weekday names, how its month is headed ("2026年10月", not "十月 2026")
 * and the day its weeks start on, per interface language.
 */
const CALENDARS: Record<Language, { locale: string; month: string; firstDayOfWeek: 0 | 1 }> = {
  en: { locale: 'en', month: 'MMMM YYYY', firstDayOfWeek: 0 },
  fr: { locale: 'fr', month: 'MMMM YYYY', firstDayOfWeek: 1 },
  ja: { locale: 'ja', month: 'YYYY年M月', firstDayOfWeek: 0 },
  ko: { locale: 'ko', month: 'YYYY년 M월', firstDayOfWeek: 0 },
  cn: { locale: 'zh-cn', month: 'YYYY年M月', firstDayOfWeek: 1 },
};

/** The order the language writes a numeric date in ("10/31/2026", "31/10/2026", "2026/10/31"). */
function numericOrder(language: Language): ('year' | 'month' | 'day')[] {
  return new Intl.DateTimeFormat(LOCALE_FORMATS[language].locale, { year: 'numeric', month: 'numeric', day: 'numeric' })
    .formatToParts(new Date(2026, 9, 31))
    .flatMap((part) => (part.type === 'year' || part.type === 'month' || part.type === 'day' ? [part.type] : []));
}

/**
 * A typed day as "YYYY-MM-DD", or null until it is a whole day: the ISO form, the language's
 * numeric form (10/31/2026 in English, 31/10/2026 in French, 2026/10/31 or 2026年10月31日 in
 * Japanese) or the field's own shown text ("Oct 31, 2026"). A year of fewer than four digits is
 * not yet a day, so a date being typed never leaves the field half-written.
 */
export function parseTypedDay(text: string, language: Language): string | null {
  const typed = text.trim();
  if (/^\d{4}-\d{1,2}-\d{1,2}$/.test(typed)) return wholeDay(typed.split('-').map(Number) as [number, number, number]);
  const numbers = typed.match(/\d+/g);
  if (numbers?.length === 3 && !/\p{L}/u.test(typed.replace(/[年月日년월일]/g, ''))) {
    const order = numericOrder(language);
    const at = (part: 'year' | 'month' | 'day') => numbers[order.indexOf(part)] ?? '';
    if (at('year').length !== 4) return null;
    return wholeDay([Number(at('year')), Number(at('month')), Number(at('day'))]);
  }
  // The shown text typed back (or left as shown): match it against the days around it.
  const year = Number(numbers?.find((n) => n.length === 4));
  if (!(year >= 1900 && year <= 2999)) return null;
  const shown = new Intl.DateTimeFormat(LOCALE_FORMATS[language].locale, { dateStyle: 'medium' });
  for (let day = dayjs(new Date(year, 0, 1)); day.year() === year; day = day.add(1, 'day')) {
    if (shown.format(day.toDate()) === typed) return day.format('YYYY-MM-DD');
  }
  return null;
}

function wholeDay([year, month, day]: [number, number, number]): string | null {
  if (year < 1900 || year > 2999) return null;
  const date = dayjs(new Date(year, month - 1, day));
  // new Date rolls 31 February over into March: such a day is not a day.
  return date.month() === month - 1 && date.date() === day ? date.format('YYYY-MM-DD') : null;
}

/** An example of the language's numeric form, shown while the field is empty. */
function example(language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_FORMATS[language].locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(2026, 9, 31));
}

/**
 * A day field that reads and writes dates in the interface language, not the browser's: typed
 * (as the language writes a date, or YYYY-MM-DD) or picked from a calendar in the language's
 * month names, whose weeks start as they do there. Its value is "YYYY-MM-DD" or null.
 */
export function DayInput({
  value,
  onDay,
  ...props
}: Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'locale' | 'minDate' | 'maxDate'> & {
  value: string | null;
  onDay: (day: string | null) => void;
  minDate: string;
  maxDate: string;
}) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  // A whole day typed outside the days offered is said, not dropped without a word when the field is left.
  // Said against the day the field held then: a day chosen another way (a preset) answers it.
  const [outsideAt, setOutsideAt] = useState<string | null | undefined>(undefined);
  const outside = outsideAt === value;
  // The calendar under the field opens while it has the focus, and closes on a day picked, on
  // Escape, and on Enter once a day is typed (Mantine's stayed open over the page after Enter).
  const [open, setOpen] = useState(false);
  return (
    <LanguageDates>
      <DateInput
        placeholder={example(language)}
        {...useCalendarTexts()}
        {...props}
        popoverProps={{ ...props.popoverProps, opened: open }}
        getDayProps={() => ({ onClick: () => setOpen(false) })}
        onFocus={(event) => {
          setOpen(true);
          props.onFocus?.(event);
        }}
        onClick={(event) => {
          setOpen(true);
          props.onClick?.(event);
        }}
        onBlur={(event) => {
          setOpen(false);
          props.onBlur?.(event);
        }}
        onKeyDown={(event) => {
          setOpen(event.key !== 'Enter' && event.key !== 'Escape');
          props.onKeyDown?.(event);
        }}
        error={
          props.error ??
          (outside &&
            t('moment.outside', {
              from: formatDate(dayjs(props.minDate).toDate(), language),
              to: formatDate(dayjs(props.maxDate).toDate(), language),
            }))
        }
        value={value}
        onChange={onDay}
        valueFormat={(day) => (dayjs(day).isValid() ? formatDate(dayjs(day).toDate(), language) : '')}
        dateParser={(text) => {
          const day = parseTypedDay(text, language);
          setOutsideAt(day !== null && (day < props.minDate || day > props.maxDate) ? value : undefined);
          return day;
        }}
      />
    </LanguageDates>
  );
}

/**
 * What a calendar says in the interface language: its month's heading, its arrows' names, and
 * each day's name as the language reads a date ("2026년 11월 30일", not "30 11월 2026").
 */
export function useCalendarTexts() {
  const { t } = useTranslation();
  const language = useUiLanguage();
  return {
    monthLabelFormat: CALENDARS[language].month,
    previousLabel: t('moment.previousMonth'),
    nextLabel: t('moment.nextMonth'),
    getDayAriaLabel: (day: string) => formatDate(dayjs(day).toDate(), language, 'sentence'),
  };
}

/** Mantine's calendars inside speak the interface language and start their weeks as it does. */
export function LanguageDates({ children }: { children: ReactNode }) {
  const calendar = CALENDARS[useUiLanguage()];
  return (
    <DatesProvider settings={{ locale: calendar.locale, firstDayOfWeek: calendar.firstDayOfWeek }}>
      {children}
    </DatesProvider>
  );
}
