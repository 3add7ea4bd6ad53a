// @vitest-environment jsdom
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  AGENT_PAGE_TITLES,
  BACK_OFFICE_TAB_TITLES,
  MEMBER_PAGE_TITLES,
  NOT_IN_TOUR,
  pictureNames,
  TOUR_PAGES,
} from '../../../scripts/screenshotPages';
import { agentPages } from '../../../src/ui/agent/agentPages';
import { routes } from '../../../src/ui/app/routes';
import { BACK_OFFICE_TABS } from '../../../src/ui/backOffice/tabs';
import { memberPages } from '../../../src/ui/member/memberPages';

/**
 * The screenshot tour (`npm run screenshots`) keeps up with the site: a route, a member-centre
 * page, an agent page or a back-office tab added later fails here until the tour shows it (or
 * says why not), and the tour visits nothing the site no longer has.
 */

/** Every path of the route table, nested ones included (an index route is its parent's). */
function routePaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const own = route.index ? parent || '/' : route.path;
    const here = own ? [own] : [];
    return [...here, ...routePaths(route.children ?? [], own ?? parent)];
  });
}

const pathname = (path: string) => path.split('?')[0]!;
const toured = new Set(TOUR_PAGES.map((page) => pathname(page.path)));

describe('the screenshot tour', () => {
  it('visits every route of the route table, or says why not', () => {
    const missing = routePaths(routes).filter((path) => {
      if (path in NOT_IN_TOUR || toured.has(path)) return false;
      // A route with a parameter: some page of the tour is one of its addresses.
      if (path.includes(':')) {
        const pattern = new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
        return ![...toured].some((visited) => pattern.test(visited));
      }
      return true;
    });
    expect(missing).toEqual([]);
  });

  it('visits only addresses the site has (none falls to the not-found route by mistake)', () => {
    const unknown = TOUR_PAGES.filter((page) => {
      const matched = matchRoutes(routes, pathname(page.path)) ?? [];
      const last = matched[matched.length - 1]?.route.path;
      return last === '*' && page.id !== 'not-found';
    }).map((page) => page.path);
    expect(unknown).toEqual([]);
  });

  it('says why for routes the table still has', () => {
    const all = new Set(routePaths(routes));
    expect(Object.keys(NOT_IN_TOUR).filter((path) => !all.has(path))).toEqual([]);
  });

  it('shows every member-centre page, agent page and back-office tab', () => {
    expect(Object.keys(MEMBER_PAGE_TITLES)).toEqual([...memberPages]);
    expect(Object.keys(AGENT_PAGE_TITLES)).toEqual([...agentPages]);
    expect(Object.keys(BACK_OFFICE_TAB_TITLES)).toEqual(BACK_OFFICE_TABS.map((tab) => tab.id));
    for (const page of memberPages) expect(toured).toContain(`/member/${page}`);
    for (const page of agentPages) expect(toured).toContain(`/agentHome/${page}`);
    for (const tab of BACK_OFFICE_TABS) expect(toured).toContain(`/backoffice/${tab.id}`);
  });

  it('names every picture once', () => {
    const files = TOUR_PAGES.flatMap((page) => pictureNames(page).map(({ file }) => file));
    expect(new Set(files).size).toBe(files.length);
    expect(files).toContain('home-390-light.jpg');
    expect(files).toContain('home-1440-dark.jpg');
    expect(files.filter((file) => file.startsWith('menu-'))).toEqual([
      'menu-390-light.jpg',
      'menu-390-dark.jpg',
    ]);
  });
});
