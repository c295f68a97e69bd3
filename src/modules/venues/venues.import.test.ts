import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { backends } from '../../../test/helpers/backends.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';

const HEADER = 'sourceId,name,address,postalCode,latitude,longitude,activityIds,stations';
const STATIONS = ['EW8 Paya Lebar; CC9 Paya Lebar', 'NS1 Jurong East;EW24 Jurong East', 'DT1 Bukit Panjang', ''];

/** A CSV of `count` valid venues; `edit` may change a row's cells by column name. */
function csvFile(prefix: string, count: number, activityId: string, edit: (row: number, cells: Record<string, string>) => void = () => undefined): string {
  const lines = [HEADER];
  for (let i = 0; i < count; i++) {
    const cells: Record<string, string> = {
      sourceId: `${prefix}-${i}`,
      name: `"Hall ${i}, Block ${i % 7}"`,
      address: `${i} Import Street`,
      postalCode: String(100000 + i),
      latitude: (1.25 + i * 0.0003).toFixed(6),
      longitude: (103.7 + i * 0.0004).toFixed(6),
      activityIds: activityId,
      stations: STATIONS[i % STATIONS.length]!,
    };
    edit(i, cells);
    lines.push(
      HEADER.split(',')
        .map((column) => cells[column])
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

function multipart(content: string | Buffer, filename = 'venues.csv', part = 'file') {
  const boundary = `----import${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

for (const backend of backends) {
  describe(`venue import (${backend.name})`, () => {
    let badminton: string;

    const t = appSuite(backend, { env: { RATE_LIMIT_PUBLIC_ANON: '100000' }, admin: true });
    before(async () => {
      badminton = (await t.app.inject({ method: 'POST', url: '/api/v1/admin/activities', headers: t.admin.auth, payload: { name: 'Badminton' } })).json().data
        .id;
    });

    const upload = (content: string | Buffer, who: TestUser = t.admin, filename?: string, part?: string) => {
      const { payload, headers } = multipart(content, filename, part);
      return t.app.inject({ method: 'POST', url: '/api/v1/admin/venues/import', headers: { ...headers, ...who.auth }, payload });
    };
    const total = async (q = '') => (await t.app.inject({ url: `/api/v1/venues?size=1${q}` })).json().data.page.totalElements as number;

    it('imports a 500-row CSV, and importing it again skips every row', async () => {
      const file = csvFile('csv', 500, badminton);
      const first = await upload(file);
      assert.equal(first.statusCode, 200, first.body);
      assert.deepEqual(first.json().data, { imported: 500, skipped: 0 });
      const second = await upload(file);
      assert.deepEqual(second.json().data, { imported: 0, skipped: 500 });
      assert.equal(await total('&q=import street'), 500);

      const listed = (await t.app.inject({ url: '/api/v1/venues?q=1 Import Street&size=1' })).json().data.content[0];
      assert.equal(listed.name, 'Hall 1, Block 1');
      assert.equal(listed.postalCode, '100001');
      assert.deepEqual(listed.activityIds, [badminton]);
      assert.deepEqual(listed.stations, [
        {
          name: 'Jurong East',
          lines: [
            { code: 'EW', name: 'East-West Line', color: '#009645', stationNumber: 24 },
            { code: 'NS', name: 'North-South Line', color: '#D42E12', stationNumber: 1 },
          ],
        },
      ]);
    });

    it('imports a JSON array the same way, skipping the sourceIds it already has', async () => {
      const rows = [0, 1, 2].map((i) => ({
        sourceId: `json-${i}`,
        name: `Json Hall ${i}`,
        address: `${i} Json Road`,
        latitude: 1.3 + i / 100,
        longitude: 103.8,
        activityIds: [badminton],
        stations: [{ code: 'TE2', name: 'Woodlands', color: '#9D5B25', latitude: 1.437, longitude: 103.786 }],
      }));
      assert.deepEqual((await upload(JSON.stringify(rows.slice(0, 2)), t.admin, 'venues.json')).json().data, { imported: 2, skipped: 0 });
      assert.deepEqual((await upload(JSON.stringify(rows), t.admin, 'venues.json')).json().data, { imported: 1, skipped: 2 });
    });

    it('rejects a file with a bad latitude on row 37 and a bad station code on row 120, writing nothing', async () => {
      const before = await total();
      const file = csvFile('bad', 200, badminton, (row, cells) => {
        if (row === 37) cells.latitude = '91.5';
        if (row === 120) cells.stations = 'E-W8 Paya Lebar';
      });
      const problem = assertProblem(await upload(file), 400, 'invalid_import_file');
      assert.deepEqual(
        problem.errors.map((e: { field: string; location: string }) => [e.field, e.location]),
        [
          ['rows[37].latitude', 'body'],
          ['rows[120].stations[0].code', 'body'],
        ],
      );
      assert.equal(await total(), before);
    });

    it('names each bad row and field: missing values, unknown activities, repeated sourceIds, short rows', async () => {
      const before = await total();
      const file = csvFile('rows', 6, badminton, (row, cells) => {
        if (row === 0) cells.name = '';
        if (row === 1) cells.activityIds = `${badminton};00000000-0000-4000-8000-000000000000`;
        if (row === 2) cells.longitude = 'east';
        if (row === 4) cells.sourceId = 'rows-3';
      }).replace(/\n5 Import.*|\nrows-5,.*\n/, '\nrows-5,Short row\n');
      const problem = assertProblem(await upload(file), 400, 'invalid_import_file');
      assert.deepEqual(
        problem.errors.map((e: { field: string }) => e.field),
        ['rows[0].name', 'rows[1].activityIds[1]', 'rows[2].longitude', 'rows[4].sourceId', 'rows[5]'],
      );
      const json = assertProblem(await upload(JSON.stringify([{ sourceId: 'j' }, 7]), t.admin, 'x.json'), 400, 'invalid_import_file');
      assert.deepEqual(
        json.errors.map((e: { field: string }) => e.field),
        ['rows[0].address', 'rows[0].latitude', 'rows[0].longitude', 'rows[0].name', 'rows[1]'],
      );
      assert.equal(await total(), before);
    });

    it('refuses files it cannot read: no file part, bad JSON, a CSV without required columns, an empty file', async () => {
      assertProblem(await upload('[]', t.admin, 'x.json', 'attachment'), 400, 'invalid_import_file');
      assertProblem(await upload('[{"sourceId": ', t.admin, 'x.json'), 400, 'invalid_import_file');
      const header = assertProblem(await upload('sourceId,name\na,b\n'), 400, 'invalid_import_file');
      assert.deepEqual(
        header.errors.map((e: { field: string }) => e.field),
        ['header.address', 'header.latitude', 'header.longitude'],
      );
      assertProblem(await upload(''), 400, 'invalid_import_file');
      assertProblem(await upload('sourceId,name\n"open quote,b\n'), 400, 'invalid_import_file');
      assertProblem(
        await t.app.inject({ method: 'POST', url: '/api/v1/admin/venues/import', headers: t.admin.auth, payload: [] }),
        415,
        'unsupported_media_type',
      );
    });

    it('accepts up to 5 MB and answers a larger file with 413', async () => {
      // 4.5 MB passes the size limit and fails validation instead.
      const big = `${HEADER}\nbig-1,${'x'.repeat(4.5 * 1024 * 1024)},addr,,1,1,,\n`;
      const problem = assertProblem(await upload(big), 400, 'invalid_import_file');
      assert.deepEqual(
        problem.errors.map((e: { field: string }) => e.field),
        ['rows[0].name'],
      );
      assertProblem(await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 'a')), 413, 'payload_too_large');
    });

    it('accepts at most 10,000 rows', async () => {
      const before = await total();
      const rows = `${HEADER}\n${Array.from({ length: 10_001 }, (_, i) => `n-${i},N,A,,1,1,,`).join('\n')}\n`;
      const problem = assertProblem(await upload(rows), 400, 'invalid_import_file');
      assert.match(problem.detail, /10000/);
      assert.equal(await total(), before);
    });

    it('refuses a NUL in a JSON or CSV file with a 400 naming the row and field, writing nothing', async () => {
      const before = await total();
      const json = [{ sourceId: 'nul-0', name: 'Hall\u0000One', address: '1 Nul Road', latitude: 1.3, longitude: 103.8, activityIds: [] }];
      const fromJson = assertProblem(await upload(JSON.stringify(json), t.admin, 'venues.json'), 400, 'invalid_import_file');
      assert.deepEqual(fromJson.errors, [{ field: 'rows[0].name', location: 'body', message: 'must not contain a NUL character' }]);
      const csv = csvFile('nul', 3, badminton, (row, cells) => {
        if (row === 2) cells.address = '2 Nul\u0000Road';
      });
      const fromCsv = assertProblem(await upload(csv), 400, 'invalid_import_file');
      assert.deepEqual(
        fromCsv.errors.map((e: { field: string }) => e.field),
        ['rows[2].address'],
      );
      assert.equal(await total(), before);
    });

    it('serves other requests while a 10,000-row file is imported', async () => {
      const file = csvFile('big', 10_000, badminton);
      const { payload, headers } = multipart(file);
      // The body as a stream, to know when the service has the whole file: from then on it is importing.
      const body = Readable.from([payload]);
      let received = false;
      body.on('end', () => (received = true));
      let imported = false;
      const importing = t.app
        .inject({ method: 'POST', url: '/api/v1/admin/venues/import', headers: { ...headers, ...t.admin.auth }, payload: body })
        .then((response) => {
          imported = true;
          return response;
        });
      // Health requests one after another, counting those answered after the file arrived and before the import answered.
      let servedMeanwhile = 0;
      while (!imported) {
        const health = await t.app.inject({ url: '/api/v1/public/health' });
        assert.equal(health.statusCode, 200);
        if (received && !imported) servedMeanwhile++;
        // A client's next request arrives on a later turn of the event loop, as over a socket.
        await nextTurn();
      }
      const response = await importing;
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json().data, { imported: 10_000, skipped: 0 });
      assert.ok(servedMeanwhile >= 10, `${servedMeanwhile} requests were answered while the import ran`);
    });

    it('is for admins only', async () => {
      const user = await createUser(t.app);
      const before = await total();
      assertProblem(await upload(csvFile('user', 2, badminton), user), 403, 'forbidden');
      assert.equal(await total(), before);
    });
  });
}
