import { describe, expect, it, vi } from 'vitest';
import {
  installState,
  listenForInstallOffer,
  promptInstall,
  subscribeInstallState,
} from '../../../src/pwa/installPrompt';

/** Chromium's install offer, with the player's answer. */
function offer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(async () => undefined);
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  return { event, prompt };
}

describe("the browser's install offer", () => {
  it('is kept (mini-infobar held back), used once, and its outcome remembered', async () => {
    const target = new EventTarget();
    listenForInstallOffer(target as unknown as Window);
    const changes = vi.fn();
    const stop = subscribeInstallState(changes);
    expect(installState()).toEqual({ canPrompt: false, installed: false, dismissed: false });
    expect(await promptInstall()).toBe('unavailable');

    const first = offer('dismissed');
    target.dispatchEvent(first.event);
    expect(first.event.defaultPrevented).toBe(true);
    expect(installState().canPrompt).toBe(true);
    expect(await promptInstall()).toBe('dismissed');
    expect(first.prompt).toHaveBeenCalledTimes(1);
    expect(installState()).toEqual({ canPrompt: false, installed: false, dismissed: true });
    // Used: a second click has nothing to open.
    expect(await promptInstall()).toBe('unavailable');
    expect(first.prompt).toHaveBeenCalledTimes(1);

    const second = offer('accepted');
    target.dispatchEvent(second.event);
    expect(await promptInstall()).toBe('accepted');
    expect(installState()).toMatchObject({ canPrompt: false, installed: true, dismissed: false });

    target.dispatchEvent(new Event('appinstalled'));
    expect(installState()).toEqual({ canPrompt: false, installed: true, dismissed: false });
    expect(changes).toHaveBeenCalled();
    stop();
  });
});
