import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { realBackend } from '../../../test/helpers/backends.ts';
import { appSuiteWithClient } from '../../../test/helpers/pg-client.ts';
import { createUser } from '../../../test/helpers/users.ts';

const CONTACT = [{ name: 'WHATSAPP', value: '+65 9123 4567' }];

describe('profiles stored with lowercase contact method names', { skip: realBackend ? false : 'needs TEST_DATABASE_URL and TEST_REDIS_URL' }, () => {
  const t = appSuiteWithClient(realBackend!);

  it('answers them in uppercase', async () => {
    const user = await createUser(t.app);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/me', headers: user.auth, payload: { name: 'Old', contactMethods: CONTACT } });
    assert.equal(created.statusCode, 201, created.body);
    await t.client.query(
      `UPDATE profiles SET contact_methods = '[{"name":"whatsapp","value":"+65 9123 4567"},{"name":"messenger","value":"old.timer"}]'::jsonb WHERE user_id = $1`,
      [user.id],
    );
    const me = (await t.app.inject({ url: '/api/v1/me', headers: user.auth })).json().data;
    assert.deepEqual(me.contactMethods, [
      { name: 'WHATSAPP', value: '+65 9123 4567' },
      { name: 'MESSENGER', value: 'old.timer' },
    ]);
  });
});
