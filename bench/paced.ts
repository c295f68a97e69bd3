import http from 'node:http';
import type { DayVisitor } from './day-mix.ts';

/**
 * An open-loop load at an even pace, for the realistic day: request k is due at start + k / rate and
 * goes to the next idle visitor (each holds one keep-alive connection and one request at a time); a
 * request due while every visitor is busy waits for the first to be free. Its latency counts from
 * the moment it was due, so waiting counts too. Why not autocannon's `overallRate`: autocannon sends
 * each connection's share of a second at the start of the second, every connection at once, so at
 * 20 requests/s the service met a burst of 20 every second, and the queue of that burst was the
 * ~40 ms median the first day runs measured on an idle machine.
 */
export interface PacedResult {
  latencies: number[];
  /** The same latencies by kind of call: "GET /api/v1/games/:id" (ids and queries left out). */
  byCall: Record<string, number[]>;
  statusCodes: Record<string, number>;
  errors: number;
  /** From the first request due to the last answer. */
  seconds: number;
}

const callKind = (method: string, path: string) => `${method} ${path.split('?')[0]!.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')}`;

interface Slot {
  visitor: DayVisitor;
  agent: http.Agent;
}

export function paced(url: string, visitors: DayVisitor[], rate: number, seconds: number): Promise<PacedResult> {
  const target = new URL(url);
  const idle: Slot[] = visitors.map((visitor) => ({ visitor, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) }));
  const slots = [...idle];
  const waiting: number[] = [];
  const result: PacedResult = { latencies: [], byCall: {}, statusCodes: {}, errors: 0, seconds: 0 };
  const total = Math.floor(rate * seconds);
  const start = performance.now();
  const dueAt = (k: number) => start + (k * 1000) / rate;
  let scheduled = 0;
  let inFlight = 0;

  return new Promise((resolve) => {
    const finish = () => {
      if (scheduled < total || inFlight > 0) return;
      for (const slot of slots) slot.agent.destroy();
      result.seconds = (performance.now() - start) / 1000;
      resolve(result);
    };
    const settle = (slot: Slot) => {
      inFlight--;
      const due = waiting.shift();
      if (due === undefined) idle.push(slot);
      else send(slot, due);
      finish();
    };
    const send = (slot: Slot, due: number) => {
      const { method, path, headers, body } = slot.visitor.next();
      inFlight++;
      const request = http.request({ host: target.hostname, port: target.port, method, path, headers, agent: slot.agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const latency = performance.now() - due;
          result.latencies.push(latency);
          (result.byCall[callKind(method, path)] ??= []).push(latency);
          const status = response.statusCode ?? 0;
          result.statusCodes[status] = (result.statusCodes[status] ?? 0) + 1;
          slot.visitor.answered(status, Buffer.concat(chunks).toString());
          settle(slot);
        });
      });
      request.on('error', () => {
        result.errors++;
        settle(slot);
      });
      request.setNoDelay(true);
      request.end(body);
    };
    const tick = () => {
      const now = performance.now();
      while (scheduled < total && dueAt(scheduled) <= now) {
        const slot = idle.shift();
        if (slot) send(slot, dueAt(scheduled));
        else waiting.push(dueAt(scheduled));
        scheduled++;
      }
      if (scheduled < total) setTimeout(tick, Math.max(0, dueAt(scheduled) - performance.now()));
      else finish();
    };
    tick();
  });
}
