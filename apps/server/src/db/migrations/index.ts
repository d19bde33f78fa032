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
import * as shareLink from './2026-11-29T0300_share_link.js';
import * as share from './2026-11-29T0400_share.js';
import * as search from './2026-11-29T0500_search.js';
import * as uploadTaken from './2026-11-29T0600_upload_taken.js';
import * as accountCredentials from './2026-11-30T0100_account_credentials.js';
import * as passwordRecovery from './2026-11-30T0101_password_recovery.js';
import * as recoveryEmailToken from './2026-11-30T0102_recovery_email_token.js';
import * as twoFactor from './2026-11-30T0200_two_factor.js';
import * as qrLogin from './2026-11-30T0201_qr_login.js';
import * as socialLogin from './2026-11-30T0300_social_login.js';
import * as signupSocial from './2026-11-30T0301_signup_social.js';
import * as profile from './2026-11-30T0400_profile.js';
import * as searchState from './2026-11-30T0500_search_state.js';
import * as payment from './2026-12-01T0100_payment.js';
import * as packages from './2026-12-01T0200_packages.js';
import * as invoice from './2026-12-01T0300_invoice.js';
import * as invoiceLineItem from './2026-12-04T0100_invoice_line_item.js';
import * as sandboxChargeLanguage from './2026-12-04T0101_sandbox_charge_language.js';
import * as family from './2026-12-01T0400_family.js';
import * as people from './2026-12-01T1000_people.js';
import * as placesThings from './2026-12-01T1100_places_things.js';
import * as faceRetention from './2026-12-02T0100_face_retention.js';
import * as foryou from './2026-12-02T1000_foryou.js';
import * as foryouResults from './2026-12-03T1000_foryou_results.js';
import * as foryouStyled from './2026-12-03T1100_foryou_styled.js';
import * as timeZone from './2026-12-04T1000_time_zone.js';
import * as placeNames from './2026-12-05T0100_place_names.js';
import * as operators from './2026-12-06T0100_operators.js';
import * as operatorAudit from './2026-12-06T0101_operator_audit.js';
import * as opsMetrics from './2026-12-06T0300_ops_metrics.js';
import * as packageCatalogue from './2026-12-06T0300_package_catalogue.js';
import * as remoteConfigRegistry from './2026-12-06T0301_remote_config_registry.js';
import * as campaigns from './2026-12-07T0300_campaigns.js';
import * as paymentOpsIndexes from './2026-12-06T0302_payment_ops_indexes.js';
import * as draw from './2026-12-07T0400_draw.js';
import * as webdav from './2026-12-08T0100_webdav.js';
import * as opsSubscribers from './2026-12-06T0200_ops_subscribers.js';
import * as support from './2026-12-07T0100_support.js';
import * as contacts from './2026-12-08T0200_contacts.js';
import * as contactEntries from './2026-12-09T0200_contact_entries.js';
import * as dropboxImport from './2026-12-10T0200_dropbox_import.js';
import * as smallThumb from './2026-12-09T0800_small_thumb.js';
import * as fileVersion from './2026-12-10T0100_file_version.js';
import * as contactEntryOpenSeq from './2026-12-10T0500_contact_entry_open_seq.js';
import * as office from './2026-12-10T0300_office.js';
import * as liveLinks from './2026-12-10T0400_live_links.js';
import * as dataExport from './2026-12-11T0200_data_export.js';
import * as takeoutImport from './2026-12-11T0210_takeout_import.js';
import * as contentBlob from './2026-12-11T0300_content_blob.js';
import * as familyLibrary from './2026-12-12T0200_family_library.js';
import * as fileFactsGiven from './2026-12-12T0400_file_facts_given.js';
import * as uploadFamily from './2026-12-13T0200_upload_family.js';
import * as familyPeople from './2026-12-14T0300_family_people.js';
import * as contentPart from './2026-12-14T0400_content_part.js';
import * as familyLibraryOrder from './2026-12-14T0500_family_library_order.js';
import * as familyAlbums from './2026-12-15T0100_family_albums.js';
import * as blobKeyBytes from './2026-12-15T0300_blob_key_bytes.js';
import * as familyFaceRejection from './2026-12-15T0340_family_face_rejection.js';

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
  '2026-11-29T0300_share_link': shareLink,
  '2026-11-29T0400_share': share,
  '2026-11-29T0500_search': search,
  '2026-11-29T0600_upload_taken': uploadTaken,
  '2026-11-30T0100_account_credentials': accountCredentials,
  '2026-11-30T0101_password_recovery': passwordRecovery,
  '2026-11-30T0102_recovery_email_token': recoveryEmailToken,
  '2026-11-30T0200_two_factor': twoFactor,
  '2026-11-30T0201_qr_login': qrLogin,
  '2026-11-30T0300_social_login': socialLogin,
  '2026-11-30T0301_signup_social': signupSocial,
  '2026-11-30T0400_profile': profile,
  '2026-11-30T0500_search_state': searchState,
  '2026-12-01T0100_payment': payment,
  '2026-12-01T0200_packages': packages,
  '2026-12-01T0300_invoice': invoice,
  '2026-12-01T0400_family': family,
  '2026-12-01T1000_people': people,
  '2026-12-01T1100_places_things': placesThings,
  '2026-12-02T0100_face_retention': faceRetention,
  '2026-12-02T1000_foryou': foryou,
  '2026-12-03T1000_foryou_results': foryouResults,
  '2026-12-03T1100_foryou_styled': foryouStyled,
  '2026-12-04T0100_invoice_line_item': invoiceLineItem,
  '2026-12-04T0101_sandbox_charge_language': sandboxChargeLanguage,
  '2026-12-04T1000_time_zone': timeZone,
  '2026-12-05T0100_place_names': placeNames,
  '2026-12-06T0100_operators': operators,
  '2026-12-06T0101_operator_audit': operatorAudit,
  '2026-12-06T0200_ops_subscribers': opsSubscribers,
  '2026-12-06T0300_ops_metrics': opsMetrics,
  '2026-12-06T0300_package_catalogue': packageCatalogue,
  '2026-12-06T0301_remote_config_registry': remoteConfigRegistry,
  '2026-12-06T0302_payment_ops_indexes': paymentOpsIndexes,
  '2026-12-07T0400_draw': draw,
  '2026-12-08T0100_webdav': webdav,

  '2026-12-07T0300_campaigns': campaigns,

  '2026-12-07T0100_support': support,
  '2026-12-08T0200_contacts': contacts,
  '2026-12-09T0200_contact_entries': contactEntries,
  '2026-12-09T0800_small_thumb': smallThumb,
  '2026-12-10T0100_file_version': fileVersion,
  '2026-12-10T0200_dropbox_import': dropboxImport,
  '2026-12-10T0500_contact_entry_open_seq': contactEntryOpenSeq,
  '2026-12-10T0300_office': office,
  '2026-12-10T0400_live_links': liveLinks,
  '2026-12-11T0200_data_export': dataExport,
  '2026-12-11T0210_takeout_import': takeoutImport,
  '2026-12-11T0300_content_blob': contentBlob,
  '2026-12-12T0200_family_library': familyLibrary,
  '2026-12-12T0400_file_facts_given': fileFactsGiven,
  '2026-12-13T0200_upload_family': uploadFamily,
  '2026-12-14T0300_family_people': familyPeople,
  '2026-12-14T0400_content_part': contentPart,
  '2026-12-14T0500_family_library_order': familyLibraryOrder,
  '2026-12-15T0100_family_albums': familyAlbums,
  '2026-12-15T0300_blob_key_bytes': blobKeyBytes,
  '2026-12-15T0340_family_face_rejection': familyFaceRejection,
};
