// @vitest-environment jsdom
import { act, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogProvider, useDialog } from '../../../src/ui/components/DialogProvider';
import type { OpenDialog } from '../../../src/ui/components/dialogTypes';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(async () => {
  // The dialog is a lazy chunk (fetched when the page is idle); have it loaded, as in a browser.
  await import('../../../src/ui/components/Dialog');
  // jsdom has no modal dialogs; the browser behaviour is covered by the Playwright tests.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});

const captured: { open?: OpenDialog } = {};
function Capture() {
  const open = useDialog();
  useEffect(() => {
    captured.open = open;
  }, [open]);
  return null;
}
const open: OpenDialog = (options) => captured.open!(options);

let root: Root;
let container: HTMLDivElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root.render(
      <DialogProvider>
        <Capture />
      </DialogProvider>,
    ),
  );
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

const dialog = () => container.querySelector('dialog');

describe('generic dialog (spec 2)', () => {
  it('shows icon, title, custom class and buttons, and resolves with the pressed key', async () => {
    let result: Promise<string | null> = Promise.resolve(null);
    await act(async () => {
      result = open({
        icon: 'warning',
        title: 'Prompt',
        className: 'logout-confirm',
        buttons: [
          { key: 'cancel', label: 'Cancel' },
          { key: 'ok', label: 'OK', primary: true },
        ],
      });
    });
    expect(dialog()?.classList.contains('logout-confirm')).toBe(true);
    expect(dialog()?.querySelector('.dialog-icon-warning')).not.toBeNull();
    expect(dialog()?.querySelector('h2')?.textContent).toBe('Prompt');
    const ok = [...(dialog()?.querySelectorAll('button') ?? [])].find(
      (button) => button.textContent === 'OK',
    );
    act(() => ok?.click());
    await expect(result).resolves.toBe('ok');
    expect(dialog()).toBeNull();
  });

  it('closes on a cover click only when asked to', async () => {
    let result: Promise<string | null> = Promise.resolve('unset');
    await act(async () => {
      result = open({ title: 'Sticky', buttons: [{ key: 'ok', label: 'OK' }] });
    });
    act(() => dialog()?.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    expect(dialog()).not.toBeNull();
    act(() => dialog()?.querySelector('button')?.click());
    await result;

    await act(async () => {
      result = open({ title: 'Loose', closeOnCover: true });
    });
    act(() => dialog()?.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    await expect(result).resolves.toBeNull();
  });

  it('closes by itself after its timeout', async () => {
    vi.useFakeTimers();
    let result: Promise<string | null> = Promise.resolve('unset');
    await act(async () => {
      result = open({ title: 'Saved', timeout: 1500 });
    });
    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(dialog()).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    await expect(result).resolves.toBeNull();
    expect(dialog()).toBeNull();
  });

  it('sanitises its html', async () => {
    await act(async () => {
      void open({
        html: '<b>Welcome</b><img src=x onerror="window.hacked=1"><script>window.hacked=1</script>',
      });
    });
    await vi.waitFor(() =>
      expect(dialog()?.querySelector('.dialog-html b')?.textContent).toBe('Welcome'),
    );
    const html = dialog()?.querySelector('.dialog-html')?.innerHTML ?? '';
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<script');
  });

  it('shows queued dialogs one at a time', async () => {
    let first: Promise<string | null> = Promise.resolve(null);
    await act(async () => {
      first = open({ title: 'One', buttons: [{ key: 'a', label: 'A' }] });
      void open({ title: 'Two', buttons: [{ key: 'b', label: 'B' }] });
    });
    expect(container.querySelectorAll('dialog')).toHaveLength(1);
    act(() => dialog()?.querySelector('button')?.click());
    await expect(first).resolves.toBe('a');
    expect(dialog()?.querySelector('h2')?.textContent).toBe('Two');
  });
});
