import { Type, type Static } from 'typebox';

export const FEEDBACK_MAX_LENGTH = 700;

export const FeedbackParams = Type.Object({
  type: Type.Union([Type.Literal('SUGGESTION'), Type.Literal('COMPLAINT')]),
  // The dialog sends TR or AR when that is the interface language, else EN; the path carries it lower-case.
  language: Type.Union([Type.Literal('tr'), Type.Literal('ar'), Type.Literal('en')]),
});

const ClientString = Type.String({ maxLength: 512 });
/** The browser's navigator strings (the spec's first reading appends them to the message; we keep them apart). */
export const FeedbackClient = Type.Object(
  {
    userAgent: Type.Optional(ClientString),
    language: Type.Optional(ClientString),
    platform: Type.Optional(ClientString),
    vendor: Type.Optional(ClientString),
    appVersion: Type.Optional(ClientString),
    screen: Type.Optional(ClientString),
  },
  { additionalProperties: false },
);
export type FeedbackClient = Static<typeof FeedbackClient>;

export const SendFeedbackBody = Type.Object({
  // Length is checked after trimming in the service (a blank text is refused with the field named).
  text: Type.String({ maxLength: FEEDBACK_MAX_LENGTH }),
  client: Type.Optional(FeedbackClient),
});

export const FeedbackSent = Type.Object({ data: Type.Object({ id: Type.String() }) });
