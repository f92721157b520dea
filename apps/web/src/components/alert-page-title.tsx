import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * An alert's title that is the page's heading, where a missing record leaves the page nothing
 * else to be named by (its h1, and so the browser tab's name): "Account not found".
 */
export function AlertPageTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={1} fz="sm" fw={700} lh="inherit">
      {children}
    </Title>
  );
}
