import type { Migration } from 'kysely';
import * as foundation from './2026-11-21T1200_foundation.js';
import * as files from './2026-11-22T0000_files.js';
import * as filesExtra from './2026-11-22T0100_files_extra.js';
import * as downloadZip from './2026-11-23T0000_download_zip.js';
import * as media from './2026-11-24T0000_media.js';
import * as timeline from './2026-11-25T0000_timeline.js';
import * as albums from './2026-11-25T0100_albums.js';
import * as jobSchedule from './2026-11-26T0000_job_schedule.js';
import * as loginLockout from './2026-11-27T0000_login_lockout.js';
import * as instances from './2026-11-27T0500_instances.js';
import * as jobLeases from './2026-11-28T0100_job_leases.js';
import * as uploadReservation from './2026-11-28T0100_upload_reservation.js';
import * as accountPhoneVerified from './2026-11-28T0200_account_phone_verified.js';
import * as legalTexts from './2026-11-28T0200_legal_texts.js';
import * as rememberMeSuccessor from './2026-11-28T0200_remember_me_successor.js';
import * as uploadPieceState from './2026-11-28T0500_upload_piece_state.js';

/** Every migration in order; the key is the name recorded in the migration table. */
export const migrations: Record<string, Migration> = {
  '2026-11-21T1200_foundation': foundation,
  '2026-11-22T0000_files': files,
  '2026-11-22T0100_files_extra': filesExtra,
  '2026-11-23T0000_download_zip': downloadZip,
  '2026-11-24T0000_media': media,
  '2026-11-25T0000_timeline': timeline,
  '2026-11-25T0100_albums': albums,
  '2026-11-26T0000_job_schedule': jobSchedule,
  '2026-11-27T0000_login_lockout': loginLockout,
  '2026-11-27T0500_instances': instances,
  '2026-11-28T0100_job_leases': jobLeases,
  '2026-11-28T0100_upload_reservation': uploadReservation,
  '2026-11-28T0200_account_phone_verified': accountPhoneVerified,
  '2026-11-28T0200_legal_texts': legalTexts,
  '2026-11-28T0200_remember_me_successor': rememberMeSuccessor,
  '2026-11-28T0500_upload_piece_state': uploadPieceState,
};
