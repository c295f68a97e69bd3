/**
 * An admin at a phone: gives a player the admin role and takes it back, is warned before taking away
 * their own; adds, edits and deletes an activity (refused while a venue uses it); adds, edits and
 * deletes a venue; imports a venue file whose one bad row is named in words, and nothing is imported.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromiumMissing } from './browser.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { answer, startAdminJourney } from './admin-journey.ts';
import { checkScreen, type Journey, type Person } from './journey.ts';

describe('administration: users, activities and venues', { skip: chromiumMissing }, () => {
  let journey: Journey;
  let alice: Person;
  let root: TestUser;
  before(async () => {
    journey = await startAdminJourney();
    alice = await journey.person('Alice Admin', { admin: true });
    root = await createUser(journey.service.app, { admin: true });
  });
  after(() => journey?.close());

  const roles = async (name: string) =>
    (await journey.api<{ content: Array<{ name: string; roles: string[] }> }>(root, 'GET', `/api/v1/admin/users?q=${encodeURIComponent(name)}`)).data
      .content[0]!.roles;

  it('grants and revokes the admin role, and warns before an admin removes their own', async () => {
    await journey.person('Bob Player');
    const page = alice.page;
    await page.goto('/app/admin');
    await page.getByRole('heading', { name: 'Administration' }).waitFor();
    await page.getByLabel('Search users').fill('Bob');
    await page.getByRole('button', { name: 'Make Bob Player an admin' }).click();
    await checkScreen(page, 'admin users with a confirm dialog');
    await answer(page, 'Make an admin?', /Bob Player will be able to manage users/, 'Make admin');
    await page.getByRole('button', { name: "Remove Bob Player's admin role" }).waitFor();
    assert.deepEqual(await roles('Bob Player'), ['ADMIN']);

    await page.getByRole('button', { name: "Remove Bob Player's admin role" }).click();
    await answer(page, 'Remove the admin role?', /no longer be able to use the administration pages/, 'Remove admin role');
    await page.getByRole('button', { name: 'Make Bob Player an admin' }).waitFor();
    assert.deepEqual(await roles('Bob Player'), []);
    await checkScreen(page, 'admin users');

    await page.getByLabel('Search users').fill('Alice');
    await page.getByRole('button', { name: "Remove Alice Admin's admin role" }).click();
    await answer(page, 'Remove your own admin role?', /You will lose access to this page/, 'Cancel');
    assert.deepEqual(await roles('Alice Admin'), ['ADMIN'], 'cancelling keeps the role');
    await page.getByRole('button', { name: "Remove Alice Admin's admin role" }).click();
    await answer(page, 'Remove your own admin role?', /You will lose access to this page/, 'Remove admin role');
    await page.getByRole('heading', { name: 'Not available' }).waitFor();
    assert.deepEqual(await roles('Alice Admin'), []);
    // Back to work for the rest of the journey: another admin gives the role back.
    const restored = await journey.api(root, 'PUT', `/api/v1/admin/users/${alice.id}/roles`, { roles: ['ADMIN'] });
    assert.equal(restored.status, 200);
  });

  it('adds an activity, edits its ladder, opens it, and deletes it once no venue uses it', async () => {
    const page = alice.page;
    await page.goto('/app/admin/activities');
    await page.getByLabel('Name', { exact: true }).fill('Journey Tennis');
    await page.getByRole('button', { name: 'Add activity' }).click();
    await page.getByRole('link', { name: 'Open Journey Tennis' }).waitFor();
    await checkScreen(page, 'admin activities');

    await page.getByRole('button', { name: 'Edit Journey Tennis' }).click();
    const editor = page.getByRole('form', { name: 'Edit Journey Tennis' });
    await editor.getByLabel('Level 3', { exact: true }).fill('Expert');
    await editor.getByRole('button', { name: 'Save Journey Tennis' }).click();
    await page.getByText('Journey Tennis: Beginner → Intermediate → Expert').waitFor();

    await page.getByRole('link', { name: 'Open Journey Tennis' }).click();
    await page.getByRole('heading', { name: 'Journey Tennis' }).waitFor();
    assert.deepEqual(
      await page
        .getByRole('listitem')
        .filter({ hasText: /^(Beginner|Intermediate|Expert)$/ })
        .allInnerTexts(),
      ['Beginner', 'Intermediate', 'Expert'],
    );
    await checkScreen(page, 'admin activity');

    const activityId = page.url().split('/').pop()!;
    const venue = await journey.api<{ id: string }>(alice, 'POST', '/api/v1/admin/venues', {
      name: 'Tennis Court',
      address: '1 Court Road',
      latitude: 1.3,
      longitude: 103.8,
      activityIds: [activityId],
    });
    await page.getByRole('button', { name: 'Delete Journey Tennis' }).click();
    await answer(page, 'Delete this activity?', /refuses while a venue or a game still uses it/, 'Delete activity');
    await page.getByRole('alert').getByText('The activity is still used by venues or games.').waitFor();
    assert.equal((await journey.api(alice, 'GET', `/api/v1/activities/${activityId}`)).status, 200);

    assert.equal((await journey.api(alice, 'DELETE', `/api/v1/admin/venues/${venue.data.id}`)).status, 204);
    await page.getByRole('button', { name: 'Delete Journey Tennis' }).click();
    await answer(page, 'Delete this activity?', /Journey Tennis disappears/, 'Delete activity');
    await page.getByRole('heading', { name: 'Activities' }).waitFor();
    await page.getByText('Journey Tennis deleted').waitFor();
    // The toast comes before the list's refetch lands; the row must then go.
    await page.getByRole('link', { name: 'Open Journey Tennis' }).waitFor({ state: 'detached' });
    assert.equal((await journey.api(alice, 'GET', `/api/v1/activities/${activityId}`)).status, 404);
  });

  it('adds, edits and deletes a venue, and imports a file whose bad row is named in words', async () => {
    await journey.api(alice, 'POST', '/api/v1/admin/activities', { name: 'Badminton' });
    const page = alice.page;
    await page.goto('/app/admin/venues');
    await page.getByRole('button', { name: 'Add a venue' }).click();
    const form = page.getByRole('dialog', { name: 'Add a venue' });
    await form.getByLabel('Name', { exact: true }).fill('Journey Hall');
    await form.getByLabel('Address').fill('9 Journey Road');
    await form.getByLabel('Latitude').fill('1.31');
    await form.getByLabel('Longitude').fill('103.85');
    await form.getByLabel('Badminton').check();
    await checkScreen(page, 'admin venue form');
    await form.getByRole('button', { name: 'Save venue' }).click();
    await page.getByRole('button', { name: 'Edit Journey Hall' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit venue' });
    assert.equal(await edit.getByLabel('Badminton').isChecked(), true);
    await edit.getByLabel('Name', { exact: true }).fill('Journey Hall East');
    await edit.getByRole('button', { name: 'Save venue' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Journey Hall East' });
    await card.getByText('Badminton').waitFor();
    await checkScreen(page, 'admin venues');
    await card.getByRole('button', { name: 'Delete Journey Hall East' }).click();
    await answer(page, 'Delete this venue?', /no longer offered for new games/, 'Delete venue');
    await page.getByText('Journey Hall East deleted').waitFor();
    // The list is asked again after the toast: the venue leaves it then.
    await page.getByRole('button', { name: 'Edit Journey Hall East' }).waitFor({ state: 'detached' });

    const csv = (typo: string) =>
      [
        'sourceId,name,address,postalCode,latitude,longitude,activities,stations',
        'j-1,Import Hall One,1 Import Road,100001,1.30,103.80,Badminton,',
        `j-2,Import Hall Two,2 Import Road,100002,1.31,103.81,${typo},`,
      ].join('\n');
    const upload = async (content: string) => {
      await page.getByLabel('Venue file (CSV or JSON)').setInputFiles({ name: 'venues.csv', mimeType: 'text/csv', buffer: Buffer.from(content) });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
    };
    await upload(csv('Badmintn'));
    const table = page.getByRole('table', { name: 'Rows with errors' });
    await table.waitFor();
    const rows = await table.getByRole('row').allInnerTexts();
    assert.equal(rows.length, 2, 'a header and the one bad row');
    assert.deepEqual(rows[1]!.split('\t'), ['Row 2', 'activities', "no activity named 'Badmintn'"]);
    await checkScreen(page, 'admin venue import errors');
    assert.equal((await journey.api<{ content: unknown[] }>(alice, 'GET', '/api/v1/venues?q=Import Hall')).data.content.length, 0, 'nothing imported');

    await upload(csv('badminton'));
    await page.getByText('Imported 2 venues, skipped 0 already known.').waitFor();
    await page.getByRole('button', { name: 'Edit Import Hall Two' }).waitFor();
  });
});
