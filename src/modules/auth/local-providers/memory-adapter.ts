// Per-provider storage for oidc-provider's models. The built-in memory adapter is process-global
// and prints a production warning at every start; the local providers are in-memory by design.

type Payload = Record<string, unknown> & { grantId?: string; uid?: string; userCode?: string; consumed?: number };

interface Entry {
  payload: Payload;
  expiresAt: number;
}

const GRANT_BOUND = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);
const SWEEP_ABOVE = 1000;

export function createMemoryAdapter() {
  const entries = new Map<string, Entry>();

  const read = (key: string): Payload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  };

  return (model: string) => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id: string, payload: Payload, expiresIn?: number) {
        if (entries.size > SWEEP_ABOVE) sweep();
        entries.set(key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
      },
      async find(id: string) {
        return read(key(id));
      },
      async findByUid(uid: string) {
        for (const [entryKey, entry] of entries) {
          if (entryKey.startsWith(`${model}:`) && entry.payload.uid === uid) return read(entryKey);
        }
        return undefined;
      },
      async findByUserCode(userCode: string) {
        for (const [entryKey, entry] of entries) {
          if (entryKey.startsWith(`${model}:`) && entry.payload.userCode === userCode) return read(entryKey);
        }
        return undefined;
      },
      async consume(id: string) {
        const payload = read(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id: string) {
        entries.delete(key(id));
      },
      async revokeByGrantId(grantId: string) {
        for (const [entryKey, entry] of entries) {
          const entryModel = entryKey.slice(0, entryKey.indexOf(':'));
          if (GRANT_BOUND.has(entryModel) && entry.payload.grantId === grantId) entries.delete(entryKey);
        }
      },
    };
  };
}
