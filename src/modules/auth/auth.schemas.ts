import { Type } from 'typebox';

export const LoginQuery = Type.Object({
  platform: Type.Optional(Type.String({ maxLength: 16, description: 'web (default: 302 to the provider) or mobile (200 with the URL)' })),
});

export const SocialLoginQuery = Type.Object({
  platform: Type.Optional(Type.String({ maxLength: 16, description: 'web (default) or mobile' })),
  provider: Type.Optional(Type.String({ maxLength: 64, description: 'The login connection, one of SOCIAL_CONNECTIONS' })),
});

const param = Type.Optional(Type.String({ maxLength: 4096 }));
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
