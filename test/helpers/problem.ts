import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';

/** Asserts the contract's problem detail shape and returns the parsed body. */
export function assertProblem(response: LightMyRequestResponse, status: number, code?: string) {
  assert.equal(response.statusCode, status, response.body);
  assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
  const body = response.json();
  assert.equal(body.type, 'about:blank');
  assert.equal(body.status, status);
  assert.equal(typeof body.title, 'string');
  assert.equal(typeof body.detail, 'string');
  assert.equal(typeof body.instance, 'string');
  assert.ok(!Number.isNaN(Date.parse(body.timestamp)), 'timestamp is an instant');
  if (code) assert.equal(body.code, code);
  assert.doesNotMatch(response.body, /\bat .+\(.+:\d+:\d+\)|node_modules|SELECT |INSERT |UPDATE /, 'no stack trace or SQL');
  return body;
}
