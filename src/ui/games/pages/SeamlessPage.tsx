import { SectionPlaceholder } from '../../components/SectionPlaceholder';

/** Lazy section Seamless: the seamless wallet (issue 4). */
export default function SeamlessPage() {
  return <SectionPlaceholder titleKey="section.seamless" testId="seamless-page" />;
}
