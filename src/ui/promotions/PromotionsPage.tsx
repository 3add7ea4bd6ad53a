import { SectionPlaceholder } from '../components/SectionPlaceholder';

/** Lazy section Promotions (issue on promotions). */
export default function PromotionsPage() {
  return <SectionPlaceholder titleKey="nav.promotions" testId="promotions-page" />;
}
