import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiProblem, data, refreshSession } from '../api/client';
import { Link, useLocation } from '../router';
import { Field, Loading, Page, Problem } from '../ui';
import { Activities } from './AdminActivities';

const TABS = [
  { key: 'users', label: 'Users and roles' },
  { key: 'activities', label: 'Activities' },
  { key: 'venues', label: 'Venues' },
] as const;

export function AdminPage() {
  const { query } = useLocation();
  const tab = TABS.find((candidate) => candidate.key === query.get('tab'))?.key ?? 'users';
  return (
    <Page title="Administration">
      <nav className="tabs" aria-label="Administration">
        {TABS.map((item) => (
          <Link key={item.key} to={`/admin?tab=${item.key}`} aria-current={item.key === tab ? 'page' : undefined}>
            {item.label}
          </Link>
        ))}
      </nav>
      {tab === 'users' && <Users />}
      {tab === 'activities' && <Activities />}
      {tab === 'venues' && <Venues />}
    </Page>
  );
}

function Users() {
  const [search, setSearch] = useState('');
  const client = useQueryClient();
  const users = useQuery({
    queryKey: ['admin-users', search],
    queryFn: () => data(api.GET('/api/v1/admin/users', { params: { query: { size: 50, ...(search ? { q: search } : {}) } } })),
  });
  const setRoles = useMutation({
    mutationFn: ({ id, admin }: { id: string; admin: boolean }) =>
      data(api.PUT('/api/v1/admin/users/{id}/roles', { params: { path: { id } }, body: { roles: admin ? ['ADMIN'] : [] } })),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin-users'] }),
  });
  return (
    <>
      <Field label="Search users" id="user-search">
        <input id="user-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </Field>
      {users.isPending && <Loading />}
      <Problem error={users.error ?? setRoles.error} />
      <table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Signed in with</th>
            <th scope="col">Admin</th>
          </tr>
        </thead>
        <tbody>
          {users.data?.content.map((user) => (
            <tr key={user.id}>
              <td>{user.name ?? '(not onboarded)'}</td>
              <td>{user.authProvider}</td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`${user.name ?? user.id} is an admin`}
                  checked={user.roles.includes('ADMIN')}
                  onChange={(e) => setRoles.mutate({ id: user.id, admin: e.target.checked })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** A multipart upload with progress (fetch cannot report upload progress; XMLHttpRequest can). */
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
    request.onerror = () => reject(new Error('The upload could not reach the service.'));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

function Venues() {
  const client = useQueryClient();
  const venues = useQuery({ queryKey: ['venues', 'admin'], queryFn: () => data(api.GET('/api/v1/venues', { params: { query: { size: 100 } } })) });
  const [progress, setProgress] = useState<number | undefined>();
  const [file, setFile] = useState<File | undefined>();
  const run = useMutation({
    // The upload goes around the API client, so it does that client's one refresh-and-resend itself.
    mutationFn: () =>
      upload(file!, setProgress).catch(async (error: unknown) => {
        if (error instanceof ApiProblem && error.status === 401 && (await refreshSession())) return upload(file!, setProgress);
        throw error;
      }),
    onSettled: () => {
      setProgress(undefined);
      return client.invalidateQueries({ queryKey: ['venues'] });
    },
  });
  const rowErrors = run.error instanceof ApiProblem ? run.error.fieldErrors : [];
  return (
    <>
      <h2>Import venues</h2>
      <p className="muted">
        A CSV with the header sourceId,name,address,postalCode,latitude,longitude,activityIds,stations, or a JSON array. Nothing is imported if any row is
        wrong.
      </p>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (file) run.mutate();
        }}
      >
        <Field label="Venue file (CSV or JSON)" id="venue-file">
          <input id="venue-file" type="file" accept=".csv,.json,text/csv,application/json" onChange={(e) => setFile(e.target.files?.[0])} />
        </Field>
        <button type="submit" disabled={!file || run.isPending}>
          Import
        </button>
        {run.isPending && (
          <label className="progress">
            Uploading <progress max={1} value={progress ?? 0} />
          </label>
        )}
      </form>
      {run.isSuccess && (
        <p role="status">
          Imported {run.data.imported} venues, skipped {run.data.skipped} already known.
        </p>
      )}
      {run.isError && (
        <div role="alert" className="problem">
          <p>{run.error.message}</p>
          {rowErrors.length > 0 && (
            <table aria-label="Rows with errors">
              <thead>
                <tr>
                  <th scope="col">Row and field</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {rowErrors.map((error) => (
                  <tr key={error.field + error.message}>
                    <td>{error.field}</td>
                    <td>{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
      <h2>Venues</h2>
      {venues.isPending && <Loading />}
      <Problem error={venues.error} />
      <p className="muted">{venues.data ? `${venues.data.page.totalElements} venues` : ''}</p>
      <ul className="plain">
        {venues.data?.content.map((venue) => (
          <li key={venue.id}>
            {venue.name} — {venue.address}
          </li>
        ))}
      </ul>
    </>
  );
}
