import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './sortable-header.module.css';

/**
 * A table column header that sorts by its column: the whole cell is the button, and the sorted
 * column says so to a screen reader through aria-sort.
 */
export function SortableHeader({
  label,
  direction,
  onSort,
}: {
  label: string;
  /** The order this column sorts the table in now; null when another column sorts it. */
  direction: 'asc' | 'desc' | null;
  onSort: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.Th
      className={classes.cell}
      aria-sort={direction === null ? undefined : direction === 'asc' ? 'ascending' : 'descending'}
    >
      <UnstyledButton
        className={classes.button}
        onClick={onSort}
        aria-label={t('myAccounts.sortBy', { column: label })}
      >
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={700}>
            {label}
          </Text>
          {direction !== null && (direction === 'asc' ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />)}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
