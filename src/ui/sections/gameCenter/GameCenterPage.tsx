import { SectionPlaceholder } from '../SectionPlaceholder';

/** Spec 2: the game centre pages map to categories SPORTS, ESPORTS, LOTT, ELOTT. */
export type GameCenterCategory = 'SPORTS' | 'ESPORTS' | 'LOTT' | 'ELOTT';

/** Lazy section GameCenter (issue 5 fills it). */
export default function GameCenterPage({ category }: { category: GameCenterCategory }) {
  return (
    <SectionPlaceholder
      titleKey={`games.${category.toLowerCase()}`}
      testId={`game-centre-${category}`}
    />
  );
}
