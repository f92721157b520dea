import { Alert, Button, Group, Text } from '@mantine/core';

/** Something could not be loaded: said in a red alert, with the button that asks again. */
export function RetryAlert({
  message,
  retryLabel,
  onRetry,
  testId,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  testId?: string;
}) {
  return (
    <Alert color="red" role="alert" data-testid={testId}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {retryLabel}
        </Button>
      </Group>
    </Alert>
  );
}
