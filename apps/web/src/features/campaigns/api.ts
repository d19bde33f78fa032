import { generatedApi } from '@/api/generated/campaigns';

export type {
  GetReferralApiResponse as ReferralOverview,
  GetStarsParticipantsApiResponse as StarsParticipants,
  GetRaffleApiResponse as RaffleInfo,
  GetRaffleRightsApiResponse as RaffleRights,
} from '@/api/generated/campaigns';

/** The campaign query layer keeps unused data 60 s (spec 001 §4), not the app's 10 s. */
const KEEP = 60;

export const campaignsApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getReferral: { keepUnusedDataFor: KEEP },
    getStarsParticipants: { keepUnusedDataFor: KEEP },
    getStarsDetail: { keepUnusedDataFor: KEEP },
    getRaffle: { keepUnusedDataFor: KEEP },
    getRaffleRights: { keepUnusedDataFor: KEEP },
  },
});

export const { useGetReferralQuery, useLazyGetStarsLinkQuery, useGetStarsParticipantsQuery, useGetStarsDetailQuery, useGetRaffleQuery, useGetRaffleRightsQuery } =
  campaignsApi;

/** Spec 001 §8: the stars calls' codes and the keys that say them. */
export const STARS_ERROR_KEYS: Record<string, 'campaigns:lb_stars_no_active_campaign' | 'campaigns:lb_stars_no_campaign_details'> = {
  '8101': 'campaigns:lb_stars_no_active_campaign',
  '8102': 'campaigns:lb_stars_no_campaign_details',
};
