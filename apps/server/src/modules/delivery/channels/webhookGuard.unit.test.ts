import { describe, expect, it } from 'vitest';
import { ChannelError } from './channelError.js';
import { ipv6Bytes, isPublicAddress, type Resolver, WebhookGuard } from './webhookGuard.js';

/** A resolver answering from a table (the real one is used for `localhost`). */
const table =
  (entries: Record<string, string[]>): Resolver =>
  (host) => {
    const addresses = entries[host];
    if (!addresses) return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }));
    return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) })));
  };

const refusal = async (work: Promise<unknown>): Promise<string> => {
  try {
    await work;
  } catch (error) {
    if (error instanceof ChannelError) return error.message;
    throw error;
  }
  return 'allowed';
};

describe('webhook address guard', () => {
  it('tells public addresses from loopback, private, shared, link-local, unique-local, multicast and reserved ones', () => {
    const refused = [
      '127.0.0.1', '127.8.9.10', '10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.254', '192.168.1.1', '100.64.0.1', '100.127.255.255',
      '169.254.169.254', '0.0.0.0', '0.1.2.3', '224.0.0.251', '239.255.255.250', '255.255.255.255', '240.0.0.1', '192.0.2.10', '198.18.0.1',
      '::', '::1', 'fe80::1', 'febf::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '2001:db8::1',
      // IPv4 inside IPv6: mapped (both spellings), NAT64 and 6to4 of a private address, Teredo.
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.1.2.3', '::ffff:a9fe:a9fe', '64:ff9b::a00:1', '2002:c0a8:101::1', '2001:0:4136:e378::1',
    ];
    const allowed = ['8.8.8.8', '93.184.215.14', '172.32.0.1', '100.128.0.1', '169.255.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'];
    expect(refused.filter((a) => isPublicAddress(a))).toEqual([]);
    expect(allowed.filter((a) => !isPublicAddress(a))).toEqual([]);
    expect(isPublicAddress('not-an-address')).toBe(false);
  });

  it('reads IPv6 addresses in every spelling', () => {
    expect(ipv6Bytes('::1')).toEqual([...Array<number>(15).fill(0), 1]);
    expect(ipv6Bytes('::ffff:1.2.3.4')?.slice(10)).toEqual([0xff, 0xff, 1, 2, 3, 4]);
    expect(ipv6Bytes('fe80::1%eth0')?.slice(0, 2)).toEqual([0xfe, 0x80]);
    expect(ipv6Bytes('1:2:3:4:5:6:7:8:9')).toBeNull();
    expect(ipv6Bytes('1::2::3')).toBeNull();
  });

  it('refuses loopback, private and metadata addresses, written or resolved, unless the installation allows them', async () => {
    const guard = new WebhookGuard(false, table({ 'hooks.example.com': ['93.184.215.14'], 'sneaky.example.com': ['93.184.215.14', '10.0.0.7'], 'inside.example.com': ['192.168.0.9'] }));
    const urls = [
      'https://127.0.0.1/hook',
      'https://10.2.3.4/hook',
      'https://[::1]:8443/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::ffff:127.0.0.1]/hook',
      'https://0x7f000001/hook', // the URL parser reads it as 127.0.0.1
      'https://inside.example.com/hook',
      // One private address among public ones is enough: the call could go to any of them.
      'https://sneaky.example.com/hook',
    ];
    expect(await Promise.all(urls.map((u) => refusal(guard.check(u))))).toEqual(Array(urls.length).fill('deliveryChannels.error.addressRefused'));
    // The system's own resolver: `localhost` is the loopback.
    expect(await refusal(new WebhookGuard(false).check('https://localhost:9/hook'))).toBe('deliveryChannels.error.addressRefused');

    const target = await guard.check('https://hooks.example.com/x?y=1');
    expect([target.url.href, target.address, target.family]).toEqual(['https://hooks.example.com/x?y=1', '93.184.215.14', 4]);
    expect((await guard.check('https://8.8.8.8/hook')).address).toBe('8.8.8.8');

    const open = new WebhookGuard(true);
    expect((await open.check('https://127.0.0.1/hook')).address).toBe('127.0.0.1');
    expect((await open.check('http://[::1]:8080/hook')).address).toBe('::1');
    expect(['127.0.0.1', '::1']).toContain((await open.check('http://localhost:8080/hook')).address);
  });

  it('refuses plain http (unless private addresses are allowed), credentials and unknown hosts', async () => {
    const guard = new WebhookGuard(false, table({ 'hooks.example.com': ['93.184.215.14'] }));
    expect(await refusal(guard.check('http://hooks.example.com/hook'))).toBe('deliveryChannels.error.insecureUrl');
    expect(await refusal(guard.check('ftp://hooks.example.com/hook'))).toBe('deliveryChannels.error.insecureUrl');
    expect(await refusal(guard.check('https://user:pw@hooks.example.com/hook'))).toBe('deliveryChannels.error.addressRefused');
    expect(await refusal(guard.check('https://nowhere.example.com/hook'))).toBe('deliveryChannels.error.hostUnknown');
    expect(await refusal(guard.check('not a url'))).toBe('deliveryChannels.error.addressRefused');
  });
});
