// @vitest-environment jsdom
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { BehaviorSubject } from 'rxjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../src/i18n/locales/en.json';
import sectionsEn from '../../../../src/i18n/locales/sections/en.json';
import type { AnnouncementPopup, AnnouncementResponse } from '../../../../src/shared/announcements';
import { AnnouncementPopups } from '../../../../src/ui/announcements/AnnouncementPopups';
import type { Services } from '../../../../src/app/services';
import { ServicesContext } from '../../../../src/ui/core/ServicesContext';
import type { SessionView } from '../../../../src/ui/core/session/useSession';
import { waitInAct } from '../home/renderHome';

const state = vi.hoisted(() => ({
  session: null as SessionView | null,
  otherPopup: null as string | null,
}));
vi.mock('../../../../src/ui/core/session/useSession', () => ({
  useSession: () => state.session,
}));
// The board's chunk brings the sections' texts; here they are in the test's own instance.
vi.mock('../../../../src/i18n/setup', () => ({ loadSectionTexts: async () => {} }));
vi.mock('../../../../src/ui/core/PopupContext', () => ({
  usePopups: () => ({ current: state.otherPopup }),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => {
  // jsdom has no modal dialogs; the browser behaviour is covered by the Playwright tests.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});

const guest: SessionView = {
  pending: false,
  role: 'guest',
  isLogin: false,
  isAgent: false,
  isTrial: false,
  member: null,
};
const member = (id: string): SessionView => ({
  ...guest,
  role: 'player',
  isLogin: true,
  member: { id, account: `m${id}`, nickname: `M ${id}`, type: 0, mobileNum: null } as never,
});

const popup = (id: string, execution: AnnouncementPopup['execution']): AnnouncementPopup => ({
  id,
  execution,
  title: `Title ${id}`,
  content: `<p>Body ${id}</p>`,
  goReward: false,
});
const answer = (popups: AnnouncementPopup[]): AnnouncementResponse => ({
  banners: [],
  player: [],
  popup: popups,
  promotion: [],
  seq: 1,
});

let root: Root | null = null;
let container: HTMLDivElement | null = null;

async function render(announcements$: BehaviorSubject<AnnouncementResponse | null>) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en, sections: sectionsEn } },
    fallbackNS: 'sections',
    interpolation: { escapeValue: false },
  });
  const services = { announcements$ } as unknown as Services;
  const router = createMemoryRouter([{ path: '*', element: <AnnouncementPopups /> }]);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <I18nextProvider i18n={i18n}>
        <ServicesContext.Provider value={services}>
          <RouterProvider router={router} />
        </ServicesContext.Provider>
      </I18nextProvider>,
    );
  });
}

function unmount() {
  if (root) act(() => root!.unmount());
  container?.remove();
  root = null;
  container = null;
}

const dialog = (name: string) =>
  document.querySelector<HTMLDialogElement>(`dialog[data-modal="${name}"]`);
const closeButton = (name: string) =>
  dialog(name)!.querySelector<HTMLButtonElement>('button.modal-close')!;

beforeEach(() => {
  sessionStorage.clear();
  state.session = guest;
  state.otherPopup = null;
});
afterEach(unmount);

describe('AnnouncementPopups (spec 2 popups, spec 4 once per session)', () => {
  it('shows a guest the public pop-ups until closed, not after a reload, again in a new session', async () => {
    const announcements$ = new BehaviorSubject<AnnouncementResponse | null>(
      answer([popup('welcome', 'B'), popup('op-1', 'A')]),
    );
    await render(announcements$);
    const shown = await waitInAct(() => {
      expect(dialog('public-popups')?.textContent).toContain('Body welcome');
      return dialog('public-popups')!;
    });
    // The after-login one is not for a guest.
    expect(shown.textContent).not.toContain('Title op-1');
    await act(async () => closeButton('public-popups').click());
    await waitInAct(() => expect(dialog('public-popups')).toBeNull());

    // A reload: the same session storage.
    unmount();
    await render(announcements$);
    await waitInAct(() => expect(container!.isConnected).toBe(true));
    expect(dialog('public-popups')).toBeNull();

    // A new session.
    unmount();
    sessionStorage.clear();
    await render(announcements$);
    await waitInAct(() => expect(dialog('public-popups')).not.toBeNull());
  });

  it('keeps what one member closed from hiding it from another', async () => {
    state.session = member('1');
    const announcements$ = new BehaviorSubject<AnnouncementResponse | null>(
      answer([popup('welcome', 'B')]),
    );
    await render(announcements$);
    await waitInAct(() => expect(dialog('public-popups')).not.toBeNull());
    await act(async () => closeButton('public-popups').click());
    await waitInAct(() => expect(dialog('public-popups')).toBeNull());
    unmount();
    state.session = member('2');
    await render(announcements$);
    await waitInAct(() => expect(dialog('public-popups')).not.toBeNull());
  });

  it('pages the after-login popup nine at a time, and opens it again for a new one', async () => {
    state.session = member('7');
    const eleven = Array.from({ length: 11 }, (_, index) => popup(`op-${index + 1}`, 'A'));
    const announcements$ = new BehaviorSubject<AnnouncementResponse | null>(answer(eleven));
    await render(announcements$);
    const shown = await waitInAct(() => {
      expect(
        dialog('announcements')?.querySelectorAll('[data-testid="announcement-item"]'),
      ).toHaveLength(9);
      return dialog('announcements')!;
    });
    const page2 = shown.querySelector<HTMLButtonElement>('button[aria-label="Page 2"]')!;
    await act(async () => page2.click());
    expect(shown.querySelectorAll('[data-testid="announcement-item"]')).toHaveLength(2);
    await act(async () => closeButton('announcements').click());
    await waitInAct(() => expect(dialog('announcements')).toBeNull());

    // The operator adds one: the popup opens again, on its first page.
    await act(async () => announcements$.next(answer([...eleven, popup('op-12', 'A')])));
    await waitInAct(() =>
      expect(dialog('announcements')?.querySelector('[aria-current="page"]')?.textContent).toBe(
        '1',
      ),
    );
  });

  it('waits while another popup is open, and while the answer or the member is loading', async () => {
    state.otherPopup = 'login';
    const announcements$ = new BehaviorSubject<AnnouncementResponse | null>(null);
    await render(announcements$);
    await act(async () => announcements$.next(answer([popup('welcome', 'B')])));
    await waitInAct(() => expect(container!.isConnected).toBe(true));
    expect(dialog('public-popups')).toBeNull();
    unmount();
    state.otherPopup = null;
    state.session = { ...guest, pending: true };
    await render(announcements$);
    expect(dialog('public-popups')).toBeNull();
  });
});
