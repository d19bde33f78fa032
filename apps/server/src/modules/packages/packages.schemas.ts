import { Type } from 'typebox';
import { UuidSchema } from '../../shared/schemas.js';
import type { Offer, Quote } from './packages.pricing.js';
import type { OrderView, SubscriptionView } from './packages.service.js';
import { packageLabel } from './packages.pricing.js';
import type { PaymentView } from './packages.payments.js';

const Iso = Type.String({ format: 'date-time' });
const IsoOrNull = Type.Union([Iso, Type.Null()]);
const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

export const PackageOffer = Type.Object(
  {
    id: Type.String(),
    code: Type.String(),
    /** English label ("50 GB", "2 TB Family"); clients translate `nameKey`. */
    name: Type.String(),
    nameKey: Type.String(),
    storageBytes: Type.Integer(),
    period: Type.Union([Type.Literal('MONTHLY'), Type.Literal('YEARLY')]),
    priceMinor: Type.Integer(),
    currency: Type.String(),
    discountRate: Type.Integer(),
    discountedPriceMinor: Type.Integer(),
    premium: Type.Boolean(),
    family: Type.Boolean(),
    familyMemberCount: Type.Integer(),
    type: Type.Union([Type.Literal('STORAGE'), Type.Literal('FAMILY')]),
    buyOneGetOne: Type.Boolean(),
  },
  // No $id: it appears twice in one answer (package and pendingPackage), which a shared id would make ambiguous.
);

export const PackageList = Type.Object({ packages: Type.Array(PackageOffer), currency: Type.String() }, { $id: 'PackageList' });

const OfferOrNull = Type.Union([PackageOffer, Type.Null()]);

export const SubscriptionInfo = Type.Object(
  {
    package: OfferOrNull,
    status: Type.Union([Type.Literal('NONE'), Type.Literal('ACTIVE'), Type.Literal('CANCELLED'), Type.Literal('GRACE'), Type.Literal('EXPIRED')]),
    periodStart: IsoOrNull,
    periodEnd: IsoOrNull,
    renewsAt: IsoOrNull,
    graceUntil: IsoOrNull,
    pendingPackage: OfferOrNull,
    quotaBytes: Type.Integer(),
    usedBytes: Type.Integer(),
    usagePercent: Type.Integer({ minimum: 0, maximum: 100 }),
    accountStatus: Type.Union([Type.Literal('ACTIVE'), Type.Literal('READ_ONLY')]),
    familyRole: Type.Union([Type.Literal('ADMIN'), Type.Literal('MEMBER'), Type.Null()]),
  },
  { $id: 'SubscriptionInfo' },
);

export const PackageIdBody = Type.Object({ packageId: UuidSchema });

export const PackageAgreements = Type.Object(
  {
    /** The language of the texts: tr or en (every other interface language reads the English one). */
    language: Type.Union([Type.Literal('tr'), Type.Literal('en')]),
    documents: Type.Array(
      Type.Object({
        kind: Type.Union([Type.Literal('PRE_INFORMATION'), Type.Literal('DISTANCE_SALES')]),
        title: Type.String(),
        /** Plain text; paragraphs are separated by a blank line. */
        text: Type.String(),
      }),
    ),
  },
  { $id: 'PackageAgreements' },
);

export const PackageQuote = Type.Object(
  {
    action: Type.Union([Type.Literal('PURCHASE'), Type.Literal('UPGRADE'), Type.Literal('DOWNGRADE')]),
    amountMinor: Type.Integer(),
    currency: Type.String(),
    creditMinor: Type.Integer(),
    effectiveAt: Iso,
  },
  { $id: 'PackageQuote' },
);

const Card = Type.Object({
  number: Type.String({ minLength: 1, maxLength: 32 }),
  expiryMonth: Type.Integer({ minimum: 1, maximum: 12 }),
  expiryYear: Type.Integer({ minimum: 2000, maximum: 2200 }),
  cvc: Type.String({ minLength: 1, maxLength: 8 }),
  holderName: Type.String({ maxLength: 100 }),
});

export const PaymentMethodBody = Type.Union([
  Type.Object({ type: Type.Literal('NEW_CARD'), card: Card, saveCard: Type.Boolean() }),
  Type.Object({ type: Type.Literal('SAVED_CARD'), cardId: UuidSchema }),
  Type.Object({ type: Type.Literal('WALLET') }),
]);

export const CreateOrderBody = Type.Object({
  packageId: UuidSchema,
  /** One per checkout, made by the client: the same checkout submitted twice is one order and one charge. */
  idempotencyKey: UuidSchema,
  payment: PaymentMethodBody,
  /** Where the provider's 3-D Secure page sends the browser back: the app's screen (default) or the mobile web view's. */
  returnTo: Type.Optional(Type.Union([Type.Literal('MAIN'), Type.Literal('VIEW')])),
});

export const OrderParams = Type.Object({ id: UuidSchema });

const OrderPayment = Type.Object({
  id: Type.String(),
  accountId: Type.String(),
  purposeKind: Type.String(),
  purposeRef: Type.String(),
  amountMinor: Type.Integer(),
  currency: Type.String(),
  status: Type.String(),
  declineCode: Type.Union([Type.String(), Type.Null()]),
  method: Type.String(),
  cardMask: Type.Union([Type.String(), Type.Null()]),
  description: Type.String(),
  capturedAt: IsoOrNull,
  refundedMinor: Type.Integer(),
  createdAt: Iso,
});

export const PackageOrderResult = Type.Object(
  {
    orderId: Type.String(),
    status: Type.Union([Type.Literal('COMPLETED'), Type.Literal('PENDING'), Type.Literal('FAILED')]),
    /** Null only while an order's payment has not been started (a crash between the two). */
    payment: Type.Union([OrderPayment, Type.Null()]),
    actionUrl: Type.Union([Type.String(), Type.Null()]),
    paycellTrxnId: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'PackageOrderResult' },
);

export const toOffer = (o: Offer) => ({
  id: o.pkg.id,
  code: o.pkg.code,
  name: packageLabel(o.pkg),
  nameKey: o.pkg.name_key,
  storageBytes: Number(o.pkg.storage_bytes),
  period: o.pkg.period,
  priceMinor: Number(o.pkg.price_minor),
  currency: o.pkg.currency,
  discountRate: o.discountRate,
  discountedPriceMinor: o.priceMinor,
  premium: o.pkg.premium === 1,
  family: o.pkg.family === 1,
  familyMemberCount: o.pkg.family_member_count,
  type: o.pkg.type,
  buyOneGetOne: o.buyOneGetOne,
});

export const toPackageList = (offers: Offer[]) => ({ packages: offers.map(toOffer), currency: offers[0]?.pkg.currency ?? 'TRY' });

export const toSubscriptionInfo = (s: SubscriptionView) => ({
  ...s,
  package: s.package ? toOffer(s.package) : null,
  pendingPackage: s.pendingPackage ? toOffer(s.pendingPackage) : null,
  periodStart: isoOrNull(s.periodStart),
  periodEnd: isoOrNull(s.periodEnd),
  renewsAt: isoOrNull(s.renewsAt),
  graceUntil: isoOrNull(s.graceUntil),
});

export const toQuote = (q: Quote) => ({ ...q, effectiveAt: iso(q.effectiveAt) });

const toPayment = (p: PaymentView) => ({ ...p, capturedAt: isoOrNull(p.capturedAt), createdAt: iso(p.createdAt) });

export const toOrderResult = (o: OrderView) => ({ ...o, payment: o.payment ? toPayment(o.payment) : null });
