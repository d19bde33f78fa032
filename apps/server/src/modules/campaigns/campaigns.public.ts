// What other modules may use of campaigns: sign-up records a referral in its transaction; the account module's
// contact-proved callback qualifies it; the packages capture and payment refunds count stars entries.
export { CampaignsService } from './campaigns.service.js';
export type { DrawEntry } from './campaigns.service.js';
