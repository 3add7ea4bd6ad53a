import i18next from 'i18next';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { BehaviorSubject, map, NEVER } from 'rxjs';
import { createAnnouncementsApi } from '../../../../src/api/announcements';
import { createAnnouncements } from '../../../../src/streams/announcements';
import { vi } from 'vitest';
import type { Http } from '../../../../src/api/http';
import en from '../../../../src/i18n/locales/en.json';
import type { AnnouncementResponse, Banner } from '../../../../src/shared/announcements';
import type { Services } from '../../../../src/app/services';
import { ServicesContext } from '../../../../src/ui/core/ServicesContext';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export const banner = (id: string, patch: Partial<Banner> = {}): Banner => ({
  id,
  groupName: 'w_home',
  url: `/banners/${id}.svg`,
  linkageType: 'INTERNAL',
  link: '/promotions',
  title: `Banner ${id}`,
  ...patch,
});

export const response = (patch: Partial<AnnouncementResponse> = {}): AnnouncementResponse => ({
  banners: [],
  player: [],
  popup: [],
  promotion: [],
  seq: 0,
  ...patch,
});

/**
 * Renders `element` at "/" with services whose http answers the announcements relay with
 * `answer`, a router (other paths show "page:<path>") and English texts.
 */
export async function renderHome(element: ReactNode, answer: () => Promise<AnnouncementResponse>) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
  });
  const get = vi.fn(async (path: string, options?: { searchParams?: unknown }) => {
    void path;
    void options;
    return answer();
  });
  const loggedIn$ = new BehaviorSubject(false);
  const http = { get } as unknown as Http;
  const announcements$ = createAnnouncements({
    key$: loggedIn$.pipe(map((loggedIn) => ({ loggedIn, language: 'EN' }))),
    fetch: ({ language }) => createAnnouncementsApi(http).list({ language }),
    events$: NEVER,
    reconnected$: NEVER,
  });
  const services = { http, loggedIn$, announcements$ } as unknown as Services;
  const router = createMemoryRouter([
    { path: '/', element },
    { path: '*', element: <PathShown /> },
  ]);
  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  await act(async () => {
    root.render(
      <I18nextProvider i18n={i18n}>
        <ServicesContext.Provider value={services}>
          <RouterProvider router={router} />
        </ServicesContext.Provider>
      </I18nextProvider>,
    );
  });
  return {
    container,
    get,
    router,
    loggedIn$,
    async settle() {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    },
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}

function PathShown() {
  return <p data-testid="path">page:{useLocation().pathname}</p>;
}

/** Like vi.waitFor, but lets React's async updates (lazy chunks, rAF, DOMPurify) land in act. */
export async function waitInAct<T>(check: () => T, timeoutMs = 2000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    try {
      return check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}
