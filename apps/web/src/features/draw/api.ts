import { generatedApi } from '@/api/generated/draw';

export type { DrawApiResponse, DrawValidateApiResponse, GetDrawCampaignApiResponse } from '@/api/generated/draw';

/** The prize-draw page's calls (spec 000 §7 "Prize draw"); the captcha answer hangs on the spec's CaptchaRequired tag. */
export const drawApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getCampaignCaptcha: { providesTags: ['CaptchaRequired'], keepUnusedDataFor: 0 },
  },
});

export const { useGetCampaignCaptchaQuery, useGetDrawCampaignQuery, useDrawMutation, useDrawValidateMutation } = drawApi;
