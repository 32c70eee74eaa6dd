import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address.js';

describe('the network a client address is counted as', () => {
  it('is an IPv4 address itself', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('203.0.113.8')).not.toBe(addressKey('203.0.113.7'));
  });

  it('is the IPv4 address an IPv4-mapped IPv6 address carries, however written', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(addressKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it("is an IPv6 address's /64, whatever its last 64 bits and however it is written", () => {
    const network = addressKey('2001:db8:a:b::1');
    expect(network).toBe('2001:db8:a:b::/64');
    expect(addressKey('2001:0DB8:000a:000b:ffff:ffff:ffff:fffe')).toBe(network);
    expect(addressKey('2001:db8:a:b:1:2:203.0.113.7')).toBe(network);
    expect(addressKey('2001:db8:a:c::1')).not.toBe(network);
    expect(addressKey('2001:db8::a:b:0:1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves what is no address as it is', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('unknown')).toBe('unknown');
  });
});
