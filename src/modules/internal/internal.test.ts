import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { backends } from '../../../test/helpers/backends.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { INTERNAL_SECRET } from '../../../test/helpers/test-app.ts';
import { createUser, mintTokens } from '../../../test/helpers/users.ts';

for (const backend of backends) {
  describe(`internal users API and uppercase enums (${backend.name})`, () => {
    const t = appSuite(backend);

    const provision = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/internal/users', headers: { 'x-internal-secret': INTERNAL_SECRET }, payload });

    it('answers authProvider in uppercase and takes either spelling for the same identity', async () => {
      const created = await provision({ authProvider: 'NATIONAL', subject: 'S1234567A', name: 'Upper' });
      assert.equal(created.statusCode, 201, created.body);
      assert.equal(created.json().data.authProvider, 'NATIONAL');
      const again = await provision({ authProvider: 'national', subject: 'S1234567A' });
      assert.equal(again.statusCode, 200, 'the lowercase spelling names the same identity');
      assert.equal(again.json().data.id, created.json().data.id);
      assert.equal(again.json().data.authProvider, 'NATIONAL');

      const admin = await createUser(t.app, { admin: true });
      const listed = await t.app.inject({ url: '/api/v1/admin/users?q=Upper', headers: admin.auth });
      assert.deepEqual(
        listed.json().data.content.map((u: { authProvider: string }) => u.authProvider),
        ['NATIONAL'],
      );
    });

    it('keeps the token claim as the seed writes it', async () => {
      const created = await provision({ authProvider: 'SOCIAL', subject: 'claim-check' });
      const { accessToken } = await mintTokens(t.app, created.json().data.id);
      assert.equal(decodeJwt(accessToken).auth_provider, 'social');
    });

    it('refuses an unknown provider and creates nobody', async () => {
      const problem = assertProblem(await provision({ authProvider: 'FACEBOOK', subject: 'nobody' }), 400, 'validation_failed');
      assert.deepEqual(
        problem.errors.map((e: { field: string }) => e.field),
        ['authProvider'],
      );
      assert.equal((await provision({ authProvider: 'SOCIAL', subject: 'nobody' })).statusCode, 201, 'the identity was not taken');
    });

    it('shows only the uppercase enums in the OpenAPI document', async () => {
      const document = (await t.app.inject({ url: '/v3/api-docs' })).json();
      const text = JSON.stringify(document);
      const provisionBody = document.paths['/api/v1/internal/users'].post.requestBody.content['application/json'].schema;
      assert.deepEqual(provisionBody.properties.authProvider.enum, ['NATIONAL', 'SOCIAL']);
      const me = document.paths['/api/v1/me'];
      const onboarding = me.post.requestBody.content['application/json'].schema;
      assert.deepEqual(onboarding.properties.contactMethods.items.properties.name.enum, ['WHATSAPP', 'TELEGRAM', 'MESSENGER']);
      const profile = me.get.responses['200'].content['application/json'].schema.properties.data;
      assert.deepEqual(profile.properties.authProvider.enum, ['NATIONAL', 'SOCIAL']);
      assert.deepEqual(profile.properties.contactMethods.items.properties.name.enum, ['WHATSAPP', 'TELEGRAM', 'MESSENGER']);
      for (const lower of ['"whatsapp"', '"telegram"', '"messenger"', '"national"', '"social"']) {
        assert.ok(!text.includes(lower), `${lower} is not advertised`);
      }
    });
  });
}
