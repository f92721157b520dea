import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
} from '@mantine/core';
import {
  EMPLOYEE_BUCKET_RANGES,
  EMPLOYEE_BUCKETS,
  type EmployeeBucket,
  FILTER_FIELDS,
  type FilterCondition,
  type FilterGroup,
  type Language,
} from '@quarry/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemovablePills } from '../../../components/removable-pill.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { industryOptions } from '../../../lib/industry-label.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { useFilterValues } from '../api/get-filter-values.ts';
import classes from './filter-builder.module.css';

/** The fields a user builds filters from: all but the rewritten forms, which only requests carry. */
type BuilderField = Exclude<(typeof FILTER_FIELDS)[number], 'master_hit_id' | 'list_id'>;
const BUILDER_FIELDS = FILTER_FIELDS.filter((f): f is BuilderField => f !== 'master_hit_id' && f !== 'list_id');
const MAX_DEPTH = 4;

export function newCondition(field: BuilderField = 'industry'): FilterCondition {
  const signal = field === 'news_article' || field === 'job_posting';
  return {
    field,
    complex: false,
    type: 'text',
    values: field === 'territory_list_id' ? ['mine'] : [],
    operator: 'IN',
    days_ago: signal ? 30 : null,
  };
}

/** An employee range in the reader's number style: "1–1,000", "100,001+". */
function bucketLabel(bucket: EmployeeBucket, language: Language): string {
  const { min, max } = EMPLOYEE_BUCKET_RANGES[bucket];
  return max === null
    ? `${formatNumber(min, language)}+`
    : `${formatNumber(min, language)}–${formatNumber(max, language)}`;
}

const newGroup = (): FilterGroup => ({ complex: true, values: [newCondition()], operator: 'AND', days_ago: null });

function ConditionEditor({
  condition,
  onChange,
}: {
  condition: FilterCondition;
  onChange: (c: FilterCondition) => void;
}) {
  const { t } = useTranslation();
  const removablePill = useRemovablePills();
  const language = useUiLanguage();
  const field = condition.field as BuilderField;
  const label = t(`filters.fields.${field}`);
  const pickList = useFilterValues(field === 'industry' || field === 'sector' ? field : null);
  // The pick-list closes once a value is added, so it never hides the buttons below (Apply, Save filter).
  const [listOpened, setListOpened] = useState(false);
  if (field === 'employees') {
    return (
      <MultiSelect
        renderPill={removablePill}
        aria-label={label}
        placeholder={t('filters.pickRanges')}
        data={EMPLOYEE_BUCKETS.map((bucket) => ({ value: bucket, label: bucketLabel(bucket, language) }))}
        value={condition.values}
        onChange={(values) => onChange({ ...condition, values })}
        style={{ flex: 1 }}
      />
    );
  }
  if (field === 'news_article' || field === 'job_posting') {
    return (
      <Group gap="xs" style={{ flex: 1 }}>
        <Text size="sm">{t('filters.withinDays')}</Text>
        <NumberInput
          aria-label={t('filters.days')}
          min={1}
          max={3650}
          w={100}
          value={condition.days_ago ?? 30}
          onChange={(value) => onChange({ ...condition, days_ago: typeof value === 'number' ? value : 30 })}
        />
        <Text size="sm">{t('filters.days')}</Text>
      </Group>
    );
  }
  if (field === 'industry' || field === 'sector') {
    // The company data's own names, shown and searched in the reader's language (a typed word
    // the data does not hold would match nothing: the server compares names whole). A value a
    // saved filter holds stays shown, offered or not.
    const names = [...new Set([...(pickList.data ?? []), ...condition.values])];
    return (
      <MultiSelect
        aria-label={label}
        renderPill={removablePill}
        placeholder={condition.values.length === 0 ? t('filters.pickValues') : undefined}
        searchable
        selectFirstOptionOnChange
        // Waits for the names while they first load: typed before they came, a word had found no
        // option to pick, and Enter picked nothing.
        disabled={pickList.isPending}
        loading={pickList.isPending}
        nothingFoundMessage={pickList.isPending ? undefined : t('filters.noValueMatches')}
        data={industryOptions(names, t, language)}
        limit={50}
        maxDropdownHeight={280}
        dropdownOpened={listOpened}
        onDropdownOpen={() => setListOpened(true)}
        onDropdownClose={() => setListOpened(false)}
        value={condition.values}
        onChange={(values) => {
          setListOpened(false);
          onChange({ ...condition, values: values.slice(0, 100) });
        }}
        style={{ flex: 1 }}
        miw={0}
      />
    );
  }
  if (field === 'territory_list_id') {
    return (
      <Text size="sm" style={{ flex: 1 }}>
        {t('filters.inMyAccounts')}
      </Text>
    );
  }
  return (
    <TagsInput
      aria-label={label}
      renderPill={removablePill}
      placeholder={t('filters.typeValues')}
      value={condition.values}
      onChange={(values) => onChange({ ...condition, values: values.slice(0, 100) })}
      // Its room, on a phone a line of its own, is the row's (filter-builder.module.css).
    />
  );
}

