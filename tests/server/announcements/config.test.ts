import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { missingAnnouncementLanguages } from '../../../server/config/announcements';
import { platformConfigSchema } from '../../../server/config/schema';
import { listAnnouncements } from '../../../server/domain/announcements/listAnnouncements';

const shipped = JSON.parse(await readFile('config/platform.json', 'utf8')) as Record<
  string,
  unknown
> & { announcements: Record<string, unknown[]> };

/** The messages zod gives for the configuration with `announcements` replaced. */
function problems(announcements: unknown): string[] {
  const parsed = platformConfigSchema.safeParse({ ...shipped, announcements });
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const banner = {
  id: 'b1',
  groupName: 'w_home',
  url: '/banners/welcome.svg',
  linkageType: 'INTERNAL',
  link: '/promotions',
  title: { EN: 'Hello', ES: 'Hola' },
};
const section = (patch: Record<string, unknown[]>) => ({
  banners: [],
  notices: [],
  popups: [],
  ...patch,
});

describe('announcements configuration', () => {
  it('accepts the shipped file, with three home banners whose images are shipped', async () => {
    expect(problems(shipped.announcements)).toEqual([]);
    const parsed = platformConfigSchema.parse(shipped);
    const home = parsed.announcements.banners.filter((b) => b.groupName === 'w_home');
    expect(home).toHaveLength(3);
    const images = parsed.announcements.banners.flatMap(({ url }) =>
      typeof url === 'string' ? [url] : Object.values(url),
    );
    for (const url of images) {
      const svg = await readFile(`public${url}`, 'utf8');
      expect(svg).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).not.toMatch(/<script|on\w+=/i);
    }
  });

  it('ships every announcement and creative in every offered language (issue 34, finding 8)', () => {
    const parsed = platformConfigSchema.parse(shipped);
    expect(missingAnnouncementLanguages(parsed.announcements, parsed.brand.languages)).toEqual([]);
  });

  it('takes a creative per language, EN the fallback, and names what a language lacks', () => {
    const perLanguage = {
      ...banner,
      url: { EN: '/banners/welcome.en.svg', TH: '/banners/welcome.th.svg' },
    };
    expect(problems(section({ banners: [perLanguage] }))).toEqual([]);
    expect(problems(section({ banners: [{ ...perLanguage, url: { TH: '/b.svg' } }] }))).toEqual([
      expect.stringMatching(/^announcements\.banners\.0\.url: .*EN image/),
    ]);
    expect(
      problems(section({ banners: [{ ...perLanguage, url: { EN: 'javascript:alert(1)' } }] })),
    ).not.toEqual([]);
    const parsed = platformConfigSchema.parse({
      ...shipped,
      announcements: section({
        banners: [perLanguage],
        popups: [{ id: 'p', execution: 'B', title: { EN: 'T', TH: 'ท' }, content: { EN: 'C' } }],
      }),
    });
    const query = (language: string) => ({
      types: new Set(['B'] as const),
      executions: new Set(['B'] as const),
      language,
    });
    expect(listAnnouncements(parsed.announcements, query('TH')).banners[0]?.url).toBe(
      '/banners/welcome.th.svg',
    );
    expect(listAnnouncements(parsed.announcements, query('VI')).banners[0]?.url).toBe(
      '/banners/welcome.en.svg',
    );
    expect(missingAnnouncementLanguages(parsed.announcements, ['EN', 'ES', 'TH'])).toEqual([
      'banner b1: title has no TH',
      'banner b1: image has no ES',
      'pop-up p: title has no ES',
      'pop-up p: content has no ES, TH',
    ]);
  });

  it('defaults a NONE banner link to null and a pop-up goReward to false', () => {
    const parsed = platformConfigSchema.parse({
      ...shipped,
      announcements: section({
        banners: [{ ...banner, linkageType: 'NONE', link: undefined }],
        popups: [{ id: 'p', execution: 'B', title: { EN: 'T' }, content: { EN: 'C' } }],
      }),
    });
    expect(parsed.announcements.banners[0]?.link).toBeNull();
    expect(parsed.announcements.popups[0]?.goReward).toBe(false);
  });

  it('names the field and the rule for each mistake', () => {
    expect(problems(section({ banners: [{ ...banner, groupName: 'w_footer' }] }))).toEqual([
      expect.stringMatching(/^announcements\.banners\.0\.groupName: /),
    ]);
    expect(problems(section({ banners: [{ ...banner, link: 'https://example.com' }] }))).toEqual([
      'announcements.banners.0.link: must be a site path such as /promotions when linkageType is INTERNAL',
    ]);
    expect(problems(section({ banners: [{ ...banner, link: '//evil.example' }] }))).toHaveLength(1);
    expect(
      problems(
        section({ banners: [{ ...banner, linkageType: 'EXTERNAL', link: 'javascript:alert(1)' }] }),
      ),
    ).toEqual([
      'announcements.banners.0.link: must be an http(s) URL when linkageType is EXTERNAL',
    ]);
    expect(problems(section({ banners: [{ ...banner, linkageType: 'NONE' }] }))).toEqual([
      'announcements.banners.0.link: must be null when linkageType is NONE',
    ]);
    expect(problems(section({ banners: [{ ...banner, url: 'javascript:x' }] }))).toEqual([
      'announcements.banners.0.url: must be a site path (/banners/…) or an http(s) URL',
    ]);
    expect(problems(section({ banners: [{ ...banner, title: { ES: 'Hola' } }] }))).toEqual([
      'announcements.banners.0.title: needs an EN text (the fallback language)',
    ]);
    expect(problems(section({ banners: [{ ...banner, title: { EN: 'Hi', XX: 'Hm' } }] }))).toEqual([
      'announcements.banners.0.title: keys must be language codes (EN, ES, …)',
    ]);
    expect(problems(section({ banners: [banner, banner] }))).toEqual([
      'announcements.banners.1.id: duplicate id "b1"',
    ]);
    expect(
      problems(
        section({
          popups: [{ id: 'p', execution: 'Z', title: { EN: 'T' }, content: { EN: 'C' } }],
        }),
      ),
    ).toEqual([expect.stringMatching(/^announcements\.popups\.0\.execution: /)]);
    expect(
      problems(
        section({
          notices: [
            { id: 'n', title: { EN: 'T' }, content: { EN: 'C' }, promotionType: 'bad type' },
          ],
        }),
      ),
    ).toEqual(['announcements.notices.0.promotionType: upper-case letters, digits and _']);
    expect(problems(undefined)).toEqual([expect.stringMatching(/^announcements: /)]);
  });
});
