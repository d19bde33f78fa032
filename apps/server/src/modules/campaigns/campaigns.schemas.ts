import { Type, type Static } from 'typebox';
import { LANGUAGES, LanguageSchema, UuidSchema } from '../../shared/schemas.js';
import type { Campaign } from './campaigns.table.js';
import { referralRules, type CampaignInput, type CampaignsService } from './campaigns.service.js';
import { MAX_DETAILS_LENGTH } from './campaigns.sanitize.js';

const Iso = Type.String({ format: 'date-time' });
const IsoOrNull = Type.Union([Iso, Type.Null()]);
const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms == null ? null : iso(Number(ms)));
const Kind = Type.Union([Type.Literal('REFERRAL'), Type.Literal('STARS')]);
const ReferralStatus = Type.Union([Type.Literal('JOINED'), Type.Literal('QUALIFIED'), Type.Literal('REWARDED'), Type.Literal('CAPPED'), Type.Literal('REJECTED')]);
const RejectReason = Type.Union([
  Type.Literal('SELF_REFERRAL'),
  Type.Literal('CONTACT_ALREADY_CREDITED'),
  Type.Literal('FRIEND_DELETED'),
  Type.Literal('NO_CAMPAIGN'),
  Type.Null(),
]);

export const LanguageQuery = Type.Object({ language: Type.Optional(Type.String({ maxLength: 10 })) });

// --- subscriber answers

const CampaignSummary = {
  id: Type.String(),
  kind: Kind,
  title: Type.String(),
  summary: Type.String(),
  startsAt: Iso,
  endsAt: Iso,
  drawAt: IsoOrNull,
};

export const ReferralOverview = Type.Object(
  {
    url: Type.String(),
    campaign: Type.Union([
      Type.Object({ ...CampaignSummary, rules: Type.Object({ bonusBytes: Type.Integer(), monthlyCap: Type.Integer() }) }),
      Type.Null(),
    ]),
    friends: Type.Array(
      Type.Object({ username: Type.String(), joinedAt: Iso, status: ReferralStatus, reason: RejectReason, earnedBytes: Type.Integer() }),
    ),
    earnedBytes: Type.Integer(),
  },
  { $id: 'ReferralOverview' },
);

export const StarsLink = Type.Object({ url: Type.String() }, { $id: 'StarsLink' });
const Username = Type.Object({ username: Type.String() });
export const StarsParticipants = Type.Object({ purchasedOnly: Type.Array(Username), purchasedAndActivated: Type.Array(Username) }, { $id: 'StarsParticipants' });
export const StarsDetail = Type.Object({ content: Type.String() }, { $id: 'StarsDetail' });

export const Raffle = Type.Object(
  { campaign: Type.Union([Type.Object({ ...CampaignSummary, content: Type.Union([Type.String(), Type.Null()]), active: Type.Boolean() }), Type.Null()]) },
  { $id: 'Raffle' },
);

export const RaffleRights = Type.Object(
  {
    stars: Type.Union([Type.Object({ title: Type.String(), drawAt: IsoOrNull, rights: Type.Integer() }), Type.Null()]),
    draws: Type.Array(Type.Object({ campaignId: Type.String(), enteredAt: Iso, drawAt: Iso, won: Type.Union([Type.Boolean(), Type.Null()]) })),
  },
  { $id: 'RaffleRights' },
);

type Overview = Awaited<ReturnType<CampaignsService['referralOverview']>>;
type RaffleData = Awaited<ReturnType<CampaignsService['raffle']>>;
type RightsData = Awaited<ReturnType<CampaignsService['raffleRights']>>;
type Summary = { id: string; kind: 'REFERRAL' | 'STARS'; title: string; summary: string; startsAt: number; endsAt: number; drawAt: number | null };
const summaryOf = (c: Summary) => ({ ...c, startsAt: iso(c.startsAt), endsAt: iso(c.endsAt), drawAt: isoOrNull(c.drawAt) });

