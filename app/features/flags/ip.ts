/**
 * IP matching for the allowedIps flag condition. Addresses are compared as numbers, not text,
 * so "2001:db8::1" equals "2001:0db8:0:0:0:0:0:1" and an IPv4 client seen through a dual-stack
 * socket ("::ffff:10.1.2.3") still matches an IPv4 rule.
 */

type Address = { version: 4; value: number } | { version: 6; groups: number[] };

function parseIpv4(text: string): number | null {
  const octets = text.split(".");
  if (octets.length !== 4) return null;
  let value = 0;
  for (const octet of octets) {
    if (!/^\d{1,3}$/.test(octet)) return null;
    const number = Number(octet);
    if (number > 255) return null;
    value = value * 256 + number;
  }
  return value;
}

function parseIpv6Groups(text: string): number[] | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  // Dotted IPv4 is allowed only as the last 32 bits (::ffff:10.1.2.3).
  const toGroups = (part: string, mayEndInIpv4: boolean): number[] | null => {
    if (part === "") return [];
    const groups: number[] = [];
    const pieces = part.split(":");
    for (const [index, piece] of pieces.entries()) {
      if (mayEndInIpv4 && index === pieces.length - 1 && piece.includes(".")) {
        const ipv4 = parseIpv4(piece);
        if (ipv4 === null) return null;
        groups.push(Math.floor(ipv4 / 0x10000), ipv4 % 0x10000);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) {
        groups.push(parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = toGroups(halves[0] ?? "", halves.length === 1);
  const tail = halves.length === 2 ? toGroups(halves[1] ?? "", true) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

/** ::ffff:a.b.c.d is an IPv4 client on an IPv6 socket. */
function isIpv4Mapped(groups: number[]): boolean {
  return groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
}

function parseAddress(text: string): Address | null {
  // A zone index (fe80::1%eth0) names the interface, not the host.
  const bare = text.trim().split("%")[0] ?? "";
  if (!bare.includes(":")) {
    const value = parseIpv4(bare);
    return value === null ? null : { version: 4, value };
  }
  const groups = parseIpv6Groups(bare);
  if (!groups) return null;
  if (isIpv4Mapped(groups)) return { version: 4, value: (groups[6] ?? 0) * 0x10000 + (groups[7] ?? 0) };
  return { version: 6, groups };
}

function ipv4Mask(prefix: number): number {
  // `<< 32` is a no-op in JavaScript, so /0 needs its own case.
  return prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
}

function sameIpv6Prefix(a: number[], b: number[], prefix: number): boolean {
  for (let bit = 0; bit < prefix; bit += 16) {
    const width = Math.min(16, prefix - bit);
    const mask = (0xffff << (16 - width)) & 0xffff;
    const index = bit / 16;
    if (((a[index] ?? 0) & mask) !== ((b[index] ?? 0) & mask)) return false;
  }
  return true;
}

/**
 * Whether `ip` is `rule`: an exact address (IPv4 or IPv6) or a CIDR range (10.0.0.0/8,
 * 2001:db8::/32). Anything unparseable on either side matches nothing.
 */
export function ipMatches(ip: string, rule: string): boolean {
  const client = parseAddress(ip);
  if (!client) return false;

  const [base = "", prefixText, ...rest] = rule.trim().split("/");
  if (rest.length > 0 || (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText))) return false;
  const network = parseAddress(base);
  if (!network) return false;

  if (network.version === 4) {
    if (client.version !== 4) return false;
    // A mapped IPv6 rule (::ffff:10.0.0.0/104) counts its prefix over 128 bits.
    const mappedRule = base.includes(":");
    const prefix = prefixText === undefined ? 32 : Number(prefixText) - (mappedRule ? 96 : 0);
    if (prefix < 0 || prefix > 32) return false;
    const mask = ipv4Mask(prefix);
    return ((client.value & mask) >>> 0) === ((network.value & mask) >>> 0);
  }

  if (client.version !== 6) return false;
  const prefix = prefixText === undefined ? 128 : Number(prefixText);
  if (prefix > 128) return false;
  return sameIpv6Prefix(client.groups, network.groups, prefix);
}
