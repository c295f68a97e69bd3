export type ComponentStatus = 'UP' | 'DOWN';

export async function probe(check: () => Promise<void>, timeoutMs = 1500): Promise<ComponentStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('health check timed out')), timeoutMs);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'UP';
  } catch {
    return 'DOWN';
  } finally {
    clearTimeout(timer);
  }
}
