import type { tracing } from '@opentelemetry/sdk-node';
import { redactUrl, type SecretPath } from './logger.ts';

/** Addresses and browsers point at a person: never exported. */
const DROPPED = new Set([
  'client.address',
  'http.client_ip',
  'net.peer.ip',
  'net.sock.peer.addr',
  'network.peer.address',
  'user_agent.original',
  'http.user_agent',
  'url.query',
  'exception.message',
]);
/** A whole URL: its path is masked as the logger masks it, its query string is dropped. */
const FULL_URLS = new Set(['http.url', 'url.full']);
/** A path, perhaps with its query string. */
const PATHS = new Set(['http.target', 'url.path']);

type Attributes = Record<string, unknown>;

function pathOnly(target: string, secretPaths: readonly SecretPath[]): string {
  const path = target.split('?', 1)[0]!;
  return redactUrl(path, secretPaths);
}

function fullUrlOnly(value: string, secretPaths: readonly SecretPath[]): string {
  try {
    const url = new URL(value);
    return `${url.origin}${pathOnly(url.pathname, secretPaths)}`;
  } catch {
    return '[REDACTED]';
  }
}

/** Removes or masks, in place, whatever could name a person or open something. */
export function scrubAttributes(attributes: Attributes, secretPaths: readonly SecretPath[]): void {
  for (const [key, value] of Object.entries(attributes)) {
    if (DROPPED.has(key)) delete attributes[key];
    else if (typeof value !== 'string') continue;
    else if (FULL_URLS.has(key)) attributes[key] = fullUrlOnly(value, secretPaths);
    else if (PATHS.has(key)) attributes[key] = pathOnly(value, secretPaths);
  }
}

/**
 * Sits in front of the exporting processor: a span's attributes (and its events', and its error
 * message) are scrubbed when it ends, before anything holds it for export. The instrumentations
 * record URLs, addresses and error texts as they are; masking them here covers every one of them.
 */
export class ScrubbingSpanProcessor implements tracing.SpanProcessor {
  readonly next: tracing.SpanProcessor;
  readonly secretPaths: readonly SecretPath[];

  constructor(next: tracing.SpanProcessor, secretPaths: readonly SecretPath[]) {
    this.next = next;
    this.secretPaths = secretPaths;
  }

  onStart(span: tracing.Span, parentContext: Parameters<tracing.SpanProcessor['onStart']>[1]): void {
    this.next.onStart(span, parentContext);
  }

  onEnd(span: tracing.ReadableSpan): void {
    scrubAttributes(span.attributes, this.secretPaths);
    for (const event of span.events) if (event.attributes) scrubAttributes(event.attributes, this.secretPaths);
    if (span.status.message !== undefined) (span.status as { message?: string }).message = undefined;
    this.next.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.next.shutdown();
  }
}
