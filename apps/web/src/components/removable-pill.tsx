import { Pill } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What TagsInput and MultiSelect give their `renderPill`. */
type PillProps = { value?: unknown; option?: { label: string }; onRemove?: () => void; disabled?: boolean };

/**
 * A TagsInput's or MultiSelect's pills whose × a keyboard reaches: Mantine's is out of the tab order and hidden
 * from screen readers, so only the last pill could be removed (Backspace). Each × here is a
 * button named "Remove “…”"; once it has removed its pill, the input takes the focus back.
 */
export function useRemovablePills(): (props: PillProps) => ReactNode {
  const { t } = useTranslation();
  return ({ value, option, onRemove, disabled }) => {
    const label = option?.label ?? String(value);
    return (
      <Pill
        // A long name is cut with "…" to fit the field: hovering shows it whole.
        title={label}
        withRemoveButton={!disabled}
        onRemove={onRemove}
        removeButtonProps={{
          tabIndex: 0,
          'aria-hidden': false,
          'aria-label': t('forms.removeValue', { value: label }),
          onClick: (event: MouseEvent<HTMLButtonElement>) => {
            // The pill's group also holds the input the phrases are typed in.
            let around = event.currentTarget.parentElement;
            while (around && !around.querySelector('input')) around = around.parentElement;
            const input = around?.querySelector('input');
            requestAnimationFrame(() => input?.focus());
          },
        }}
      >
        {label}
      </Pill>
    );
  };
}
