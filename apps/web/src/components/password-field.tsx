import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A password or secret field whose show/hide button says, in the interface language, what it will
 * do to which field ("Show Password", "Masquer Mot de passe"), and whether it is on. Mantine's
 * named every such button "Toggle password visibility" in English, whatever the language.
 */
export function PasswordField(props: PasswordInputProps & { label: string }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      // Reachable by Tab: Mantine's is for the pointer only, so a keyboard could not check what it typed.
      visibilityToggleFocusable
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        'aria-label': t(visible ? 'common.hideField' : 'common.showField', { field: props.label }),
        'aria-pressed': visible,
      }}
      {...props}
    />
  );
}
