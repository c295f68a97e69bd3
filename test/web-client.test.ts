import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { CLIENT_SCHEMA, generateClientSchema } from '../scripts/web-client.ts';

it("the web app's typed client matches the service's API document (else: npm run web:client)", async () => {
  const checkedIn = readFileSync(CLIENT_SCHEMA, 'utf8');
  assert.ok(checkedIn === (await generateClientSchema()), 'web/src/api/schema.d.ts is stale: run `npm run web:client` and commit it');
});
