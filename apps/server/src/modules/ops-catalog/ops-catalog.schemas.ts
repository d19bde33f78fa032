import { Type } from 'typebox';
import { LANGUAGES, UuidSchema } from '../../shared/schemas.js';
import { PREMIUM_FEATURES, type CatalogueEntry } from '../packages/packages.catalogue.public.js';
import type { ReconciliationDay } from '../payment/payment.ops.public.js';
import type { PaymentView } from '../payment/payment.public.js';
import type { ConfigChange, ConfigKeyView, ConfigVersionView } from '../remote-config/remote-config.ops.public.js';
import type { OrderDetail, OrderSummary } from './ops-catalog.service.js';

const Iso = Type.String({ format: 'date-time' });
const IsoOrNull = Type.Union([Iso, Type.Null()]);
const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
const StringOrNull = Type.Union([Type.String(), Type.Null()]);
const IntOrNull = Type.Union([Type.Integer(), Type.Null()]);

/** Every change names why (3–500 characters); it goes to the audit log. */
export const Reason = Type.String({ minLength: 3, maxLength: 500 });

// --- plans

const PlanNames = Type.Object(Object.fromEntries(LANGUAGES.map((l) => [l, Type.String({ minLength: 1, maxLength: 100 })])) as Record<(typeof LANGUAGES)[number], ReturnType<typeof Type.String>>, {
  additionalProperties: false,
});
const Period = Type.Union([Type.Literal('MONTHLY'), Type.Literal('YEARLY')]);
const Feature = Type.Union([Type.Literal(PREMIUM_FEATURES[0]), Type.Literal(PREMIUM_FEATURES[1]), Type.Literal(PREMIUM_FEATURES[2])]);

export const OpsPlan = Type.Object(
  {
    id: Type.String(),
    code: Type.String(),
    names: PlanNames,
    quotaBytes: Type.Integer(),
    priceMinor: Type.Integer(),
    currency: Type.String(),
    period: Period,
    familySeats: Type.Integer(),
    features: Type.Array(Feature),
    visible: Type.Boolean(),
  },
  { $id: 'OpsPlan' },
);
export const OpsPlanList = Type.Object({ items: Type.Array(OpsPlan) }, { $id: 'OpsPlanList' });

export const OpsPlanBody = Type.Object({
  names: PlanNames,
  quotaBytes: Type.Integer({ minimum: 1, maximum: 1024 ** 5 }),
  priceMinor: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  period: Period,
  familySeats: Type.Integer({ minimum: 0, maximum: 20 }),
  features: Type.Array(Feature, { uniqueItems: true, maxItems: PREMIUM_FEATURES.length }),
  visible: Type.Boolean(),
  reason: Reason,
});
export const PlanParams = Type.Object({ id: UuidSchema });

export const toPlan = (p: CatalogueEntry) => p;

// --- remote configuration

const ConfigType = Type.Union([Type.Literal('boolean'), Type.Literal('integer'), Type.Literal('string'), Type.Literal('enum'), Type.Literal('json')]);
export const ConfigLanguage = Type.Union([Type.Literal('*'), ...LANGUAGES.map((l) => Type.Literal(l))]);

export const OpsConfigList = Type.Object(
  {
    items: Type.Array(
      Type.Object({
        name: Type.String(),
        type: ConfigType,
        allowed: Type.Optional(Type.Array(Type.String())),
        min: Type.Optional(Type.Integer()),
        max: Type.Optional(Type.Integer()),
        /** What the key does (the registry's description). */
        summary: Type.String(),
        values: Type.Array(Type.Object({ language: Type.String(), value: Type.String() })),
        updatedAt: IsoOrNull,
      }),
    ),
  },
  { $id: 'OpsConfigList' },
);

export const ConfigParams = Type.Object({ name: Type.String({ pattern: '^[a-z0-9_]{1,100}$' }) });

export const OpsConfigUpdateBody = Type.Object({
  language: ConfigLanguage,
  value: Type.Union([Type.String({ maxLength: 10_000 }), Type.Integer(), Type.Boolean()]),
  reason: Reason,
});

export const OpsConfigRollbackBody = Type.Object({ versionId: UuidSchema, reason: Reason });

export const OpsConfigChange = Type.Object(
  {
    name: Type.String(),
    language: Type.String(),
    before: StringOrNull,
    after: Type.String(),
    versionId: StringOrNull,
    changed: Type.Boolean(),
  },
  { $id: 'OpsConfigChange' },
);

export const OpsConfigHistory = Type.Object(
  {
    items: Type.Array(
      Type.Object({
        id: Type.String(),
        language: Type.String(),
        value: Type.String(),
        operatorId: StringOrNull,
        operatorEmail: StringOrNull,
        reason: StringOrNull,
        rolledBackFrom: StringOrNull,
        createdAt: Iso,
      }),
    ),
  },
  { $id: 'OpsConfigHistory' },
);

export const toConfigList = (items: ConfigKeyView[]) => ({
  items: items.map((k) => ({
    name: k.name,
    type: k.type,
    ...(k.allowed ? { allowed: k.allowed } : {}),
    ...(k.min !== null ? { min: k.min } : {}),
    ...(k.max !== null ? { max: k.max } : {}),
    summary: k.description,
    values: k.values,
    updatedAt: isoOrNull(k.updatedAt),
  })),
});
export const toConfigChange = (c: ConfigChange) => c;
export const toConfigHistory = (items: ConfigVersionView[]) => ({ items: items.map((v) => ({ ...v, createdAt: iso(v.createdAt) })) });

// --- orders

