import { describe, expect, it } from 'vitest';
import { isMobilePlatform } from './platform';

const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  ipadOld: 'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
};

describe('isMobilePlatform', () => {
  it('is true on iOS and Android', () => {
    expect(isMobilePlatform(UA.iphone, 5)).toBe(true);
    expect(isMobilePlatform(UA.android, 5)).toBe(true);
    expect(isMobilePlatform(UA.ipadOld, 5)).toBe(true);
  });

  it('counts an iPad that reports a Mac user agent (it has a touch screen)', () => {
    expect(isMobilePlatform(UA.mac, 5)).toBe(true);
    expect(isMobilePlatform(UA.mac, 0)).toBe(false);
  });

  it('is false on desktop browsers', () => {
    expect(isMobilePlatform(UA.windows, 0)).toBe(false);
    expect(isMobilePlatform(UA.linux, 10)).toBe(false);
  });
});
