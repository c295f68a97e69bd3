import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** One span as an OTLP/HTTP export carried it (the fields the tests look at). */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a trace's root. */
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  /** The instrumentation that made it (`@opentelemetry/instrumentation-pg`, …). */
  scope: string;
  /** String attributes as sent; other types as their text. */
  attributes: Record<string, string>;
  /** The service.name of the resource that sent it. */
  service: string;
}

export interface OtlpReceiver {
  url: string;
  spans: ReceivedSpan[];
  /** Every export body as received (decompressed): a secret's bytes appear here if it was sent anywhere. */
  bodies: Buffer[];
  /** The path of every request it got, whatever it was. */
  requests: string[];
  close(): Promise<void>;
}

interface Field {
  no: number;
  /** Varint as a number, length-delimited as bytes; fixed-width values are skipped. */
  value: number | Buffer | undefined;
}

/** The protobuf wire format, one level: enough to walk the OTLP trace messages field by field. */
function fields(buffer: Buffer): Field[] {
  const out: Field[] = [];
  let at = 0;
  const varint = (): number => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = buffer[at++]!;
      result += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return result;
      shift += 7;
    }
  };
  while (at < buffer.length) {
    const tag = varint();
    const no = Math.floor(tag / 8);
    const wire = tag % 8;
    if (wire === 0) out.push({ no, value: varint() });
    else if (wire === 1 || wire === 5) {
      at += wire === 1 ? 8 : 4;
      out.push({ no, value: undefined });
    } else if (wire === 2) {
      const length = varint();
      out.push({ no, value: buffer.subarray(at, at + length) });
      at += length;
    } else throw new Error(`unexpected protobuf wire type ${wire}`);
  }
  return out;
}

const bytes = (list: Field[], no: number): Buffer[] =>
  list.filter((field) => field.no === no && Buffer.isBuffer(field.value)).map((field) => field.value as Buffer);
const text = (list: Field[], no: number): string => bytes(list, no)[0]?.toString('utf8') ?? '';
const hex = (list: Field[], no: number): string => bytes(list, no)[0]?.toString('hex') ?? '';

/** KeyValue { key = 1; AnyValue value = 2 { string_value = 1; bool_value = 2; int_value = 3; … } }. */
function attributes(list: Buffer[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of list) {
    const keyValue = fields(pair);
    const value = fields(bytes(keyValue, 2)[0] ?? Buffer.alloc(0));
    const [first] = value;
    result[text(keyValue, 1)] = first === undefined ? '' : Buffer.isBuffer(first.value) ? first.value.toString('utf8') : String(first.value);
  }
  return result;
}

/** ExportTraceServiceRequest → ResourceSpans → ScopeSpans → Span. */
export function decodeTraces(body: Buffer): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of bytes(fields(body), 1).map(fields)) {
    const resource = attributes(bytes(fields(bytes(resourceSpans, 1)[0] ?? Buffer.alloc(0)), 1));
    for (const scopeSpans of bytes(resourceSpans, 2).map(fields)) {
      const scope = text(fields(bytes(scopeSpans, 1)[0] ?? Buffer.alloc(0)), 1);
      for (const span of bytes(scopeSpans, 2).map(fields)) {
        spans.push({
          traceId: hex(span, 1),
          spanId: hex(span, 2),
          parentSpanId: hex(span, 4),
          name: text(span, 5),
          kind: Number(span.find((field) => field.no === 6)?.value ?? 0),
          scope,
          attributes: attributes(bytes(span, 9)),
          service: resource['service.name'] ?? '',
        });
      }
    }
  }
  return spans;
}

/** An OTLP/HTTP collector for traces (protobuf), on a free local port; it keeps what it is sent. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const bodies: Buffer[] = [];
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      if (request.url === '/v1/traces') {
        bodies.push(body);
        spans.push(...decodeTraces(body));
      }
      // An empty ExportTraceServiceResponse: everything accepted.
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    bodies,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
