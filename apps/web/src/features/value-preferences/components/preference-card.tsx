import { Button, Card, type CardProps, Group } from '@mantine/core';
import type { CSSProperties, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './preference-card.module.css';

/**
 * Edit and Delete of one preference (issue #17, item 9): the same buttons, in the same order, on
 * every preference card. Each is named after its preference (`name`): a screen reader listing the
 * page's buttons hears "Delete “Port strike”", not seventeen times "Delete".
 */
export function CardActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" data-testid="card-actions">
      <Button size="xs" variant="subtle" onClick={onEdit} aria-label={t('preferences.editItem', { name })}>
        {t('preferences.edit')}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        onClick={onDelete}
        aria-label={t('preferences.deleteItem', { name })}
      >
        {t('preferences.delete')}
      </Button>
    </Group>
  );
}

/**
 * A saved preference (trigger, qualification signal, value hypothesis): its text, and its actions
 * (CardActions, when the reader may change it) in the card's top-right corner however long the
 * text is; on a phone under the text, at the right.
 */
export function PreferenceCard({
  actions,
  children,
  ...cardProps
}: CardProps & {
  actions?: ReactNode;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
  style?: CSSProperties;
  'data-testid'?: string;
  'data-just-saved'?: boolean;
  /** The saved item's id: where the keyboard returns once its edit ends (focusCardEdit). */
  'data-item-id'?: string;
}) {
  return (
    <Card withBorder {...cardProps}>
      <div className={classes.card}>
        <div className={classes.content}>{children}</div>
        {actions && <div className={classes.actions}>{actions}</div>}
      </div>
    </Card>
  );
}
