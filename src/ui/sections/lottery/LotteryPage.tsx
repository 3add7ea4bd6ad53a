import { useSearchParams } from 'react-router-dom';
import { SectionPlaceholder } from '../SectionPlaceholder';

export type LotteryKind = 'lottery' | 'seaLottery' | 'vnLottery';

/** Lazy section Lottery: /lottery, /seaLottery, /vnLottery with ?gameCode= (issue 5 launches). */
export default function LotteryPage({ kind }: { kind: LotteryKind }) {
  const [params] = useSearchParams();
  return (
    <div data-game-code={params.get('gameCode') ?? ''}>
      <SectionPlaceholder titleKey={`section.${kind}`} testId={`${kind}-page`} />
    </div>
  );
}
