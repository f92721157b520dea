import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format.ts';
import { useUiLanguage } from '../lib/use-ui-language.ts';
import { CALENDARS, LanguageDates } from './day-input.tsx';

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
}) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const moment = value && dayjs(value).isValid() ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : null;
  return (
    <LanguageDates>
      <DateTimePicker
        monthLabelFormat={CALENDARS[language].month}
        {...props}
        value={moment}
        onChange={(picked) => onChange(picked ? dayjs(picked).format('YYYY-MM-DDTHH:mm') : '')}
        valueFormat={(picked) => formatDateTime(dayjs(picked).toDate(), language)}
        timePickerProps={{
          format: language === 'en' ? '12h' : '24h',
          hoursInputLabel: t('moment.hours'),
          minutesInputLabel: t('moment.minutes'),
          amPmInputLabel: t('moment.amPm'),
        }}
        submitButtonProps={{ 'aria-label': t('moment.done') }}
      />
    </LanguageDates>
  );
}
