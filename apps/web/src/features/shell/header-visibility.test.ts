import { describe, expect, it } from 'vitest';
import { headerVisibility } from './header-visibility';

describe('headerVisibility on desktop', () => {
  it('shows title, search and NEW on ordinary pages', () => {
    for (const page of ['photos', 'files', 'foryou', 'shares', 'ALBUMS']) {
      expect(headerVisibility(page, false)).toMatchObject({ title: true, searchBox: true, newButton: true, hamburger: false });
    }
  });

  it('hides NEW on the pages the spec lists', () => {
    const hidden = [
      'settings',
      'USAGE_INFO_PACKAGES',
      'trash',
      'notifications',
      'contacts',
      'discover',
      'Payment_Info',
      'inviteFriends',
      'starsCampaign',
      'sharedFiles',
      'gamification_raffle_info',
      'campain_card_paycell',
      'telesales',
    ];
    for (const page of hidden) expect(headerVisibility(page, false).newButton, page).toBe(false);
  });

  it('hides search on shared files, telesales, payment info and raffle info only', () => {
    for (const page of ['sharedFiles', 'telesales', 'Payment_Info', 'gamification_raffle_info']) {
      expect(headerVisibility(page, false).searchBox, page).toBe(false);
    }
    for (const page of ['settings', 'notifications', 'trash', 'contacts']) {
      expect(headerVisibility(page, false).searchBox, page).toBe(true);
    }
  });

  it('shows the page button (Clear All / Delete All) on notifications and trash', () => {
    expect(headerVisibility('notifications', false).pageButton).toBe(true);
    expect(headerVisibility('trash', false).pageButton).toBe(true);
    expect(headerVisibility('files', false).pageButton).toBe(false);
  });

  it('shows the shared-files buttons (Save to Bulut, Download) in the header, never in a second row', () => {
    expect(headerVisibility('sharedFiles', false)).toMatchObject({ pageButton: true, actionRow: false, searchBox: false, newButton: false });
  });
});

describe('headerVisibility on mobile', () => {
  it('shows hamburger and logo instead of the title', () => {
    expect(headerVisibility('photos', true)).toMatchObject({ hamburger: true, logo: true, title: false, searchBox: false, newButton: false });
  });

  it('hides the add icon on trash, packages, notifications, shared files and telesales', () => {
    for (const page of ['trash', 'USAGE_INFO_PACKAGES', 'notifications', 'sharedFiles', 'telesales']) {
      expect(headerVisibility(page, true).addIcon, page).toBe(false);
    }
    for (const page of ['photos', 'files', 'settings']) expect(headerVisibility(page, true).addIcon, page).toBe(true);
  });

  it('puts the shared-files buttons in a second row on mobile (offset 113 px), with no search or add icon', () => {
    expect(headerVisibility('sharedFiles', true)).toMatchObject({ actionRow: true, trashIcon: false, searchIcon: false, addIcon: false });
    for (const page of ['photos', 'files', 'trash', 'notifications']) expect(headerVisibility(page, true).actionRow, page).toBe(false);
  });

  it('shows the trash icon on trash and notifications only', () => {
    expect(headerVisibility('trash', true).trashIcon).toBe(true);
    expect(headerVisibility('notifications', true).trashIcon).toBe(true);
    expect(headerVisibility('photos', true).trashIcon).toBe(false);
  });

  it('shows the search icon except where search is hidden', () => {
    expect(headerVisibility('photos', true).searchIcon).toBe(true);
    expect(headerVisibility('sharedFiles', true).searchIcon).toBe(false);
  });
});
