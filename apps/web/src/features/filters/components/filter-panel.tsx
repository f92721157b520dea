import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import {
  emptyFilter,
  type FilterGroup,
  isFilterApplied,
  type SavedFilter,
  withoutEmptyConditions,
} from '@quarry/shared';
import { IconDeviceFloppy, IconFilter, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { useSavedFilters } from '../../../lib/saved-filters.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useDeleteFilter, useSaveFilter } from '../api/filters.ts';
import { FilterBuilder } from './filter-builder.tsx';
import { SaveFilterDialog, type SaveFilterValues } from './save-filter-dialog.tsx';

/** What the panel shows: the filter applied, the one in the builder, and the saved filter chosen. */
export type FilterManager = {
  applied: FilterGroup;
  draft: FilterGroup;
  builderOpen: boolean;
  savedFilterId: string | null;
};

/** What loading a saved filter does to the panel: it is chosen, shown in the builder and applied. */
export const openedSavedFilter = (filter: SavedFilter): FilterManager => ({
  savedFilterId: filter.id,
  draft: filter.filter,
  applied: filter.filter,
  builderOpen: true,
});

/**
 * Build, apply, save, load and delete account filters; only the owner may change or delete one.
 * Its state belongs to the page, which may keep it across visits.
 */
export function FilterPanel({
  currentUid,
  manager,
  sort,
  onChange,
  readOnly = false,
}: {
  currentUid: string;
  /** Filters can be applied but not saved or deleted (view-as). */
  readOnly?: boolean;
  manager: FilterManager;
  /** Saved with the filter, like `account_name:asc`. */
  sort: string;
  /** `sort` comes with a loaded saved filter that has one. */
  onChange: (manager: FilterManager, sort?: string) => void;
}) {
  const { t } = useTranslation();
  const saved = useSavedFilters();
  const save = useSaveFilter();
  const remove = useDeleteFilter();
  const [saving, setSaving] = useState(false);
  const { applied, draft, builderOpen: open, savedFilterId: selectedId } = manager;
  const change = (next: Partial<FilterManager>, nextSort?: string) => onChange({ ...manager, ...next }, nextSort);
  const selected = saved.data?.find((f) => f.id === selectedId) ?? null;
  const mine = !readOnly && selected?.created_by === currentUid;

  function load(id: string | null) {
    const filter = saved.data?.find((f) => f.id === id);
    if (!filter) {
      change({ savedFilterId: id });
      return;
    }
    change(openedSavedFilter(filter), filter.sort || undefined);
  }

  // What Apply and Save take: the draft without conditions still waiting for a value.
  const ready = withoutEmptyConditions(draft);

  async function onSave(values: SaveFilterValues) {
    const body = { ...values, filter: ready, sort };
    const result = await save.mutateAsync(mine && selected ? { id: selected.id, body } : { body });
    change({ savedFilterId: result.id, applied: ready });
    showSnackbar(t('filters.saved', { name: result.name }));
  }

  async function onDelete() {
    if (!selected) return;
    const ok = await confirm({
      title: t('filters.deleteTitle'),
      // Only a public filter is seen by colleagues; a private one is lost to its owner alone.
      message: t(selected.private ? 'filters.deletePrivateMessage' : 'filters.deleteMessage', { name: selected.name }),
      proceedLabel: t('filters.delete'),
      danger: true,
    });
    if (!ok) return;
    await remove.mutateAsync(selected.id);
    change({ savedFilterId: null });
    showSnackbar(t('filters.deleted', { name: selected.name }));
  }

  const conditions = applied.values.length;
  // A filter with no condition filters nothing (spec section 3): there is nothing to save.
  const savable = isFilterApplied(ready);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button
          variant={open ? 'light' : 'default'}
          leftSection={<IconFilter size={16} />}
          rightSection={isFilterApplied(applied) ? <Badge size="xs">{conditions}</Badge> : null}
          onClick={() => change({ builderOpen: !open })}
          aria-expanded={open}
        >
          {t('filters.filters')}
        </Button>
        <Select
          aria-label={t('filters.savedFilters')}
          placeholder={t('filters.savedFilters')}
          // Wide enough for a name and its "(public)": at 260 px "… (pu" was all that showed.
          w={{ base: '100%', xs: 360 }}
          clearable
          // Clear is the ✕: choosing the loaded filter again keeps it loaded.
          allowDeselect={false}
          value={selectedId}
          onChange={load}
          data={(saved.data ?? []).map((f) => ({
            value: f.id,
            label: f.private ? f.name : `${f.name} (${t('filters.public')})`,
          }))}
          nothingFoundMessage={t('filters.noSaved')}
        />
        {selected && mine && (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => void onDelete()}>
            {t('filters.delete')}
          </Button>
        )}
      </Group>
      {open && (
        <Stack gap="xs">
          <FilterBuilder group={draft} onChange={(next) => change({ draft: next })} />
          <Group gap="xs">
            <Button onClick={() => change({ applied: ready })}>{t('filters.apply')}</Button>
            <Button
              variant="default"
              onClick={() => change({ draft: emptyFilter(), savedFilterId: null, applied: emptyFilter() })}
            >
              {t('filters.clear')}
            </Button>
            {!readOnly && (
              <Button
                variant="light"
                leftSection={<IconDeviceFloppy size={16} />}
                onClick={() => setSaving(true)}
                disabled={!savable}
                aria-describedby={savable ? undefined : 'save-filter-needs-condition'}
              >
                {mine ? t('filters.saveChanges') : t('filters.save')}
              </Button>
            )}
            {!readOnly && !savable && (
              <Text id="save-filter-needs-condition" size="xs" c="dimmed">
                {t('filters.saveNeedsCondition')}
              </Text>
            )}
          </Group>
        </Stack>
      )}
      {saving && (
        <SaveFilterDialog
          opened
          initial={{
            name: mine && selected ? selected.name : '',
            description: mine && selected ? selected.description : '',
            private: mine && selected ? selected.private : true,
          }}
          onClose={() => setSaving(false)}
          onSave={onSave}
        />
      )}
    </Stack>
  );
}
