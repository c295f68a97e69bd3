/**
 * A venue file names its activities as people know them ("Badminton; futsal"), not by id; a name
 * that matches no activity is reported in words on its row, and nothing is imported.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';

function multipart(content: string, filename: string) {
  const boundary = `----names${randomBytes(8).toString('hex')}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

for (const backend of backends) {
  describe(`venue import by activity name (${backend.name})`, () => {
    const ids: Record<string, string> = {};

    const t = appSuite(backend, { admin: true });
    before(async () => {
      for (const name of ['Badminton', 'Futsal', 'Retired Sport']) {
        ids[name] = (await t.app.inject({ method: 'POST', url: '/api/v1/admin/activities', headers: t.admin.auth, payload: { name } })).json().data.id;
      }
      await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/activities/${ids['Retired Sport']}`, headers: t.admin.auth });
    });

    const upload = (content: string, filename = 'venues.csv') => {
      const { payload, headers } = multipart(content, filename);
      return t.app.inject({ method: 'POST', url: '/api/v1/admin/venues/import', headers: { ...headers, ...t.admin.auth }, payload });
    };
    const venue = async (q: string) => (await t.app.inject({ url: `/api/v1/venues?q=${encodeURIComponent(q)}` })).json().data.content[0];

    it('resolves activity names in any case, in CSV and JSON, alongside ids', async () => {
      const csv = [
        'sourceId,name,address,latitude,longitude,activities',
        'named-1,Named Hall One,1 Name Road,1.30,103.80,badminton; FUTSAL',
        'named-2,Named Hall Two,2 Name Road,1.31,103.81,',
      ].join('\n');
      const imported = await upload(csv);
      assert.equal(imported.statusCode, 200, imported.body);
      assert.deepEqual(imported.json().data, { imported: 2, skipped: 0 });
      assert.deepEqual((await venue('Named Hall One')).activityIds.sort(), [ids.Badminton, ids.Futsal].sort());
      assert.deepEqual((await venue('Named Hall Two')).activityIds, []);

      const json = JSON.stringify([
        {
          sourceId: 'named-3',
          name: 'Named Hall Three',
          address: '3 Name Road',
          latitude: 1.32,
          longitude: 103.82,
          activities: ['Futsal'],
          activityIds: [ids.Futsal],
        },
      ]);
      assert.equal((await upload(json, 'venues.json')).statusCode, 200);
      assert.deepEqual((await venue('Named Hall Three')).activityIds, [ids.Futsal]);
    });

    it('reports a misspelt or deleted activity on its row in words, and imports nothing', async () => {
      const csv = [
        'sourceId,name,address,latitude,longitude,activities',
        'typo-1,Typo Hall One,1 Typo Road,1.30,103.80,Badminton',
        'typo-2,Typo Hall Two,2 Typo Road,1.31,103.81,Futsal;Badmintn',
        'typo-3,Typo Hall Three,3 Typo Road,1.32,103.82,Retired Sport',
      ].join('\n');
      const problem = assertProblem(await upload(csv), 400, 'invalid_import_file');
      assert.deepEqual(
        problem.errors.map((error: { field: string; message: string }) => [error.field, error.message]),
        [
          ['rows[1].activities[1]', "no activity named 'Badmintn'"],
          ['rows[2].activities[0]', "no activity named 'Retired Sport'"],
        ],
      );
      assert.equal(await venue('Typo Hall One'), undefined, 'the good row was not imported either');
    });
  });
}
