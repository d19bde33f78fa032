// What other features may use of campaigns: whether a stars campaign is running, for the menu entry (issue 30).
import { useTranslation } from 'react-i18next';
import { useGetRaffleQuery } from './api';

/** True while a stars campaign is active; asked only once `enabled` (the account menu opened), then cached 60 s. */
export function useStarsCampaignActive(enabled: boolean): boolean {
  const { i18n } = useTranslation();
  const raffle = useGetRaffleQuery(i18n.language.split('-')[0] ?? 'tr', { skip: !enabled });
  return raffle.data?.campaign?.active === true;
}
