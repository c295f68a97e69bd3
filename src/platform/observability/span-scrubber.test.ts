import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scrubAttributes } from './span-scrubber.ts';

const SECRET_PATHS = [{ prefix: '/games/', segment: /^[0-9A-Za-z]{8}$/ }];

describe('span scrubbing', () => {
  it("masks secret path segments and drops query strings in every URL attribute, a client call's too", () => {
    const attributes: Record<string, unknown> = {
      'url.full': 'https://id.example.org/token?code=abc123&state=xyz',
      'http.url': 'http://127.0.0.1:8080/games/Zq7Wx2Lp?ref=mail',
      'url.path': '/games/Zq7Wx2Lp',
      'http.target': '/%67ames/Zq7Wx2Lp?token=t0k3n',
      'url.query': 'token=t0k3n',
      'http.route': '/games/:code',
      'http.response.status_code': 200,
    };
    scrubAttributes(attributes, SECRET_PATHS);
    assert.deepEqual(attributes, {
      'url.full': 'https://id.example.org/token',
      'http.url': 'http://127.0.0.1:8080/games/[REDACTED]',
      'url.path': '/games/[REDACTED]',
      'http.target': '/games/[REDACTED]',
      'http.route': '/games/:code',
      'http.response.status_code': 200,
    });
  });

  it('removes addresses, user agents and error messages, and keeps the rest', () => {
    const attributes: Record<string, unknown> = {
      'client.address': '203.0.113.7',
      'network.peer.address': '203.0.113.7',
      'user_agent.original': 'Mozilla/5.0',
      'exception.message': 'ana@example.org is already taken',
      'exception.type': 'ConflictError',
      'db.system.name': 'postgresql',
    };
    scrubAttributes(attributes, SECRET_PATHS);
    assert.deepEqual(attributes, { 'exception.type': 'ConflictError', 'db.system.name': 'postgresql' });
  });
});