/** A group of conditions joined by AND or OR; groups nest up to four deep. */
export function FilterBuilder({
  group,
  onChange,
  onRemove,
  depth = 1,
}: {
  group: FilterGroup;
  onChange: (group: FilterGroup) => void;
  onRemove?: () => void;
  depth?: number;
}) {
  const { t } = useTranslation();
  // A condition added takes the focus: it had stayed on Add condition, below the new row, and Tab
  // went on to Apply past it.
  const added = useRef(false);
  const newField = useRef<HTMLInputElement>(null);
  // At once, as the row is drawn: a later effect could take the focus back from a field the reader
  // had already moved to (a test typing into the new row's values met that).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a row was added, on purpose
  useLayoutEffect(() => {
    if (!added.current) return;
    added.current = false;
    newField.current?.focus();
  }, [group.values.length]);
  const setNode = (index: number, node: FilterGroup | FilterCondition | null) =>
    onChange({
      ...group,
      values:
        node === null
          ? group.values.filter((_, i) => i !== index)
          : group.values.map((n, i) => (i === index ? node : n)),
    });

  return (
    <Paper withBorder p="sm" data-testid={`filter-group-${depth}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <SegmentedControl
            size="xs"
            classNames={{ root: classes.operator, label: classes.operatorLabel }}
            aria-label={t('filters.match')}
            value={group.operator}
            onChange={(value) => onChange({ ...group, operator: value as 'AND' | 'OR' })}
            data={[
              { value: 'AND', label: t('filters.all') },
              { value: 'OR', label: t('filters.any') },
            ]}
          />
          {onRemove && (
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t('filters.removeGroup')}>
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
        {group.values.map((node, index) =>
          node.complex ? (
            <FilterBuilder
              // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity of their own
              key={index}
              group={node}
              depth={depth + 1}
              onChange={(g) => setNode(index, g)}
              onRemove={() => setNode(index, null)}
            />
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity of their own
            <div key={index} className={classes.row}>
              <Select
                ref={index === group.values.length - 1 ? newField : undefined}
                aria-label={t('filters.field')}
                className={classes.field}
                allowDeselect={false}
                value={node.field}
                data={BUILDER_FIELDS.map((f) => ({ value: f, label: t(`filters.fields.${f}`) }))}
                onChange={(value) => value && setNode(index, newCondition(value as BuilderField))}
              />
              <div className={classes.value}>
                <ConditionEditor condition={node} onChange={(c) => setNode(index, c)} />
              </div>
              <ActionIcon
                className={classes.remove}
                variant="subtle"
                color="gray"
                onClick={() => setNode(index, null)}
                aria-label={t('filters.removeCondition')}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </div>
          ),
        )}
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => {
              added.current = true;
              onChange({ ...group, values: [...group.values, newCondition()] });
            }}
          >
            {t('filters.addCondition')}
          </Button>
          {depth < MAX_DEPTH && (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconPlus size={14} />}
              onClick={() => onChange({ ...group, values: [...group.values, newGroup()] })}
            >
              {t('filters.addGroup')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
