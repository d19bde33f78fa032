import { Type, type Static } from 'typebox';
import { PHOTO_STYLES } from '../../infra/render/index.js';
import { ForyouItem } from './foryou.schemas.js';

/** The classic filters a photo can be styled with (infra/render styles). */
export const PhotoStyle = Type.Union(
  PHOTO_STYLES.map((s) => Type.Literal(s)),
  { $id: 'PhotoStyle' },
);

export const StyleBody = Type.Object({ style: PhotoStyle });

/** The account's styled photos this UTC month; `resetDate` (epoch ms) is when `used` starts again at 0. */
export const AiQuota = Type.Object(
  {
    limit: Type.Integer(),
    used: Type.Integer(),
    remaining: Type.Integer(),
    resetDate: Type.Number(),
  },
  { $id: 'AiQuota' },
);
export type AiQuotaDto = Static<typeof AiQuota>;

/** A styled photo just made, and what is left of the month's quota. */
export const StyledResult = Type.Object({ item: ForyouItem, quota: AiQuota }, { $id: 'StyledResult' });
export type StyledResultDto = Static<typeof StyledResult>;
