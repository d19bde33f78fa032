import 'i18next';
import type account from './locales/en/account.json';
import type auth from './locales/en/auth.json';
import type common from './locales/en/common.json';
import type files from './locales/en/files.json';
import type notifications from './locales/en/notifications.json';
import type settings from './locales/en/settings.json';
import type shell from './locales/en/shell.json';
import type upload from './locales/en/upload.json';
import type photos from './locales/en/photos.json';
import type albums from './locales/en/albums.json';
import type viewer from './locales/en/viewer.json';
import type shares from './locales/en/shares.json';
import type sharedFiles from './locales/en/sharedFiles.json';
import type search from './locales/en/search.json';
import type faq from './locales/en/faq.json';
import type recovery from './locales/en/recovery.json';
import type payment from './locales/en/payment.json';
import type packages from './locales/en/packages.json';
import type invoices from './locales/en/invoices.json';
import type family from './locales/en/family.json';
import type discover from './locales/en/discover.json';
import type foryou from './locales/en/foryou.json';
import type calendar from './locales/en/calendar.json';
import type ops from './locales/en/ops.json';
import type draw from './locales/en/draw.json';
import type opsDraw from './locales/en/opsDraw.json';
import type campaigns from './locales/en/campaigns.json';
import type opsCampaigns from './locales/en/ops_campaigns.json';
import type support from './locales/en/support.json';
import type opsSupport from './locales/en/ops_support.json';
import type webdav from './locales/en/webdav.json';
import type contacts from './locales/en/contacts.json';
import type office from './locales/en/office.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    // Every namespace is in scope so keys are always written "ns:key" and checked against English.
    defaultNS: ['common', 'auth', 'account', 'notifications', 'settings', 'shell', 'files', 'upload', 'photos', 'albums', 'viewer', 'shares', 'sharedFiles', 'search', 'faq', 'recovery', 'packages', 'invoices', 'family', 'payment', 'discover', 'foryou', 'calendar', 'ops', 'draw', 'opsDraw', 'campaigns', 'ops_campaigns', 'support', 'ops_support', 'webdav', 'contacts', 'office'];
    returnNull: false;
    resources: {
      common: typeof common;
      auth: typeof auth;
      account: typeof account;
      notifications: typeof notifications;
      settings: typeof settings;
      shell: typeof shell;
      files: typeof files;
      upload: typeof upload;
      photos: typeof photos;
      albums: typeof albums;
      viewer: typeof viewer;
      shares: typeof shares;
      sharedFiles: typeof sharedFiles;
      search: typeof search;
      faq: typeof faq;
      recovery: typeof recovery;
      payment: typeof payment;
      packages: typeof packages;
      invoices: typeof invoices;
      family: typeof family;
      discover: typeof discover;
      foryou: typeof foryou;
      calendar: typeof calendar;
      ops: typeof ops;
      draw: typeof draw;
      opsDraw: typeof opsDraw;
      campaigns: typeof campaigns;
      ops_campaigns: typeof opsCampaigns;
      support: typeof support;
      contacts: typeof contacts;
      office: typeof office;
      ops_support: typeof opsSupport;
      webdav: typeof webdav;
    };
  }
}
