import { SectionPlaceholder } from '../SectionPlaceholder';

export type GameListType = 'live' | 'fish' | 'rng' | 'pvp';

/** Lazy section GameListCenter: /live, /fish, /rng?vassalage=, /pvp (issue 5 fills them). */
export default function GameListPage({ type }: { type: GameListType }) {
  return <SectionPlaceholder titleKey={`games.${type}`} testId={`game-list-${type}`} />;
}
