import { SectionPlaceholder } from '../SectionPlaceholder';

/** Lazy section AccountGame: /favorite and /recent (issue 5 fills them). */
export default function AccountGamePage({ kind }: { kind: 'favorite' | 'recent' }) {
  return <SectionPlaceholder titleKey={`section.${kind}`} testId={`${kind}-page`} />;
}
