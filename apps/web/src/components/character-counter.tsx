import { Text } from '@mantine/core';

/** "37/100", red once over the limit. */
export function CharacterCounter({ length, max }: { length: number; max: number }) {
  return (
    <Text size="xs" c={length > max ? 'red' : 'dimmed'} ta="right" data-testid="character-counter">
      {length}/{max}
    </Text>
  );
}

/** How close a name is to its limit, once within 20 characters of it ("112/120"); nothing before. */
export function limitNote(length: number, max: number): string | undefined {
  return length >= max - 20 ? `${length}/${max}` : undefined;
}
