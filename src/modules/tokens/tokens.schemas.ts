import { Type } from 'typebox';

export const TokenPairSchema = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  expiresAt: Type.Integer({ description: 'Access token expiry, epoch seconds' }),
});

export const MessageSchema = Type.Object({ message: Type.String() });

export const RefreshBody = Type.Union([
  Type.Object({
    refreshToken: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
    codeVerifier: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 128,
        description: 'Mobile: the verifier of the code_challenge sent when the sign-in started (needed then)',
      }),
    ),
  }),
  Type.Null(),
]);

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
