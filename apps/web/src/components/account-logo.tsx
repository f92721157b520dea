import { Avatar, Image } from '@mantine/core';

// Darkest shades only: white letters on them pass WCAG AA contrast (orange and lime never do).
const COLORS = ['blue.9', 'teal.9', 'grape.9', 'indigo.9', 'cyan.9', 'pink.9', 'violet.9', 'red.9'];

function monogram(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.length >= 2 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : name.slice(0, 2);
  return letters.toUpperCase();
}

function colorFor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return COLORS[hash % COLORS.length] ?? 'blue.9';
}

/** An account's logo, or a monogram drawn locally when it has none (no request leaves the machine). */
export function AccountLogo({ name, logoUrl, size = 32 }: { name: string; logoUrl: string | null; size?: number }) {
  if (logoUrl) return <Image src={logoUrl} alt="" w={size} h={size} radius="sm" fit="contain" />;
  return (
    <Avatar size={size} radius="sm" color={colorFor(name)} variant="filled" aria-hidden>
      {monogram(name)}
    </Avatar>
  );
}
