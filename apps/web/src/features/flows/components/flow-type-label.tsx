import { Group, Text, Title } from '@mantine/core';
import type { FlowType } from '@quarry/shared';
import { IconListNumbers, IconMailBolt, IconTargetArrow } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Spec section 9: an icon per action type; value_message_sequence is shown as "Quick Prospect". */
const ICONS = {
  value_message_sequence: IconListNumbers,
  syft_value_match_campaign: IconTargetArrow,
  create_value_message: IconMailBolt,
} as const satisfies Record<FlowType, unknown>;

/** The flow type's icon and name; `heading` makes the name the page's h1. */
export function FlowTypeLabel({ type, heading = false }: { type: FlowType; heading?: boolean }) {
  const { t } = useTranslation();
  const Icon = ICONS[type];
  const name = t(`flows.type.${type}`);
  return (
    <Group gap={heading ? 8 : 6} wrap="nowrap" data-testid="flow-type">
      <Icon size={heading ? 28 : 16} aria-hidden />
      {heading ? (
        <Title order={1}>{name}</Title>
      ) : (
        <Text size="sm" span>
          {name}
        </Text>
      )}
    </Group>
  );
}
