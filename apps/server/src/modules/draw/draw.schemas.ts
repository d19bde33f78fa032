import { Type, type Static } from 'typebox';
import { LANGUAGES } from '../../shared/schemas.js';

// Loose on purpose: a malformed phone or code is the spec's 'Illegal argument error' (from the service), not a 400
// with a schema message the page cannot match.
export const DrawBody = Type.Object({
  msisdn: Type.String({ maxLength: 32 }),
  code: Type.String({ maxLength: 32 }),
  language: Type.String({ maxLength: 8 }),
});
export const DrawValidateBody = Type.Object({
  referenceToken: Type.String({ maxLength: 200 }),
  otp: Type.String({ maxLength: 16 }),
  language: Type.String({ maxLength: 8 }),
});
export const CaptchaHeaders = Type.Object({
  'x-captcha-id': Type.Optional(Type.String({ maxLength: 64 })),
  'x-captcha-answer': Type.Optional(Type.String({ maxLength: 32 })),
});

export const DrawStarted = Type.Object({
  referenceToken: Type.String(),
  expectedInputLength: Type.Integer(),
  remainingTimeInMinutes: Type.Number({ description: 'The SMS code validity; the page counts down 60 × this many seconds.' }),
});
export const DrawJoined = Type.Object({
  campaignId: Type.String(),
  title: Type.String(),
  result: Type.String(),
  receipt: Type.String({ description: 'Shown once: its SHA-256 is the entry hash in the published list.' }),
  entryHash: Type.String(),
});
export const DrawCaptchaRequired = Type.Object({ captchaRequired: Type.Boolean() });
export const DrawCampaignPublic = Type.Object({
  id: Type.String(),
  title: Type.String(),
  conditions: Type.String(),
  startsAt: Type.Number(),
  endsAt: Type.Number(),
  commitment: Type.String(),
});
export const LanguageQuery = Type.Object({ language: Type.Optional(Type.String({ maxLength: 8 })) });
export const CampaignParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const DrawStatusSchema = Type.Union([Type.Literal('OPEN'), Type.Literal('CLOSED'), Type.Literal('DRAWN')]);
export const DrawVerification = Type.Object({
  campaignId: Type.String(),
  status: DrawStatusSchema,
  algorithm: Type.String(),
  commitment: Type.String(),
  winnerCount: Type.Integer(),
  closedAt: Type.Union([Type.Number(), Type.Null()]),
  drawnAt: Type.Union([Type.Number(), Type.Null()]),
  seed: Type.Union([Type.String(), Type.Null()]),
  entries: Type.Array(Type.String()),
  winners: Type.Array(Type.String()),
});

// --- console
const Text = Type.String({ minLength: 1, maxLength: 4000 });
const LanguageTexts = Type.Object({ title: Type.String({ minLength: 1, maxLength: 200 }), conditions: Text, result: Text });
export const CampaignTextsSchema = Type.Object(
  Object.fromEntries(LANGUAGES.map((l) => [l, LanguageTexts])) as Record<(typeof LANGUAGES)[number], typeof LanguageTexts>,
);
export const CampaignBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 120 }),
  startsAt: Type.Integer({ minimum: 0 }),
  endsAt: Type.Integer({ minimum: 0 }),
  winnerCount: Type.Integer({ minimum: 1, maximum: 10_000 }),
  texts: CampaignTextsSchema,
  reason: Type.Optional(Type.String({ maxLength: 500 })),
});
export type CampaignBodyType = Static<typeof CampaignBody>;

export const OpsCampaignSummary = Type.Object({
  id: Type.String(),
  label: Type.String(),
  status: DrawStatusSchema,
  startsAt: Type.Number(),
  endsAt: Type.Number(),
  winnerCount: Type.Integer(),
  commitment: Type.String(),
  codesIssued: Type.Integer(),
  codesUsed: Type.Integer(),
  entries: Type.Integer(),
  closedAt: Type.Union([Type.Number(), Type.Null()]),
  drawnAt: Type.Union([Type.Number(), Type.Null()]),
});
export const OpsCampaignList = Type.Object({ items: Type.Array(OpsCampaignSummary) });
export const OpsCampaign = Type.Object({ ...OpsCampaignSummary.properties, texts: CampaignTextsSchema });
export const GenerateCodesBody = Type.Object({
  count: Type.Integer({ minimum: 1, maximum: 10_000 }),
  msisdn: Type.Optional(Type.String({ pattern: '^[0-9]{10}$' })),
  reason: Type.Optional(Type.String({ maxLength: 500 })),
});
export const GeneratedCodes = Type.Object({ batchId: Type.String(), codes: Type.Array(Type.String()) });
export const ImportCodesBody = Type.Object({ csv: Type.String({ minLength: 1, maxLength: 2_000_000 }), reason: Type.Optional(Type.String({ maxLength: 500 })) });
export const ImportedCodes = Type.Object({
  batchId: Type.String(),
  imported: Type.Integer(),
  rejected: Type.Array(Type.Object({ line: Type.Integer(), reason: Type.String() })),
});
export const ReasonBody = Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) });
export const OpsEntries = Type.Object({
  total: Type.Integer(),
  codesIssued: Type.Integer(),
  codesUsed: Type.Integer(),
  items: Type.Array(
    Type.Object({
      entryHash: Type.String(),
      phone: Type.String({ description: 'Masked: +90 5** *** **12.' }),
      enteredAt: Type.Number(),
      winnerRank: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
});
export const ExportParams = Type.Object({ id: Type.String({ format: 'uuid' }), kind: Type.Union([Type.Literal('entries'), Type.Literal('winners')]) });
