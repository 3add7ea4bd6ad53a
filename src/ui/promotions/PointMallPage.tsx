import { SectionPlaceholder } from '../components/SectionPlaceholder';

/** Lazy section PointMall. */
export default function PointMallPage() {
  return <SectionPlaceholder titleKey="section.pointMall" testId="point-mall-page" />;
}
