import { Alert, Button, Group, Select, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { FIELD_MAPPING_KEYS, type FieldMappings, type IntegrationConnection } from '@quarry/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../lib/field-error.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useCustomFields } from '../api/get-custom-fields.ts';
import { useUpdateFieldMappings } from '../api/update-field-mappings.ts';

/** The form's inputs as the API names them in a refusal. */
const INPUTS = FIELD_MAPPING_KEYS.map((key) => `field_mappings.${key}` as const);

/** Quarry's fields, each mapped to one of the tool's own custom fields, picked from its list. */
export function FieldMappingsForm({ connection }: { connection: IntegrationConnection }) {
  const { t } = useTranslation();
  const fields = useCustomFields(connection.type, true);
  const save = useUpdateFieldMappings(connection.type);
  const [mappings, setMappings] = useState<FieldMappings>(connection.field_mappings);
  const options = (fields.data ?? []).map((f) => ({ value: f.name, label: f.label }));
  // A refused mapping is said under its field (the server names it field_mappings.<key>).
  const saveError = save.error ? fieldError(save.error, INPUTS, t('integrations.errors.save')) : null;

  function submit() {
    save.mutate(mappings, {
      onSuccess: () => showSnackbar(t('integrations.mappings.saved')),
    });
  }

  return (
    <Stack gap="sm" data-testid={`field-mappings-${connection.type}`}>
      <Title order={3} size="h6">
        {t('integrations.mappings.title')}
      </Title>
      {fields.isPending && <Skeleton h={120} />}
      {fields.isError && (
        <Alert color="red" role="alert">
          {t('integrations.errors.fields')}
        </Alert>
      )}
      {fields.isSuccess && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {FIELD_MAPPING_KEYS.map((key) => (
              <Select
                key={key}
                label={t(`integrations.mappings.fields.${key}`)}
                placeholder={t('integrations.mappings.placeholder')}
                data={options}
                value={mappings[key] ?? null}
                error={saveError?.field === `field_mappings.${key}` ? saveError.message : undefined}
                clearable
                searchable
                onChange={(value) =>
                  setMappings((current) => {
                    const next = { ...current };
                    if (value) next[key] = value;
                    else delete next[key];
                    return next;
                  })
                }
              />
            ))}
          </SimpleGrid>
          {saveError && saveError.field === null && (
            <Alert color="red" variant="light" role="alert">
              {saveError.message}
            </Alert>
          )}
          <Group>
            <Button onClick={submit} loading={save.isPending}>
              {t('integrations.mappings.save')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
