import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The foot of a preference form: Add (Save while editing), Cancel while editing, and a refused save
 * that names no input. Without `onSubmit` the button submits its form.
 */
export function FormActions({
  editing,
  saving,
  disabled,
  failure,
  onSubmit,
  onCancel,
}: {
  editing: boolean;
  saving: boolean;
  disabled: boolean;
  failure: string | null;
  onSubmit?: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Group>
        <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} disabled={disabled} loading={saving}>
          {editing ? t('preferences.save') : t('preferences.add')}
        </Button>
        {editing && (
          <Button variant="subtle" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
      </Group>
      {failure && <Alert color="red">{failure}</Alert>}
    </>
  );
}
