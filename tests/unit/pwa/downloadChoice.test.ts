import { describe, expect, it } from 'vitest';
import {
  chooseDownload,
  downloadPageUrl,
  parsePlatform,
} from '../../../src/ui/downloads/downloadChoice';

const none = { ios: null, android: null };
const stores = {
  ios: 'https://apps.apple.com/app/id123',
  android: 'https://play.google.com/store/apps/details?id=play.aurora',
};

describe('the download page: store link or web app install', () => {
  it("offers the operator's store page when configured, on every browser", () => {
    for (const standalone of [false, true]) {
      for (const canPrompt of [false, true]) {
        expect(chooseDownload({ platform: 'ios', stores, standalone, canPrompt })).toEqual({
          kind: 'store',
          url: stores.ios,
        });
        expect(chooseDownload({ platform: 'android', stores, standalone, canPrompt })).toEqual({
          kind: 'store',
          url: stores.android,
        });
      }
    }
  });

  it('never links out to anything but an https store page', () => {
    const bad = { ios: 'javascript:alert(1)', android: 'http://play.example/app' };
    expect(
      chooseDownload({ platform: 'ios', stores: bad, standalone: false, canPrompt: false }),
    ).toEqual({ kind: 'iosSteps' });
    expect(
      chooseDownload({ platform: 'android', stores: bad, standalone: false, canPrompt: false }),
    ).toEqual({ kind: 'androidMenu' });
  });

  it('uses one platform’s store only for that platform', () => {
    const onlyIos = { ios: stores.ios, android: null };
    expect(
      chooseDownload({ platform: 'android', stores: onlyIos, standalone: false, canPrompt: true }),
    ).toEqual({ kind: 'prompt' });
  });

  it('without a store: Android installs through the browser’s offer, else its menu', () => {
    expect(
      chooseDownload({ platform: 'android', stores: none, standalone: false, canPrompt: true }),
    ).toEqual({ kind: 'prompt' });
    expect(
      chooseDownload({ platform: 'android', stores: none, standalone: false, canPrompt: false }),
    ).toEqual({ kind: 'androidMenu' });
  });

  it('without a store: iOS shows Share → Add to Home Screen (Safari offers no dialog)', () => {
    for (const canPrompt of [false, true]) {
      expect(
        chooseDownload({ platform: 'ios', stores: none, standalone: false, canPrompt }),
      ).toEqual({ kind: 'iosSteps' });
    }
  });

  it('says so when the page already runs as the installed app', () => {
    for (const platform of ['ios', 'android'] as const) {
      expect(
        chooseDownload({ platform, stores: undefined, standalone: true, canPrompt: true }),
      ).toEqual({ kind: 'installed' });
    }
  });

  it('says so once the browser reports the install', () => {
    expect(
      chooseDownload({
        platform: 'android',
        stores: none,
        standalone: false,
        canPrompt: false,
        installed: true,
      }),
    ).toEqual({ kind: 'installed' });
  });

  it('knows its two platforms, case-insensitively, and its own address', () => {
    expect(parsePlatform('ios')).toBe('ios');
    expect(parsePlatform('Android')).toBe('android');
    expect(parsePlatform('windows')).toBeNull();
    expect(parsePlatform(undefined)).toBeNull();
    expect(downloadPageUrl('https://play.example', 'ios')).toBe(
      'https://play.example/downloads/ios',
    );
  });
});