const OrderKind = Type.Union([Type.Literal('PURCHASE'), Type.Literal('UPGRADE'), Type.Literal('RENEWAL')]);
const OrderStatus = Type.Union([Type.Literal('PENDING'), Type.Literal('COMPLETED'), Type.Literal('FAILED'), Type.Literal('CANCELLED')]);

export const OrdersQuery = Type.Object({ q: Type.String({ minLength: 1, maxLength: 200 }) });

export const OpsOrderList = Type.Object(
  {
    items: Type.Array(
      Type.Object({
        id: Type.String(),
        accountId: Type.String(),
        subscriberEmail: StringOrNull,
        kind: OrderKind,
        status: OrderStatus,
        amountMinor: Type.Integer(),
        currency: Type.String(),
        createdAt: Iso,
        packageCode: StringOrNull,
        paymentStatus: StringOrNull,
        /** Only the last four digits: `**** **** **** 1234`. */
        cardMask: StringOrNull,
        refundedMinor: Type.Integer(),
      }),
    ),
  },
  { $id: 'OpsOrderList' },
);

const OpsPayment = Type.Object({
  id: Type.String(),
  amountMinor: Type.Integer(),
  currency: Type.String(),
  status: Type.String(),
  declineCode: StringOrNull,
  method: Type.String(),
  cardMask: StringOrNull,
  description: Type.String(),
  capturedAt: IsoOrNull,
  refundedMinor: Type.Integer(),
  createdAt: Iso,
});

export const OpsOrderDetail = Type.Object(
  {
    order: Type.Object({
      id: Type.String(),
      accountId: Type.String(),
      packageId: Type.String(),
      kind: OrderKind,
      amountMinor: Type.Integer(),
      creditMinor: Type.Integer(),
      currency: Type.String(),
      periods: Type.Integer(),
      status: OrderStatus,
      createdAt: Iso,
      completedAt: IsoOrNull,
    }),
    package: Type.Union([
      Type.Object({ id: Type.String(), code: Type.String(), planNames: PlanNames, period: Period, quotaBytes: Type.Integer() }),
      Type.Null(),
    ]),
    subscriber: Type.Union([Type.Object({ id: Type.String(), email: Type.String(), phone: Type.String(), name: Type.String() }), Type.Null()]),
    payment: Type.Union([OpsPayment, Type.Null()]),
    refunds: Type.Array(
      Type.Object({
        id: Type.String(),
        amountMinor: Type.Integer(),
        reason: Type.String(),
        status: Type.Union([Type.Literal('PENDING'), Type.Literal('DONE'), Type.Literal('FAILED')]),
        createdAt: Iso,
        completedAt: IsoOrNull,
      }),
    ),
    invoices: Type.Array(
      Type.Object({
        id: Type.String(),
        number: Type.String(),
        kind: Type.Union([Type.Literal('INVOICE'), Type.Literal('REFUND')]),
        originalInvoiceId: StringOrNull,
        netMinor: Type.Integer(),
        vatMinor: Type.Integer(),
        totalMinor: Type.Integer(),
        currency: Type.String(),
        issuedAt: Iso,
      }),
    ),
    refundableMinor: Type.Integer(),
  },
  { $id: 'OpsOrderDetail' },
);

export const OrderParams = Type.Object({ id: UuidSchema });

export const OpsRefundBody = Type.Object({
  amountMinor: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  reason: Reason,
  /** One per refund the operator means (the console makes it when the dialog opens); the same key twice refunds once. */
  idempotencyKey: Type.Optional(UuidSchema),
});

const toPaymentOut = (p: PaymentView) => ({
  id: p.id,
  amountMinor: p.amountMinor,
  currency: p.currency,
  status: p.status,
  declineCode: p.declineCode,
  method: p.method,
  cardMask: p.cardMask,
  description: p.description,
  capturedAt: isoOrNull(p.capturedAt),
  refundedMinor: p.refundedMinor,
  createdAt: iso(p.createdAt),
});

export const toOrderList = (items: OrderSummary[]) => ({ items: items.map((o) => ({ ...o, createdAt: iso(o.createdAt) })) });

export const toOrderDetail = (d: OrderDetail) => ({
  order: { ...d.order, createdAt: iso(d.order.createdAt), completedAt: isoOrNull(d.order.completedAt) },
  package: d.package ? { id: d.package.id, code: d.package.code, planNames: d.package.names, period: d.package.period, quotaBytes: d.package.quotaBytes } : null,
  subscriber: d.subscriber,
  payment: d.payment ? toPaymentOut(d.payment) : null,
  refunds: d.refunds.map((r) => ({ ...r, createdAt: iso(r.createdAt), completedAt: isoOrNull(r.completedAt) })),
  invoices: d.invoices.map((i) => ({ ...i, issuedAt: iso(i.issuedAt) })),
  refundableMinor: d.refundableMinor,
});

export const ReconciliationQuery = Type.Object({ date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }) });

const Totals = Type.Object({ capturedCount: Type.Integer(), capturedMinor: Type.Integer(), refundedCount: Type.Integer(), refundedMinor: Type.Integer() });

export const OpsReconciliation = Type.Object(
  {
    date: Type.String(),
    from: Iso,
    to: Iso,
    ours: Totals,
    provider: Totals,
    differences: Type.Array(
      Type.Object({
        kind: Type.String(),
        paymentId: StringOrNull,
        refundId: StringOrNull,
        providerRef: StringOrNull,
        oursMinor: IntOrNull,
        providerMinor: IntOrNull,
        oursStatus: StringOrNull,
        providerStatus: StringOrNull,
      }),
    ),
  },
  { $id: 'OpsReconciliation' },
);

export const toReconciliation = (r: ReconciliationDay) => ({ ...r, from: iso(r.from), to: iso(r.to) });
