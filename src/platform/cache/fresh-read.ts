/**
 * A read shared by every caller waiting at once, but never older than the call: each caller gets
 * the answer of a read sent after it called. While one read is in flight, callers queue for the
 * next, which is sent when the first settles and answers all of them; so at most one read is in
 * flight and one queued, however many callers there are.
 *
 * What this keeps: whatever committed before a caller called, the caller's answer has seen it. A
 * read in flight was sent before the newcomer called and may have missed a write that committed
 * since, so it is never shared with the newcomer.
 */
export function freshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const send = () => {
    const sent = read();
    inFlight = sent;
    const settle = () => {
      if (inFlight === sent) inFlight = undefined;
    };
    sent.then(settle, settle);
    return sent;
  };
  return () => {
    if (!inFlight) return send();
    queued ??= inFlight
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = undefined;
        return send();
      });
    return queued;
  };
}
