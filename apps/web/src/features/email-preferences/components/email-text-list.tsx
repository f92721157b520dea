import { ActionIcon, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CharacterCounter } from '../../../components/character-counter.tsx';

/**
 * A list of texts (email rules one line each, or example emails as paragraphs) with add and
 * remove, a "3 / 20" count of the list and a character counter under each text. Read-only shows
 * the texts without controls.
 */
export function EmailTextList({
  name,
  label,
  description,
  items,
  onChange,
  maxItems,
  maxLength,
  multiline = false,
  readOnly,
  itemLabel,
  addLabel,
  removeLabel,
  emptyText,
  itemErrors,
  error,
}: {
  /** The list's field name, as the API names it ("rules", "example_emails"). */
  name: string;
  label: string;
  description: string;
  items: string[];
  onChange: (items: string[]) => void;
  maxItems: number;
  maxLength: number;
  multiline?: boolean;
  readOnly: boolean;
  itemLabel: (index: number) => string;
  addLabel: string;
  removeLabel: (index: number) => string;
  emptyText: string;
  /** Per text, a refusal or a problem to show under it. */
  itemErrors: Record<number, string | undefined>;
  /** A refusal about the list as a whole. */
  error?: string;
}) {
  const { t } = useTranslation();
  const full = items.length >= maxItems;
  const set = (index: number, value: string) => onChange(items.map((item, i) => (i === index ? value : item)));
  // A text added by the button gets the focus, so what the reader types goes into it (a space
  // typed with the focus left on the button added one empty text after another).
  const list = useRef<HTMLDivElement>(null);
  const added = useRef<number | null>(null);
  useEffect(() => {
    if (added.current === null || added.current >= items.length) return;
    list.current?.querySelector<HTMLElement>(`[data-item-index="${added.current}"]`)?.focus();
    added.current = null;
  }, [items.length]);
  return (
    <Stack gap="xs" data-testid={`email-list-${name}`} ref={list}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Text fw={600}>{label}</Text>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        <Text size="sm" c={items.length > maxItems ? 'red' : 'dimmed'} data-testid={`email-list-count-${name}`}>
          {t('emailPreferences.count', { count: items.length, max: maxItems })}
        </Text>
      </Group>
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      )}
      {items.map((item, index) => {
        const input = multiline ? (
          <Textarea
            aria-label={itemLabel(index)}
            data-item-index={index}
            value={item}
            onChange={(e) => set(index, e.currentTarget.value)}
            readOnly={readOnly}
            autosize
            minRows={4}
            maxRows={14}
            error={itemErrors[index]}
          />
        ) : (
          <TextInput
            aria-label={itemLabel(index)}
            data-item-index={index}
            value={item}
            onChange={(e) => set(index, e.currentTarget.value)}
            readOnly={readOnly}
            error={itemErrors[index]}
          />
        );
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the texts have no ids; an edit keeps its place in the list
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <Stack gap={2} style={{ flex: 1 }}>
              {input}
              {!readOnly && <CharacterCounter length={item.trim().length} max={maxLength} />}
            </Stack>
            {!readOnly && (
              <ActionIcon
                variant="subtle"
                color="red"
                mt={4}
                aria-label={removeLabel(index)}
                onClick={() => onChange(items.filter((_, i) => i !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        );
      })}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      {!readOnly && (
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            disabled={full}
            onClick={() => {
              added.current = items.length;
              onChange([...items, '']);
            }}
          >
            {addLabel}
          </Button>
          {full && (
            <Text size="xs" c="dimmed">
              {t('emailPreferences.full', { max: maxItems })}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
