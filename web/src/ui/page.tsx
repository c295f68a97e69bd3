/** Small shared pieces: loading and error states in words, field errors, page headings. */
import { useEffect, useRef, type ReactNode } from 'react';
import { ApiProblem } from '../api/client';
import { t } from '../i18n';
import { EmptyState } from './bits';

export function Loading({ what = t.common.loading }: { what?: string }) {
  return (
    <p className="muted" role="status" aria-live="polite">
      {what}…
    </p>
  );
}

export function Problem({ error, retry }: { error: unknown; retry?: () => void }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : t.common.somethingWrongSentence;
  const fields = error instanceof ApiProblem ? error.fieldErrors : [];
  return (
    <div className="problem" role="alert">
      <p>{message}</p>
      {fields.length > 0 && (
        <ul>
          {fields.map((field) => (
            <li key={field.field + field.message}>{field.message}</li>
          ))}
        </ul>
      )}
      {retry && (
        <button type="button" onClick={retry}>
          {t.common.retry}
        </button>
      )}
    </div>
  );
}

/** What a page shows while its query has no data: "Loading…", or the problem with a way to try again. */
export function Waiting({ query, title, errorTitle = title }: { query: QueryState; title: string; errorTitle?: string }) {
  return (
    <Page title={query.isPending ? title : errorTitle}>
      {query.isPending ? <Loading /> : <Problem error={query.error} retry={() => void query.refetch()} />}
    </Page>
  );
}

/** A list's query as it stands: "Loading…", its problem (or a change's, `failed`) with a way to try again, or that it is empty. */
export function ListState({ query, failed, items, empty }: { query: QueryState; failed?: unknown; items: unknown[] | undefined; empty: string }) {
  return (
    <>
      {query.isPending && <Loading />}
      <Problem error={query.error ?? failed} retry={query.error ? () => void query.refetch() : undefined} />
      {!query.isPending && !query.error && items?.length === 0 && <EmptyState title={empty} />}
    </>
  );
}

interface QueryState {
  isPending: boolean;
  error: unknown;
  refetch(): unknown;
}

/** The message the service gave for one field, if any. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiProblem
    ? error.fieldErrors.find((item) => item.field === field || item.field.startsWith(`${field}[`) || item.field.startsWith(`${field}.`))?.message
    : undefined;
}

/** A page's heading, focused on arrival so keyboard and screen reader users start there. */
export function Page({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${t.common.appName}`;
    heading.current?.focus({ preventScroll: true });
  }, [title]);
  return (
    <section className="page">
      <h1 tabIndex={-1} ref={heading}>
        {title}
      </h1>
      {children}
    </section>
  );
}

export function Field({ label, id, error, hint, children }: { label: string; id: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

/** A Field holding a plain text area; a hint, when there is one, is what the area is described by. */
export function TextArea({
  label,
  id,
  hint,
  error,
  maxLength,
  rows,
  value,
  onChange,
}: {
  label: string;
  id: string;
  hint?: string;
  error?: string;
  maxLength: number;
  rows: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} id={id} hint={hint} error={error}>
      <textarea
        id={id}
        maxLength={maxLength}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
    </Field>
  );
}
