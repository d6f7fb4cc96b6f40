import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ChannelError } from './channelError.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (all of them are checked, not only the first). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** A webhook address that passed the check, and the address the call must connect to. */
export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

type Range = readonly [number, number, number, number, number];

/**
 * IPv4 networks a webhook may not reach: "this" network, private (RFC 1918), shared (CGNAT),
 * loopback, link-local (cloud metadata), the IETF and documentation blocks, benchmarking,
 * multicast, reserved and broadcast.
 */
const V4_REFUSED: readonly Range[] = [
  [0, 0, 0, 0, 8],
  [10, 0, 0, 0, 8],
  [100, 64, 0, 0, 10],
  [127, 0, 0, 0, 8],
  [169, 254, 0, 0, 16],
  [172, 16, 0, 0, 12],
  [192, 0, 0, 0, 24],
  [192, 0, 2, 0, 24],
  [192, 168, 0, 0, 16],
  [198, 18, 0, 0, 15],
  [198, 51, 100, 0, 24],
  [203, 0, 113, 0, 24],
  [224, 0, 0, 0, 4],
  [240, 0, 0, 0, 4],
];

const inV4Range = (bytes: readonly number[], [a, b, c, d, bits]: Range): boolean => {
  const value = (((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0)) >>> 0;
  const base = ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (value & mask) >>> 0 === (base & mask) >>> 0;
};

const v4Public = (bytes: readonly number[]): boolean => !V4_REFUSED.some((range) => inV4Range(bytes, range));

/** The 16 bytes of an IPv6 address (with `::` and a dotted IPv4 tail), or null when it is not one. */
export function ipv6Bytes(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  let tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    tail = dotted[1].split('.').map(Number);
    if (tail.some((n) => n > 255)) return null;
    text = `${text.slice(0, -dotted[1].length)}${(((tail[0] ?? 0) << 8) | (tail[1] ?? 0)).toString(16)}:${(((tail[2] ?? 0) << 8) | (tail[3] ?? 0)).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

const startsWith = (bytes: readonly number[], prefix: readonly number[], bits: number): boolean => {
  for (let i = 0; i < bits; i += 1) {
    const byte = Math.floor(i / 8);
    const bit = 7 - (i % 8);
    if ((((bytes[byte] ?? 0) >> bit) & 1) !== (((prefix[byte] ?? 0) >> bit) & 1)) return false;
  }
  return true;
};

const v6Public = (bytes: readonly number[]): boolean => {
  const zeros = (n: number) => bytes.slice(0, n).every((b) => b === 0);
  // IPv4 inside IPv6: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64 (64:ff9b::/96), 6to4 (2002:AABB:CCDD::/16).
  if (zeros(10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4Public(bytes.slice(12));
  if (zeros(12)) return false; // ::, ::1 and the deprecated IPv4-compatible form
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b], 32) && bytes.slice(4, 12).every((b) => b === 0)) return v4Public(bytes.slice(12));
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48)) return false; // local-use NAT64
  if (startsWith(bytes, [0x20, 0x02], 16)) return v4Public(bytes.slice(2, 6));
  const refused: [number[], number][] = [
    [[0xfe, 0x80], 10], // link-local
    [[0xfe, 0xc0], 10], // site-local (deprecated)
    [[0xfc, 0x00], 7], // unique-local
    [[0xff, 0x00], 8], // multicast
    [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
    [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64], // discard
    [[0x20, 0x01, 0x00, 0x00], 32], // Teredo (carries another IPv4 address)
  ];
  return !refused.some(([prefix, bits]) => startsWith(bytes, prefix, bits));
};

/** Whether a webhook may call this address: a public unicast address of IPv4 or IPv6. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return v4Public(address.split('.').map(Number));
  if (family === 6) {
    const bytes = ipv6Bytes(address);
    return bytes !== null && v6Public(bytes);
  }
  return false;
}

/**
 * The webhook addresses the server may call (a guard against making the server reach its own
 * network for a subscriber): https (http only where private addresses are allowed too), no
 * credentials, and a host whose every address is public — unless the installation allows private
 * addresses (WEBHOOK_ALLOW_PRIVATE). Checked when a subscription is saved and again right before
 * each call, which then connects to the address checked (a host that resolves elsewhere between
 * the check and the call is not followed).
 */
export class WebhookGuard {
  constructor(
    private readonly allowPrivate: boolean,
    private readonly resolve: Resolver = systemResolver,
  ) {}

  async check(raw: string): Promise<CheckedTarget> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw ChannelError.key('deliveryChannels.error.addressRefused', 'not a URL');
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && this.allowPrivate)) throw ChannelError.key('deliveryChannels.error.insecureUrl', url.protocol);
    if (url.username !== '' || url.password !== '') throw ChannelError.key('deliveryChannels.error.addressRefused', 'credentials in the address');
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const literal = isIP(host);
    let addresses: ResolvedAddress[];
    if (literal !== 0) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
    else {
      try {
        addresses = await this.resolve(host);
      } catch (error) {
        throw ChannelError.key('deliveryChannels.error.hostUnknown', error instanceof Error ? error.message : String(error));
      }
    }
    const [first] = addresses;
    if (!first) throw ChannelError.key('deliveryChannels.error.hostUnknown', `${host} has no address`);
    if (!this.allowPrivate) {
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      if (refused) throw ChannelError.key('deliveryChannels.error.addressRefused', `${host} is ${refused.address}`);
    }
    return { url, address: first.address, family: first.family };
  }
}
