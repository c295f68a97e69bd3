import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allowedAddress, endpointProblem, guardedLookup } from './push.endpoint.ts';

describe('which push endpoints the service posts to (outside the test profile)', () => {
  for (const { name, accepted, endpoints } of [
    {
      name: 'accepts the browsers’ push services',
      accepted: true,
      endpoints: [
        'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
        'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
        'https://web.push.apple.com/QGx0ZXN0',
        'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
        'https://8.8.8.8/push/1',
        'https://[2606:4700::1111]/push/1',
      ],
    },
    {
      name: 'refuses loopback, private and local targets, other ports and plain http',
      accepted: false,
      endpoints: [
        'http://127.0.0.1:8080/push/1',
        'https://127.0.0.1/push/1',
        'https://[::1]/push/1',
        'https://[::ffff:7f00:1]/push/1',
        'https://0.0.0.0/push/1',
        'https://100.64.0.1/push/1',
        'https://172.20.0.1/push/1',
        'https://[fe80::1]/push/1',
        'https://[64:ff9b::a00:1]/push/1',
        'https://localhost/push/1',
        'https://api.localhost/push/1',
        'https://printer.local/push/1',
        'https://push.example.com:444/push/1',
        'not a url',
      ],
    },
  ])
    it(name, () => {
      for (const endpoint of endpoints) {
        if (accepted) assert.equal(endpointProblem(endpoint, false), undefined, endpoint);
        else assert.notEqual(endpointProblem(endpoint, false), undefined, endpoint);
      }
    });

  it('the test profile lets http to loopback through, and nothing else private', () => {
    assert.equal(endpointProblem('http://127.0.0.1:8080/push/1', true), undefined);
    assert.equal(endpointProblem('http://[::1]:8080/push/1', true), undefined);
    assert.notEqual(endpointProblem('http://10.1.2.3:8080/push/1', true), undefined);
    assert.equal(allowedAddress('127.0.0.1', true), true);
    assert.equal(allowedAddress('127.0.0.1', false), false);
    assert.equal(allowedAddress('::ffff:192.168.0.1', true), false);
  });

  it('refuses a host name that resolves to a private address when the push is sent', async () => {
    const lookup = guardedLookup(false);
    const error = await new Promise<Error | null>((resolve) => lookup('localhost', {}, (failure) => resolve(failure)));
    assert.equal((error as { code?: string } | null)?.code, 'EPRIVATEADDRESS');
    const allowed = await new Promise<Error | null>((resolve) => guardedLookup(true)('localhost', {}, (failure) => resolve(failure)));
    assert.equal(allowed, null, 'loopback is allowed in the test profile');
  });
});
