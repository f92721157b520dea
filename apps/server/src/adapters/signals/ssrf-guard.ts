import ipaddr from 'ipaddr.js';

/**
 * Whether an address is on the public internet. Private (10/8, 172.16/12, 192.168/16, fc00::/7),
 * loopback, link-local (169.254/16, where cloud metadata answers; fe80::/10), carrier-grade NAT,
 * multicast, reserved and unspecified addresses are not; an IPv4 address mapped into IPv6 is
 * judged as the IPv4 one.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/**
 * The explicit allow-list (SIGNALS_ALLOWED_HOSTS): entries "host" or "host:port", compared with the
 * URL's hostname (and port). Tests and the demo list the local fixture server here; nothing else
 * private is ever fetched.
 */
export function hostAllowed(url: URL, allowedHosts: readonly string[]): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowedHosts.some((entry) => {
    const e = entry.trim().toLowerCase();
    if (!e) return false;
    const m = /^(.*?)(?::(\d+))?$/.exec(e.replace(/^\[|\]$/g, '')) as RegExpExecArray;
    const entryHost = (m[1] ?? '').replace(/^\[|\]$/g, '');
    return entryHost === host && (m[2] === undefined || m[2] === port);
  });
}

/** Why a URL may not be fetched at all, or null: only http(s), no credentials, standard ports or allow-listed. */
/** Why an address is refused: its text, and a reason code the web shows in the reader's language. */
export type UrlRefusal = {
  message: string;
  reason: 'address_not_url' | 'address_scheme' | 'address_credentials' | 'address_not_public' | 'address_port';
};

export function refuseUrl(raw: string, allowedHosts: readonly string[]): string | null {
  return urlRefusal(raw, allowedHosts)?.message ?? null;
}

/** As refuseUrl, with the reason: a form says in each language what to change ("add https://"). */
export function urlRefusal(raw: string, allowedHosts: readonly string[]): UrlRefusal | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { message: 'Enter a full web address, such as https://example.com/feed', reason: 'address_not_url' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { message: 'Quarry reads only http:// and https:// addresses', reason: 'address_scheme' };
  if (url.username || url.password)
    return { message: 'Leave the user name and password out of the address', reason: 'address_credentials' };
  if (hostAllowed(url, allowedHosts)) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host) && !isPublicAddress(host))
    return {
      message: `Quarry reads only public web addresses: ${host} is not a public address`,
      reason: 'address_not_public',
    };
  // Names that never resolve on the public internet (RFC 2606, 6761, 6762): refused without a DNS query.
  if (/^localhost\.?$|\.(localhost|local|internal|test|example|invalid|lan|home\.arpa)\.?$/i.test(host)) {
    return {
      message: `Quarry reads only public web addresses: ${host} is not a public host`,
      reason: 'address_not_public',
    };
  }
  if (url.port && url.port !== '80' && url.port !== '443')
    return {
      message: `Quarry reads only the standard web ports (80 and 443), not port ${url.port}`,
      reason: 'address_port',
    };
  return null;
}
