import { Type, type Static, type TSchema } from 'typebox';

export const TokenPairSchema = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  expiresAt: Type.Integer({ description: 'Access token expiry, epoch seconds' }),
});

export const MessageSchema = Type.Object({ message: Type.String() });

// null and "" are absent (the cookie flow, or 401 invalid_refresh_token), not a 400: some clients
// send every field of their model, empty or not.
const absentOr = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Literal(''), Type.Null()]));

const RefreshFields = Type.Object({
  refreshToken: absentOr(Type.String({ minLength: 1, maxLength: 512 })),
  codeVerifier: absentOr(
    Type.String({
      minLength: 1,
      maxLength: 128,
      description: 'Mobile: the verifier of the code_challenge sent when the sign-in started (needed then)',
    }),
  ),
});

// An object or a JSON null, as one schema rather than a union: a union's failure names only the
// body, and the 400 should name the field that is wrong.
export const RefreshBody = Type.Unsafe<Static<typeof RefreshFields> | null>({ ...RefreshFields, type: ['object', 'null'] });

export const DevTokenBody = Type.Object({ userId: Type.String({ format: 'uuid' }) });

export const JwkSchema = Type.Object({
  kty: Type.Literal('EC'),
  crv: Type.Literal('P-256'),
  kid: Type.String(),
  x: Type.String(),
  y: Type.String(),
  use: Type.Literal('sig'),
  alg: Type.Literal('ES256'),
});
export const JwksSchema = Type.Object({ keys: Type.Array(JwkSchema) });
