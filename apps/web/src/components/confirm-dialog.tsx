import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { CONFIRM_DIALOG_WIDTH } from '@quarry/shared/constants';
import { type ReactNode, useState } from 'react';
import { i18n } from '../lib/i18n.ts';

export type ConfirmOptions = {
  title: string;
  message: ReactNode;
  /** When set, proceed is enabled only once the user types exactly this phrase. */
  confirmPhrase?: string;
  /** Disables proceed and explains why. */
  disabled?: boolean;
  disabledNote?: string;
  danger?: boolean;
  proceedLabel?: string;
  cancelLabel?: string;
};

/** A phrase with its runs of white space read as one space, and none at its ends. */
const sameSpacing = (text: string) => text.trim().replace(/\s+/g, ' ');

function ConfirmBody({ options, onAnswer }: { options: ConfirmOptions; onAnswer: (ok: boolean) => void }) {
  const [typed, setTyped] = useState('');
  // Spaces count as the page shows them: a name saved with two spaces in a row reads, and is
  // typed, with one (its owner could not delete "walkB  two  spaces").
  const phraseOk = options.confirmPhrase === undefined || sameSpacing(typed) === sameSpacing(options.confirmPhrase);
  const canProceed = phraseOk && !options.disabled;
  return (
    <Stack gap="md">
      {/* A long name (a workspace may have 120 characters without a space) wraps inside the dialog. */}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {options.message}
      </Text>
      {options.confirmPhrase !== undefined && (
        <TextInput
          label={i18n.t('confirm.typeToConfirm', { phrase: options.confirmPhrase })}
          labelProps={{ style: { overflowWrap: 'anywhere' } }}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          // Enter once the phrase is typed proceeds, as the button would.
          onKeyDown={(e) => {
            if (e.key === 'Enter' && canProceed) onAnswer(true);
          }}
          // The dialog opens here, not on its close button: the name can be typed at once.
          data-autofocus
          data-testid="confirm-phrase"
        />
      )}
      {options.disabled && options.disabledNote && (
        <Alert color="blue" variant="light">
          {options.disabledNote}
        </Alert>
      )}
      <Group justify="flex-end">
        {/* Without a phrase to type, the dialog opens on Cancel: Enter then changes nothing. */}
        <Button
          variant="default"
          onClick={() => onAnswer(false)}
          data-autofocus={options.confirmPhrase === undefined || undefined}
        >
          {options.cancelLabel ?? i18n.t('common.cancel')}
        </Button>
        <Button color={options.danger ? 'red' : undefined} disabled={!canProceed} onClick={() => onAnswer(true)}>
          {options.proceedLabel ?? i18n.t('common.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The generic confirm dialog (spec section 2): resolves true on proceed, false on cancel or close. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (ok: boolean) => {
      if (answered) return;
      answered = true;
      modals.close(id);
      resolve(ok);
    };
    const id = modals.open({
      title: options.title,
      size: CONFIRM_DIALOG_WIDTH,
      closeButtonProps: { 'aria-label': i18n.t('common.close') },
      onClose: () => answer(false),
      children: <ConfirmBody options={options} onAnswer={answer} />,
    });
  });
}
