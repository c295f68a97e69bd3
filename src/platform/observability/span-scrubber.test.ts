import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scrubAttributes } from './span-scrubber.ts';

const SECRET_PATHS = [{ prefix: '/games/', segment: /^[0-9A-Za-z]{8}$/ }];

describe('span scrubbing', () => {
  for (const { name, attributes, kept } of [
    {
      name: "masks secret path segments and drops query strings in every URL attribute, a client call's too",
      attributes: {
        'url.full': 'https://id.example.org/token?code=abc123&state=xyz',
        'http.url': 'http://127.0.0.1:8080/games/Zq7Wx2Lp?ref=mail',
        'url.path': '/games/Zq7Wx2Lp',
        'http.target': '/%67ames/Zq7Wx2Lp?token=t0k3n',
        'url.query': 'token=t0k3n',
        'http.route': '/games/:code',
        'http.response.status_code': 200,
      },
      kept: {
        'url.full': 'https://id.example.org/token',
        'http.url': 'http://127.0.0.1:8080/games/[REDACTED]',
        'url.path': '/games/[REDACTED]',
        'http.target': '/games/[REDACTED]',
        'http.route': '/games/:code',
        'http.response.status_code': 200,
      },
    },
    {
      name: 'removes addresses, user agents and error messages, and keeps the rest',
      attributes: {
        'client.address': '203.0.113.7',
        'network.peer.address': '203.0.113.7',
        'user_agent.original': 'Mozilla/5.0',
        'exception.message': 'ana@example.org is already taken',
        'exception.type': 'ConflictError',
        'db.system.name': 'postgresql',
      },
      kept: { 'exception.type': 'ConflictError', 'db.system.name': 'postgresql' },
    },
  ] as Array<{ name: string; attributes: Record<string, unknown>; kept: Record<string, unknown> }>)
    it(name, () => {
      scrubAttributes(attributes, SECRET_PATHS);
      assert.deepEqual(attributes, kept);
    });
});
