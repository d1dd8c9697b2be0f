import { describe, expect, it } from 'vitest';
import { addressKey, waitText } from './limits.ts';

describe('addressKey', () => {
  it('keeps IPv4 as it is, and reads IPv4 written as IPv6 as IPv4', () => {
    expect(addressKey('102.89.3.4')).toBe('102.89.3.4');
    expect(addressKey('::ffff:102.89.3.4')).toBe('102.89.3.4');
    expect(addressKey('::ffff:6659:304')).toBe('102.89.3.4');
  });
  it('keys IPv6 by its /64 network, however it is written', () => {
    const k = '2c0f:f5c0:440:1a::/64';
    expect(addressKey('2c0f:f5c0:440:1a::1')).toBe(k);
    expect(addressKey('2c0f:f5c0:0440:001a:abcd:1234:5678:9abc')).toBe(k);
    expect(addressKey('2C0F:F5C0:440:1A:0:0:0:2')).toBe(k);
    expect(addressKey('2c0f:f5c0:440:1b::1')).not.toBe(k);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
  it('leaves anything else alone', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});

describe('waitText', () => {
  it('says seconds under a minute, whole minutes above', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(40)).toBe('40 seconds');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(900)).toBe('15 minutes');
  });
});
