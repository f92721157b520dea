import { Anchor, Group } from '@mantine/core';
import type { HelpLinks } from '@quarry/shared';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../lib/get-me.ts';

/** Where the server's help links lead (spec section 9); none while unknown or not configured. */
export function useHelpLinks(): Partial<HelpLinks> {
  return useMe().data?.help_links ?? {};
}

/**
 * Help hosted outside Quarry, opened in a new tab; a link the server has no address for is left
 * out, and nothing shows when none has one.
 */
export function HelpLinkGroup({ links }: { links: { label: string; href: string | null | undefined }[] }) {
  const { t } = useTranslation();
  const shown = links.filter((l): l is { label: string; href: string } => Boolean(l.href));
  if (shown.length === 0) return null;
  return (
    <Group gap="md" data-testid="help-links">
      {shown.map((l) => (
        <Anchor key={l.label} href={l.href} target="_blank" rel="noopener noreferrer" size="sm">
          {l.label} <IconExternalLink size={12} aria-label={t('help.newTab')} role="img" />
        </Anchor>
      ))}
    </Group>
  );
}
