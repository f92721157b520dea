import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Page buttons (only when there is more than one page) and "1–8 of 8" for any result that is not
 * empty. `estimated` says "of about N": a big table's total on PostgreSQL is an estimate.
 */
export function Pager({
  total,
  pageSize,
  page,
  onChange,
  estimated = false,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
  estimated?: boolean;
}) {
  const { t } = useTranslation();
  if (total === 0) return null;
  return (
    <Group gap="md">
      {total > pageSize && (
        <Pagination
          total={Math.ceil(total / pageSize)}
          value={page}
          onChange={(next) => {
            onChange(next);
            // A new page starts at its top, not where the pager was.
            window.scrollTo({ top: 0 });
          }}
          // The arrows are icons alone: unnamed, a screen reader hears two buttons called nothing.
          getControlProps={(control) => ({
            'aria-label': t(control === 'previous' ? 'myAccounts.previousPage' : 'myAccounts.nextPage'),
          })}
          aria-label={t('myAccounts.pages')}
        />
      )}
      <Text size="sm" c="dimmed" data-testid="page-range">
        {t(estimated ? 'myAccounts.rangeAbout' : 'myAccounts.range', {
          from: (page - 1) * pageSize + 1,
          to: Math.min(page * pageSize, total),
          total,
        })}
      </Text>
    </Group>
  );
}
