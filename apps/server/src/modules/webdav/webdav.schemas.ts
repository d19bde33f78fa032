import { Type } from 'typebox';
import { UuidSchema } from '../../shared/schemas.js';

export const AppPasswordScope = Type.Union([Type.Literal('files'), Type.Literal('contacts')], { $id: 'AppPasswordScope' });

export const AppPassword = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    scope: AppPasswordScope,
    createdAt: Type.Number(),
    lastUsedAt: Type.Union([Type.Number(), Type.Null()]),
  },
  { $id: 'AppPassword' },
);

export const AppPasswordList = Type.Object({ items: Type.Array(AppPassword) }, { $id: 'AppPasswordList' });

/** The secret is in this answer only: the server keeps its hash. */
export const CreatedAppPassword = Type.Object(
  { ...AppPassword.properties, password: Type.String() },
  { $id: 'CreatedAppPassword' },
);

export const CreateAppPasswordBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  scope: AppPasswordScope,
});

export const AppPasswordParams = Type.Object({ id: UuidSchema });
