/** Venues from a CSV or JSON file: the upload's progress, then what was imported, or every bad row and what is wrong with it. */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiProblem, refreshSession } from '../../api/client';
import { venueKeys } from '../../api/queries/catalogue';
import { t } from '../../i18n';
import { Button, Field, Section } from '../../ui';

const s = t.admin.import;

/** A multipart upload with progress (fetch cannot report upload progress; XMLHttpRequest can). @calls POST /api/v1/admin/venues/import */
function upload(file: File, onProgress: (fraction: number) => void): Promise<{ imported: number; skipped: number }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/v1/admin/venues/import');
    request.withCredentials = true;
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) resolve((body as { data: { imported: number; skipped: number } }).data);
      else reject(new ApiProblem(request.status, body));
    };
    request.onerror = () => reject(new Error(s.unreachable));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

/** "rows[1].activities[0]" → row 2 (counting venues from 1), column "activities"; "header.address" → the file, column "address". */
export function describeField(field: string): { row: string; column: string } {
  const row = /^rows\[(\d+)\]\.?([A-Za-z]+)?/.exec(field);
  if (row) return { row: s.rowLabel(Number(row[1]) + 1), column: row[2] ?? s.wholeRow };
  const header = /^header\.(.+)$/.exec(field);
  return { row: s.fileLevel, column: header?.[1] ?? s.wholeRow };
}

export function VenueImport() {
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | undefined>();
  const [file, setFile] = useState<File | undefined>();
  const run = useMutation({
    // The upload goes around the API client, so it does that client's one refresh-and-resend itself.
    mutationFn: (chosen: File) =>
      upload(chosen, setProgress).catch(async (error: unknown) => {
        if (error instanceof ApiProblem && error.status === 401 && (await refreshSession())) return upload(chosen, setProgress);
        throw error;
      }),
    onSettled: () => {
      setProgress(undefined);
      return client.invalidateQueries({ queryKey: venueKeys.all });
    },
  });
  const rowErrors = run.error instanceof ApiProblem ? run.error.fieldErrors : [];
  return (
    <Section title={s.title} id="admin-import">
      <p className="muted admin-help">{s.help}</p>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (file) run.mutate(file);
        }}
      >
        <Field label={s.file} id="venue-file">
          <input id="venue-file" type="file" accept=".csv,.json,text/csv,application/json" onChange={(e) => setFile(e.target.files?.[0])} />
        </Field>
        <Button type="submit" variant="primary" disabled={!file} busy={run.isPending}>
          {s.button}
        </Button>
        {run.isPending && (
          <label className="progress">
            {s.uploading} <progress max={1} value={progress ?? 0} />
          </label>
        )}
      </form>
      {run.isSuccess && <p role="status">{s.done(run.data.imported, run.data.skipped)}</p>}
      {run.isError && (
        <div role="alert" className="problem">
          <p>{run.error.message}</p>
          {rowErrors.length > 0 && (
            <table aria-label={s.table} className="admin-errors">
              <thead>
                <tr>
                  <th scope="col">{s.row}</th>
                  <th scope="col">{s.column}</th>
                  <th scope="col">{s.problem}</th>
                </tr>
              </thead>
              <tbody>
                {rowErrors.map((error) => {
                  const where = describeField(error.field);
                  return (
                    <tr key={error.field + error.message}>
                      <td>{where.row}</td>
                      <td>{where.column}</td>
                      <td>{error.message}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </div>
      )}
    </Section>
  );
}
