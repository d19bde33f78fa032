import type { AccountSettingTable, AccountTable, AuthorityTable } from '../../modules/account/account.table.js';
import type { RateCounterTable, RememberMeTokenTable, SessionTable } from '../../modules/auth/auth.table.js';
import type { CaptchaTable } from '../../modules/captcha/captcha.table.js';
import type { EulaTable } from '../../modules/eula/eula.table.js';
import type { NotificationTable } from '../../modules/notification/notification.table.js';
import type { RemoteConfigTable } from '../../modules/remote-config/remote-config.table.js';
import type { SignupRequestTable } from '../../modules/signup/signup.table.js';
import type { JobTable } from '../jobs/job.table.js';
import type { FileActivityTable, FileTable, ServerSecretTable } from '../../modules/files/file.table.js';
import type { UploadTable } from '../../modules/upload/upload.table.js';
import type { DownloadZipTable } from '../../modules/download/download.table.js';
import type { TimelineDayTable } from '../../modules/timeline/timeline.table.js';
import type { AlbumFileTable, AlbumTable } from '../../modules/albums/album.table.js';

/** The whole database as Kysely sees it; each table's interface lives with its feature. */
export interface DB {
  account: AccountTable;
  account_setting: AccountSettingTable;
  authority: AuthorityTable;
  session: SessionTable;
  remember_me_token: RememberMeTokenTable;
  rate_counter: RateCounterTable;
  signup_request: SignupRequestTable;
  captcha: CaptchaTable;
  eula: EulaTable;
  notification: NotificationTable;
  remote_config: RemoteConfigTable;
  job: JobTable;
  file: FileTable;
  file_activity: FileActivityTable;
  upload: UploadTable;
  server_secret: ServerSecretTable;
  download_zip: DownloadZipTable;
  timeline_day: TimelineDayTable;
  album: AlbumTable;
  album_file: AlbumFileTable;
}
