import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientKey } from './client-key.ts';

describe('clientKey: the address a per-address limit counts', () => {
  it('counts every IPv6 address of one /64 as one client, however it is written', () => {
    const key = clientKey('2001:db8:1:2::1');
    assert.equal(key, 'ip6:2001:db8:1:2::/64');
    for (const same of ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:9', '2001:db8:1:2::1.2.3.4', '2001:db8:1:2::1%eth0']) {
      assert.equal(clientKey(same), key, same);
    }
  });

  it('tells neighbouring /64s apart, and :: shortenings in the high half too', () => {
    assert.notEqual(clientKey('2001:db8:1:3::1'), clientKey('2001:db8:1:2::1'));
    assert.equal(clientKey('2001:db8::1'), 'ip6:2001:db8:0:0::/64');
    assert.equal(clientKey('::1'), 'ip6:0:0:0:0::/64');
  });

  it('counts IPv4, plain or IPv4-mapped IPv6, by its full address', () => {
    assert.equal(clientKey('203.0.113.7'), 'ip:203.0.113.7');
    assert.equal(clientKey('::ffff:203.0.113.7'), 'ip:203.0.113.7');
    assert.notEqual(clientKey('203.0.113.7'), clientKey('203.0.113.8'));
  });
});
