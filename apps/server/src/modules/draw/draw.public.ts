// What other modules may use of the prize draw: a phone's entries, for the raffle-rights page (issue 30, H3).
import type { DrawService } from './draw.service.js';

export type { DrawService } from './draw.service.js';

/** One entry of a phone (E.164, +90…): when it entered, when entries close, and once drawn whether it won. */
export type DrawEntryOfPhone = Awaited<ReturnType<DrawService['entriesOfPhone']>>[number];

/** The entries of a subscriber's verified phone, newest first. */
export const drawEntriesFor = (draw: DrawService, phoneE164: string): Promise<DrawEntryOfPhone[]> => draw.entriesOfPhone(phoneE164);
