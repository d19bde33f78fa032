import { Type, type Static } from 'typebox';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A day in Turkey time (Europe/Istanbul).' });
const Count = Type.Integer({ minimum: 0 });

export const OpsDashboardJob = Type.Object(
  {
    /** The job type ("media.process", "mail.send", …). */
    kind: Type.String(),
    /** Queued and due now. */
    waiting: Count,
    /** Age of the oldest waiting job (0 when none waits). */
    oldestWaitingSeconds: Count,
    /** Jobs of this kind that failed for good in the last 24 hours. */
    failed24h: Count,
  },
  // No $id: it is only ever inside the dashboard.
);

/** Counts and sizes only: the dashboard never names what a subscriber stores. */
export const OpsDashboard = Type.Object(
  {
    subscribers: Type.Object({ total: Count, active7d: Count, premium: Count }),
    storage: Type.Object({
      usedBytes: Count,
      /** Bytes stored once but named by several files, across accounts (issue 35): what sharing identical content saves. */
      savedBytes: Count,
      /** One point per day the roll-up ran, oldest first, over the last 30 days. */
      series: Type.Array(Type.Object({ day: Day, usedBytes: Count })),
    }),
    /** The last 30 days, oldest first (days without uploads are 0). */
    uploads: Type.Array(Type.Object({ day: Day, count: Count, bytes: Count, skippedBytes: Count })),
    jobs: Type.Array(OpsDashboardJob),
    errors5xxLastHour: Count,
    payments: Type.Object({ todayCount: Count, todayMinor: Count, currency: Type.String() }),
    generatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'OpsDashboard' },
);

export type Dashboard = Static<typeof OpsDashboard>;
