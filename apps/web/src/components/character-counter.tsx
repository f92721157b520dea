import { Text } from '@mantine/core';

/** "37/100", red once over the limit. */
export function CharacterCounter({ length, max }: { length: number; max: number }) {
  return (
    <Text size="xs" c={length > max ? 'red' : 'dimmed'} ta="right" data-testid="character-counter">
      {length}/{max}
    </Text>
  );
}
