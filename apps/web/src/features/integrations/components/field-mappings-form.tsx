import { Alert, Button, Group, Select, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { FIELD_MAPPING_KEYS, type FieldMappings, type IntegrationConnection } from '@quarry/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useCustomFields } from '../api/get-custom-fields.ts';
import { useUpdateFieldMappings } from '../api/update-field-mappings.ts';

/** Quarry's fields, each mapped to one of the tool's own custom fields, picked from its list. */
export function FieldMappingsForm({ connection }: { connection: IntegrationConnection }) {
  const { t } = useTranslation();
  const fields = useCustomFields(connection.type, true);
  const save = useUpdateFieldMappings(connection.type);
  const [mappings, setMappings] = useState<FieldMappings>(connection.field_mappings);
  const options = (fields.data ?? []).map((f) => ({ value: f.name, label: f.label }));

  function submit() {
    save.mutate(mappings, {
      onSuccess: () => showSnackbar(t('integrations.mappings.saved')),
      onError: () => showSnackbar(t('integrations.errors.save')),
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
