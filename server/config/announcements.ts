import { z } from 'zod';
import { bannerGroups, linkageTypes, popupExecutions } from '../../src/shared/announcements';
import { isKnownLanguage } from '../../src/shared/languages';

/**
 * The `announcements` section of config/platform.json: banners, notices and pop-ups with their
 * texts per language. English is the fallback, so every text must have it.
 */
const localizedText = z
  .record(z.string(), z.string().min(1))
  .refine((texts) => Object.keys(texts).every((code) => isKnownLanguage(code)), {
    message: 'keys must be language codes (EN, ES, …)',
  })
  .refine((texts) => Object.hasOwn(texts, 'EN'), {
    message: 'needs an EN text (the fallback language)',
  });

const id = z.string().regex(/^[a-z0-9-]{1,40}$/, 'lower-case letters, digits and -');

/** A site path ("/promotions"), not a protocol-relative "//host". */
const sitePath = /^\/(?!\/)[^\s]*$/;
const httpUrl = /^https?:\/\/[^\s/]+[^\s]*$/;

const imageUrl = z.string().refine((url) => sitePath.test(url) || httpUrl.test(url), {
  message: 'must be a site path (/banners/…) or an http(s) URL',
});

/**
 * A banner's creative: one image for every language, or one per language (issue 34, finding 8:
 * a creative's text is part of its picture), EN the fallback.
 */
const bannerImage = z.union([
  imageUrl,
  z
    .record(z.string(), imageUrl)
    .refine((urls) => Object.keys(urls).every((code) => isKnownLanguage(code)), {
      message: 'keys must be language codes (EN, ES, …)',
    })
    .refine((urls) => Object.hasOwn(urls, 'EN'), {
      message: 'needs an EN image (the fallback language)',
    }),
]);

const banner = z
  .object({
    id,
    groupName: z.enum(bannerGroups),
    url: bannerImage,
    linkageType: z.enum(linkageTypes),
    link: z.string().nullable().default(null),
    title: localizedText,
  })
  .superRefine((value, ctx) => {
    const problem =
      value.linkageType === 'NONE'
        ? value.link === null
          ? null
          : 'must be null when linkageType is NONE'
        : value.linkageType === 'INTERNAL'
          ? value.link !== null && sitePath.test(value.link)
            ? null
            : 'must be a site path such as /promotions when linkageType is INTERNAL'
          : value.link !== null && httpUrl.test(value.link)
            ? null
            : 'must be an http(s) URL when linkageType is EXTERNAL';
    if (problem) ctx.addIssue({ code: 'custom', path: ['link'], message: problem });
  });

const notice = z.object({
  id,
  title: localizedText,
  content: localizedText,
  /** Set: a promotion announcement (type PR); absent: a player notice (type PL). */
  promotionType: z
    .string()
    .regex(/^[A-Z0-9_]{1,32}$/, 'upper-case letters, digits and _')
    .optional(),
});

const popup = z.object({
  id,
  execution: z.enum(popupExecutions),
  title: localizedText,
  content: localizedText,
  goReward: z.boolean().default(false),
});

function uniqueIds(items: { id: string }[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id)) {
      ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `duplicate id "${item.id}"` });
    }
    seen.add(item.id);
  });
}

const agentNotice = z.object({
  id,
  publishedAt: z.iso.date({ message: 'a yyyy-MM-dd date' }),
  title: localizedText,
  content: localizedText,
});

export const announcementsConfigSchema = z.object({
  banners: z.array(banner).superRefine(uniqueIds),
  notices: z.array(notice).superRefine(uniqueIds),
  popups: z.array(popup).superRefine(uniqueIds),
  /** The back office's agentAnnouncement page; absent: none. */
  agentNotices: z.array(agentNotice).superRefine(uniqueIds).default([]),
});

export type AnnouncementsConfig = z.infer<typeof announcementsConfigSchema>;

/**
 * What the announcements lack in the offered languages (issue 34, finding 8): each text, and
 * each banner creative given per language, that falls back to English in one of them. The
 * server warns at start (a Thai player would see an English body under Thai buttons); a single
 * image for every language is taken as meant for all of them.
 */
export function missingAnnouncementLanguages(
  config: AnnouncementsConfig,
  languages: readonly string[],
): string[] {
  const problems: string[] = [];
  const check = (where: string, texts: Record<string, string>) => {
    const missing = languages.filter((code) => !Object.hasOwn(texts, code));
    if (missing.length > 0) problems.push(`${where} has no ${missing.join(', ')}`);
  };
  for (const banner of config.banners) {
    check(`banner ${banner.id}: title`, banner.title);
    if (typeof banner.url !== 'string') check(`banner ${banner.id}: image`, banner.url);
  }
  for (const [kind, items] of [
    ['notice', config.notices],
    ['pop-up', config.popups],
    ['agent notice', config.agentNotices],
  ] as const) {
    for (const item of items) {
      check(`${kind} ${item.id}: title`, item.title);
      check(`${kind} ${item.id}: content`, item.content);
    }
  }
  return problems;
}
