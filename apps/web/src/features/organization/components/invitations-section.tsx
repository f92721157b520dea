import { ActionIcon, Alert, Button, Stack, Table, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createInvitationBodySchema, MAX_NAME_LENGTH } from '@quarry/shared';
import { IconMail, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { limitNote } from '../../../components/character-counter.tsx';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { formatDate } from '../../../lib/format.ts';
import { setServerErrors } from '../../../lib/set-server-errors.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { validateWithSchema } from '../../../lib/validate-with-schema.ts';
import { useInvitations, useOrganizationActions } from '../api/organization.ts';
import classes from './invite-form.module.css';

/** The invite form: the request's shared schema checks it, the server's refusals show under their input. */
function useInviteForm() {
  const { t } = useTranslation();
  return useForm({
    mode: 'controlled',
    initialValues: { email: '', display_name: '' },
    validate: validateWithSchema(createInvitationBodySchema, (values) => values, {
      email: t('organization.inviteEmailInvalid'),
      display_name: ({ display_name }) =>
        display_name.trim()
          ? t('apiErrors.fields.too_long', { limit: MAX_NAME_LENGTH })
          : t('settings.displayNameRequired'),
    }),
  });
}

/** An admin's invitations: the invite form and the pending invitations, each revocable after confirming. */
export function Invitations() {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const invitations = useInvitations();
  const { invite, revoke } = useOrganizationActions();
  const form = useInviteForm();
  const [formError, setFormError] = useState<string | null>(null);
  // A field is checked as it is left only once something was typed in it: tabbing past the empty
  // form (or back over it after an invitation went out) had painted both fields red.
  const checkedOnBlur = (field: 'email' | 'display_name') => {
    const props = form.getInputProps(field);
    return {
      ...props,
      onBlur: () => {
        if (form.getValues()[field].trim()) form.validateField(field);
      },
    };
  };

  function send(values: { email: string; display_name: string }) {
    setFormError(null);
    invite.mutate(values, {
      onSuccess: (inv) => {
        showSnackbar(t('organization.invited', { email: inv.email }));
        form.reset();
      },
      onError: (e) => {
        // The one refusal an admin meets in normal use is said in their language.
        if (e instanceof ApiError && e.status === 409 && fieldError(e, ['email'], '').field === 'email') {
          form.setFieldError('email', t('organization.emailTaken'));
          return;
        }
        setFormError(setServerErrors(form, e, t('errors.generic')));
      },
    });
  }

  async function cancel(id: string, address: string) {
    const ok = await confirm({
      title: t('organization.revokeTitle'),
      message: t('organization.revokeMessage', { email: address }),
      proceedLabel: t('organization.revoke'),
      danger: true,
    });
    if (ok) revoke.mutate(id, { onSuccess: () => showSnackbar(t('organization.revoked', { email: address })) });
  }

  return (
    <Stack gap={6}>
      <Title order={3} size="h4">
        {t('organization.invite')}
      </Title>
      {/* Quarry checks the fields and says what is wrong in the reader's language: no browser bubble on top. */}
      <form onSubmit={form.onSubmit(send, focusFirstInvalid)} noValidate>
        <div className={classes.row}>
          <TextInput
            className={classes.field}
            type="email"
            label={t('organization.inviteEmail')}
            {...checkedOnBlur('email')}
            required
          />
          <TextInput
            className={classes.field}
            label={t('settings.displayName')}
            maxLength={MAX_NAME_LENGTH}
            // Near the limit the count shows: the field stops there, and that is said, not silent.
            description={limitNote(form.getValues().display_name.length, MAX_NAME_LENGTH)}
            {...checkedOnBlur('display_name')}
            required
          />
          <Button
            className={classes.button}
            type="submit"
            leftSection={<IconMail size={16} />}
            loading={invite.isPending}
          >
            {t('organization.sendInvite')}
          </Button>
        </div>
      </form>
      {formError && (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      )}
      {invitations.data && invitations.data.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('organization.pending')}</Table.Th>
              <Table.Th>{t('organization.expires')}</Table.Th>
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invitations.data.map((inv) => (
              <Table.Tr key={inv.id}>
                {/* A long name wraps: Expires and Revoke stay on the screen. */}
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {inv.display_name} &lt;{inv.email}&gt;
                </Table.Td>
                <Table.Td>{formatDate(inv.expires_at, language)}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('organization.revokeFor', { email: inv.email })}
                    onClick={() => void cancel(inv.id, inv.email)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
