import { describe, expect, it } from 'vitest';
import { addressOf } from './throttle.js';

describe('the address sign-in limits count', () => {
  it('is an IPv4 address as it is, also when mapped into IPv6', () => {
    expect(addressOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 network of an IPv6 address, however it is written', () => {
    expect(addressOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressOf('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressOf('2001:DB8:1:2:0:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressOf('::1')).toBe('0:0:0:0::/64');
    expect(addressOf('2001:db8:1:3::1')).not.toBe(addressOf('2001:db8:1:2::1'));
  });
});
