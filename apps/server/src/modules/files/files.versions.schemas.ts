import { Type, type Static } from 'typebox';
import { UuidSchema } from '../../shared/schemas.js';
import type { VersionWithSaver } from './files.versions.repository.js';

export const FileVersion = Type.Object({
  id: Type.String(),
  bytes: Type.Number(),
  contentType: Type.String(),
  /** When this content was saved (epoch ms). */
  savedDate: Type.Number(),
  /** When it stopped being the file's content. */
  replacedDate: Type.Number(),
  /** Who saved it: the owner, or an editor of a share (their name); null name when that account is gone. */
  savedBy: Type.Object({ owner: Type.Boolean(), name: Type.Union([Type.String(), Type.Null()]) }),
});
export type FileVersionDto = Static<typeof FileVersion>;

export const FileVersionList = Type.Object({
  versionList: Type.Array(FileVersion),
  /** What the versions take of the owner's quota, in bytes. */
  totalBytes: Type.Number(),
});
export type FileVersionListDto = Static<typeof FileVersionList>;

export const VersionParams = Type.Object({ uuid: UuidSchema, versionId: UuidSchema });
export const VersionsDeleted = Type.Object({ deleted: Type.Integer() });

export function toFileVersion(v: VersionWithSaver): FileVersionDto {
  const name = [v.saver_name, v.saver_surname].filter((s) => s && s.trim() !== '').join(' ') || v.saver_email || null;
  return {
    id: v.id,
    bytes: Number(v.bytes),
    contentType: v.content_type,
    savedDate: Number(v.saved_at),
    replacedDate: Number(v.created_at),
    savedBy: v.saved_by === null ? { owner: true, name: null } : { owner: false, name },
  };
}
