import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card around one chart, or a quiet line when there is nothing to draw. */
export function ChartCard({
  title,
  empty,
  emptyText,
  testId,
  children,
}: {
  title: string;
  empty: boolean;
  emptyText: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {empty ? <Text c="dimmed">{emptyText}</Text> : children}
      </Stack>
    </Card>
  );
}
