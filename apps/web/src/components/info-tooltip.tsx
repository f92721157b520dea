import { Text, Tooltip } from '@mantine/core';
import { TOOLTIP_DELAY_MS, TOOLTIP_MAX_WIDTH } from '@quarry/shared/constants';
import type { ReactElement } from 'react';

/** A tooltip with a title and a description, opening after 500 ms, at most 27em wide. */
export function InfoTooltip({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactElement;
}) {
  return (
    <Tooltip
      openDelay={TOOLTIP_DELAY_MS}
      multiline
      maw={TOOLTIP_MAX_WIDTH}
      withArrow
      label={
        <>
          <Text size="sm" fw={600}>
            {title}
          </Text>
          {description && <Text size="xs">{description}</Text>}
        </>
      }
    >
      {children}
    </Tooltip>
  );
}