export const toReferralOverview = (o: Overview): Static<typeof ReferralOverview> => ({
  url: o.url,
  campaign: o.campaign ? { ...summaryOf(o.campaign), rules: o.campaign.rules } : null,
  friends: o.friends.map((f) => ({ ...f, joinedAt: iso(f.joinedAt) })),
  earnedBytes: o.earnedBytes,
});

export const toRaffle = (r: RaffleData): Static<typeof Raffle> => ({
  campaign: r.campaign ? { ...summaryOf(r.campaign), content: r.campaign.content, active: r.campaign.active } : null,
});

export const toRaffleRights = (r: RightsData): Static<typeof RaffleRights> => ({
  stars: r.stars ? { ...r.stars, drawAt: isoOrNull(r.stars.drawAt) } : null,
  draws: r.draws.map((d) => ({ ...d, enteredAt: iso(d.enteredAt), drawAt: iso(d.drawAt) })),
});

// --- console

const Texts = Type.Partial(Type.Record(LanguageSchema, Type.Object({ title: Type.String({ maxLength: 120 }), summary: Type.String({ maxLength: 500 }) }, { additionalProperties: false })));
const Details = Type.Partial(Type.Record(LanguageSchema, Type.String({ maxLength: MAX_DETAILS_LENGTH })));

export const OpsCampaignBody = Type.Object(
  {
    kind: Kind,
    name: Type.String({ minLength: 1, maxLength: 120 }),
    startsAt: Iso,
    endsAt: Iso,
    drawAt: Type.Optional(IsoOrNull),
    texts: Texts,
    details: Details,
    rules: Type.Optional(
      Type.Object({
        bonusBytes: Type.Optional(Type.Integer({ minimum: 0, maximum: 1024 ** 4 })),
        monthlyCap: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
      }, { additionalProperties: false }),
    ),
    reason: Type.Optional(Type.String({ minLength: 3, maxLength: 500 })),
  },
  { $id: 'OpsCampaignBody', additionalProperties: false },
);

export const OpsCampaign = Type.Object(
  {
    id: Type.String(),
    kind: Kind,
    name: Type.String(),
    status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('CLOSED')]),
    startsAt: Iso,
    endsAt: Iso,
    drawAt: IsoOrNull,
    texts: Type.Record(Type.String(), Type.Object({ title: Type.String(), summary: Type.String() })),
    details: Type.Record(Type.String(), Type.String()),
    rules: Type.Object({ bonusBytes: Type.Optional(Type.Integer()), monthlyCap: Type.Optional(Type.Integer()) }),
    updatedAt: Iso,
  },
  { $id: 'OpsCampaign' },
);
export const OpsCampaignList = Type.Object({ items: Type.Array(OpsCampaign) }, { $id: 'OpsCampaignList' });
export const CampaignParams = Type.Object({ id: UuidSchema });
export const OpsCloseBody = Type.Object({ reason: Type.Optional(Type.String({ minLength: 3, maxLength: 500 })) }, { additionalProperties: false });

export const toOpsCampaign = (c: Campaign): Static<typeof OpsCampaign> => ({
  id: c.id,
  kind: c.kind,
  name: c.name,
  status: c.status,
  startsAt: iso(Number(c.starts_at)),
  endsAt: iso(Number(c.ends_at)),
  drawAt: isoOrNull(c.draw_at),
  texts: JSON.parse(c.texts_json) as Record<string, { title: string; summary: string }>,
  details: JSON.parse(c.details_json) as Record<string, string>,
  rules: c.kind === 'REFERRAL' ? referralRules(c) : {},
  updatedAt: iso(Number(c.updated_at)),
});

export const fromOpsBody = (b: Static<typeof OpsCampaignBody>): CampaignInput => ({
  kind: b.kind,
  name: b.name,
  startsAt: Date.parse(b.startsAt),
  endsAt: Date.parse(b.endsAt),
  drawAt: b.drawAt ? Date.parse(b.drawAt) : null,
  texts: b.texts,
  details: b.details,
  rules: b.rules,
  reason: b.reason,
});

export const languageOf = (q: { language?: string }, fallback = 'tr'): string => {
  const lang = (q.language ?? fallback).slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(lang) ? lang : 'en';
};
