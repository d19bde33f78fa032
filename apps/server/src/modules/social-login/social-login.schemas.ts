import { Type } from 'typebox';

export const ProviderSchema = Type.Union([Type.Literal('google'), Type.Literal('apple')]);
export const IntentSchema = Type.Union([Type.Literal('login'), Type.Literal('signup'), Type.Literal('connect')]);

export const SocialProviders = Type.Object({ google: Type.Boolean(), apple: Type.Boolean() }, { $id: 'SocialProviders' });

export const SocialStartBody = Type.Object({ provider: ProviderSchema, intent: IntentSchema });
export const SocialStart = Type.Object({ authorizationUrl: Type.String() }, { $id: 'SocialStart' });

/** What the provider handed back to the browser: the identity token and the state it was issued for. */
export const SocialTokenBody = Type.Object(
  {
    token: Type.String({ minLength: 10, maxLength: 8192 }),
    state: Type.String({ minLength: 16, maxLength: 200 }),
  },
  { $id: 'SocialToken' },
);

/** The same with its provider: the optional `socialToken` of a sign-up. */
export const SignupSocialToken = Type.Object(
  {
    provider: ProviderSchema,
    token: Type.String({ minLength: 10, maxLength: 8192 }),
    state: Type.String({ minLength: 16, maxLength: 200 }),
  },
);

const connection = { connected: Type.Boolean(), email: Type.Union([Type.String(), Type.Null()]) };
export const SocialConnection = Type.Object(connection, { $id: 'SocialConnection' });
export const SocialStatus = Type.Object(
  { google: Type.Object(connection), apple: Type.Object(connection) },
  { $id: 'SocialStatus' },
);

/** Apple's form_post fields (`user` is JSON with the name, sent on the first consent only). */
export const AppleFormPost = Type.Object({
  id_token: Type.Optional(Type.String({ maxLength: 8192 })),
  state: Type.Optional(Type.String({ maxLength: 200 })),
  code: Type.Optional(Type.String({ maxLength: 2048 })),
  user: Type.Optional(Type.String({ maxLength: 4096 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
});

export const AppleTokenFromKey = Type.Object(
  {
    token: Type.String(),
    state: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    intent: IntentSchema,
  },
  { $id: 'AppleTokenFromKey' },
);
