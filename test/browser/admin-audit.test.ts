/**
 * An admin at a phone reads the audit trail: another admin's rename of an activity shows with the
 * name before and after, the trail narrows to that activity or to that admin, and a filter that
 * matches nothing says so.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromiumMissing } from './browser.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { startAdminJourney } from './admin-journey.ts';
import { checkScreen, type Journey, type Person } from './journey.ts';

describe('administration: the audit trail', { skip: chromiumMissing }, () => {
  let journey: Journey;
  let alice: Person;
  let root: TestUser;
  before(async () => {
    journey = await startAdminJourney();
    alice = await journey.person('Alice Admin', { admin: true });
    root = await createUser(journey.service.app, { admin: true });
  });
  after(() => journey?.close());

  it("shows another admin's changes newest first, narrowed by object and by actor", async () => {
    const created = await journey.api<{ id: string }>(root, 'POST', '/api/v1/admin/activities', { name: 'Audit Squash' });
    assert.equal(created.status, 201);
    const renamed = await journey.api(root, 'PUT', `/api/v1/admin/activities/${created.data.id}`, { name: 'Audit Squash Doubles' });
    assert.equal(renamed.status, 200);

    const page = alice.page;
    await page.goto('/app/admin/audit');
    await page.getByRole('heading', { name: 'Audit trail' }).waitFor();
    await page.getByText('name: Audit Squash → Audit Squash Doubles').waitFor();
    await checkScreen(page, 'admin audit trail');

    await page.getByLabel('What changed').selectOption('activity');
    await page.getByLabel('Its id').fill(created.data.id);
    const entries = page
      .getByRole('list', { name: 'Audit trail' })
      .getByRole('listitem')
      .filter({ hasText: /^Activity/ });
    await page.getByText('Activity created').waitFor();
    assert.deepEqual(
      (await entries.allInnerTexts()).map((text) => text.split('\n')[0]),
      ['Activity renamed', 'Activity created'],
      'this activity only, newest first',
    );
    await checkScreen(page, 'admin audit trail of one activity');

    await page.getByLabel('What changed').selectOption('venue');
    await page.getByText('No entries').waitFor();
    await page.getByLabel('What changed').selectOption('');
    await page.getByLabel('Changed by (user id)').fill(root.id);
    await page.getByText('Activity renamed').waitFor();
    await page.getByText(`By ${root.id}`).first().waitFor();
  });
});
