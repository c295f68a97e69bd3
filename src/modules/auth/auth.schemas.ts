import { Type } from 'typebox';

const challenge = {
  code_challenge: Type.Optional(
    Type.String({
      maxLength: 128,
      description:
        'Mobile only, and required there: base64url SHA-256 of a verifier the app keeps; redeeming the one-time refresh token then needs codeVerifier',
    }),
  ),
  code_challenge_method: Type.Optional(Type.String({ maxLength: 16, description: 'S256 (the only method; the default)' })),
};

export const LoginQuery = Type.Object({
  platform: Type.Optional(Type.String({ maxLength: 16, description: 'web (default: 302 to the provider) or mobile (200 with the URL)' })),
  ...challenge,
});

export const SocialLoginQuery = Type.Object({
  platform: Type.Optional(Type.String({ maxLength: 16, description: 'web (default) or mobile' })),
  provider: Type.Optional(Type.String({ maxLength: 64, description: 'The login connection, one of SOCIAL_CONNECTIONS' })),
  ...challenge,
});

// No NUL: the state is looked up in the login-state store, whose SQL text cannot hold one.
const param = Type.Optional(Type.String({ maxLength: 4096, pattern: '^[^\\u0000]*$' }));
export const CallbackQuery = Type.Object({
  code: param,
  state: param,
  iss: param,
  error: param,
  error_description: param,
});

export const AuthorizationUrl = Type.Object({ authorizationUrl: Type.String() });

/** Only for the catch-all that refuses unknown names; national and social have routes of their own. */
export const ProviderParams = Type.Object({ provider: Type.String({ description: 'national or social' }) });
