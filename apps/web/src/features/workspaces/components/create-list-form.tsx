import { Button, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createListBodySchema, isSmartList, LIST_TYPES, type ListType, MAX_NAME_LENGTH } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { limitNote } from '../../../components/character-counter.tsx';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { setServerErrors } from '../../../lib/set-server-errors.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { validateWithSchema } from '../../../lib/validate-with-schema.ts';
import { useCreateList } from '../api/create-list.ts';
import { useMakeFilterPublic, useSavedFilterOptions } from '../api/saved-filter-options.ts';
import classes from './create-list-form.module.css';

type Values = { name: string; type: ListType; filter_id: string | null; publish: boolean };
// Making a private filter public is the owner's choice: asked, never ticked for them.
const EMPTY: Values = { name: '', type: 'accounts', filter_id: null, publish: false };

/** What the form sends: a smart list names its saved filter, a static one none. */
const toBody = ({ name, type, filter_id }: Values) => ({
  name,
  type,
  ...(isSmartList(type) && filter_id ? { filter_id } : {}),
});

/**
 * Adds a list to the workspace. `shared`: the workspace has people besides its owner, who would
 * see a smart list on a private filter empty, so the form offers to make that filter public.
 */
export function CreateListForm({ workspaceId, shared }: { workspaceId: string; shared: boolean }) {
  const { t } = useTranslation();
  const createList = useCreateList();
  const makePublic = useMakeFilterPublic();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: validateWithSchema(createListBodySchema, toBody, {
      name: t('lists.nameRequired'),
      filter_id: t('lists.pickFilter'),
    }),
  });
  const { type, filter_id: filterId, publish } = form.getValues();
  const smart = isSmartList(type);
  const filters = useSavedFilterOptions(smart);
  const chosenFilter = smart ? filters.data?.find((f) => f.id === filterId) : undefined;
  const privateInShared = shared && chosenFilter?.private === true;

  async function create(values: Values) {
    const publishing = Boolean(privateInShared && publish && values.filter_id);
    if (publishing && values.filter_id) {
      const published = await makePublic.mutateAsync(values.filter_id).then(
        () => true,
        () => false,
      );
      if (!published) {
        showSnackbar(t('errors.generic'));
        return;
      }
    }
    await createList.mutateAsync({ workspaceId, ...toBody(values) }).then(
      (list) => {
        // The filter's new visibility is said, not left to be found out.
        showSnackbar(
          publishing && chosenFilter
            ? t('smartLists.createdPublic', { name: list.name, filter: chosenFilter.name })
            : t('lists.created', { name: list.name }),
        );
        // The form starts over, type included: the next list is not silently a contact list.
        form.reset();
      },
      (error: unknown) => setServerErrors(form, error, t('workspaces.errors.update')),
    );
  }

  return (
    <form onSubmit={form.onSubmit(create, focusFirstInvalid)}>
      {/* The fields' labels align, with notes and errors under the boxes: a refusal under Name
          leaves the boxes and the button level. */}
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput
          label={t('lists.newName')}
          w={240}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          maxLength={MAX_NAME_LENGTH}
          description={limitNote(form.getValues().name.length, MAX_NAME_LENGTH)}
          {...form.getInputProps('name')}
        />
        <Select
          label={t('lists.type')}
          allowDeselect={false}
          data={LIST_TYPES.map((value) => ({ value, label: t(`lists.types.${value}`) }))}
          w={200}
          {...form.getInputProps('type')}
        />
        {smart && (
          <Select
            label={t('lists.savedFilter')}
            placeholder={filters.isPending ? t('common.loading') : t('lists.pickFilter')}
            data={(filters.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
            nothingFoundMessage={t('lists.noFilters')}
            searchable
            // A long filter name ("大手小売チェーン（総合小売）") takes the room the row has, and
            // ends in "…" beyond it rather than being cut mid-character.
            miw={220}
            maw={380}
            style={{ flex: '1 1 220px' }}
            styles={{ input: { textOverflow: 'ellipsis' } }}
            {...form.getInputProps('filter_id')}
          />
        )}
        <Button type="submit" className={classes.besideInputs} loading={form.submitting} disabled={!form.isValid()}>
          {t('lists.create')}
        </Button>
      </Group>
      {privateInShared && chosenFilter && (
        <Stack gap={4} mt="xs" data-testid="smart-list-private-note">
          <Text size="sm">
            {/* Two sentences, with the space only languages that put one between sentences use. */}
            {t('common.sentences', {
              first: t('smartLists.rule'),
              second: t('smartLists.privateFilterNote', { name: chosenFilter.name }),
            })}
          </Text>
          <Checkbox
            label={t('smartLists.makePublicOnCreate', { name: chosenFilter.name })}
            {...form.getInputProps('publish', { type: 'checkbox' })}
          />
        </Stack>
      )}
    </form>
  );
}
