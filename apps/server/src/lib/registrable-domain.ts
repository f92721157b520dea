import { domainToASCII } from 'node:url';
import { parse } from 'tldts';

/**
 * The registrable domain of a website or domain as typed, or null when there is none:
 * "https://www.GE.com/about", "GE.COM" and "ge.com." are all "ge.com"; "bbc.co.uk" stays whole
 * (the Public Suffix List, ICANN section, through tldts); an IDN becomes punycode
 * ("münchen.de" → "xn--mnchen-3ya.de"). IP addresses, bare words, unknown suffixes and labels no
 * DNS name may have (over 63 characters, or starting or ending with a hyphen) answer null.
 */
export function registrableDomain(input: string): string | null {
  let text = input.trim().toLowerCase();
  if (!text || text.length > 2048) return null;
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^\/\//, '');
  let host = text.split(/[/?#\\]/)[0] ?? '';
  host = host.slice(host.lastIndexOf('@') + 1);
  host = host.replace(/:\d*$/, '').replace(/\.+$/, '');
  if (!host || /\s/.test(host)) return null;
  const ascii = domainToASCII(host);
  if (!ascii) return null;
  const parsed = parse(ascii, { allowPrivateDomains: false, extractHostname: false });
  if (parsed.isIp || !parsed.isIcann || !parsed.domain) return null;
  // Each label 1 to 63 letters, digits or inner hyphens (RFC 1035; punycode's "xn--" is inner).
  return /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(parsed.domain)
    ? parsed.domain
    : null;
}
