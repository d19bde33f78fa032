import { Type, type Static } from 'typebox';
import { permissionsOf } from '../../shared/access/operator-roles.js';
import type { Operator } from './operators.table.js';

export const OperatorRoleSchema = Type.Union([Type.Literal('admin'), Type.Literal('support'), Type.Literal('marketing'), Type.Literal('finance')]);
/** Every action that changes something says why (issue 27). */
export const ReasonSchema = Type.String({ minLength: 3, maxLength: 500 });

export const OperatorMeSchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: Type.String(),
    role: OperatorRoleSchema,
    permissions: Type.Array(Type.String()),
  },
  { $id: 'OperatorMe' },
);
export type OperatorMe = Static<typeof OperatorMeSchema>;

export const toOperatorMe = (o: Operator): OperatorMe => ({ id: o.id, email: o.email, name: o.name, role: o.role, permissions: permissionsOf(o.role) });

export const OperatorSummarySchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: Type.String(),
    role: OperatorRoleSchema,
    status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('DISABLED')]),
    /** The set-up link was never completed (no password or authenticator yet). */
    setupPending: Type.Boolean(),
    createdAt: Type.Integer(),
    lastSignInAt: Type.Union([Type.Integer(), Type.Null()]),
  },
  { $id: 'OperatorSummary' },
);
export type OperatorSummary = Static<typeof OperatorSummarySchema>;

export const toOperatorSummary = (o: Operator): OperatorSummary => ({
  id: o.id,
  email: o.email,
  name: o.name,
  role: o.role,
  status: o.status,
  setupPending: o.password_hash === null || o.totp_secret === null,
  createdAt: Number(o.created_at),
  lastSignInAt: o.last_sign_in_at === null ? null : Number(o.last_sign_in_at),
});

export const SignedInSchema = Type.Object({ token: Type.String(), operator: OperatorMeSchema }, { $id: 'OperatorSignedIn' });

const Email = Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' });
export const SetupTokenParams = Type.Object({ token: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }) });
export const TotpCode = Type.String({ pattern: '^[0-9]{6}$' });

export const SetupInfoSchema = Type.Object({ email: Type.String(), name: Type.String(), expiresAt: Type.Integer() });
export const SetupPasswordBody = Type.Object({ password: Type.String({ minLength: 12, maxLength: 128 }) });
export const EnrolmentSchema = Type.Object({ otpauthUrl: Type.String(), secret: Type.String() });
export const LoginBody = Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: 128 }) });
export const ChallengeSchema = Type.Object({ challenge: Type.String() });
export const TotpBody = Type.Object({ challenge: Type.String({ minLength: 1, maxLength: 1000 }), code: TotpCode });

export const CreateOperatorBody = Type.Object({
  email: Email,
  name: Type.String({ minLength: 1, maxLength: 200 }),
  role: OperatorRoleSchema,
  reason: ReasonSchema,
});
export const CreatedOperatorSchema = Type.Object({ operator: OperatorSummarySchema, setupUrl: Type.String() });
export const OperatorIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const ReasonBody = Type.Object({ reason: ReasonSchema });
export const RoleBody = Type.Object({ role: OperatorRoleSchema, reason: ReasonSchema });
