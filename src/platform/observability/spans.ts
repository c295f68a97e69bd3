/**
 * What the service's own code asks of tracing: a span around a piece of work that no request
 * started (a job, a push), and the trace id of the request in hand. Without tracing it is
 * NO_SPANS, and nothing of OpenTelemetry is loaded.
 */
export interface Spans {
  /** Runs `work` in a span of its own (a new trace when none is active); a throw marks it failed. */
  run<T>(name: string, attributes: Record<string, string | number | boolean>, work: () => Promise<T>): Promise<T>;
  /** The active trace's id (32 hex digits), if any. */
  traceId(): string | undefined;
}

export const NO_SPANS: Spans = {
  run: (_name, _attributes, work) => work(),
  traceId: () => undefined,
};
