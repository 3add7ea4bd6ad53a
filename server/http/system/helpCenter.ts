import type { PlatformConfig } from '../../config/schema';

export interface HelpTopic {
  id: string;
  title: string;
  content: string;
}

/** Help topics in `language`, falling back to the brand default, then to English. */
export function helpCenterFor(config: PlatformConfig, language: string): HelpTopic[] {
  const pick = (texts: Record<string, string>): string =>
    texts[language] ??
    texts[config.brand.defaultLanguage] ??
    texts.EN ??
    Object.values(texts)[0] ??
    '';
  return config.helpCenter.map((topic) => ({
    id: topic.id,
    title: pick(topic.title),
    content: pick(topic.content),
  }));
}
