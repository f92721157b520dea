import { ValueMatchHomePage } from '../../features/value-match/components/value-match-home-page.tsx';
import { useAssigner } from '../use-assigner.ts';

/** / (Home): the Value Match feed, told who is signed in for each card's "Assign". */
export function HomeRoutePage() {
  return <ValueMatchHomePage assigner={useAssigner()} />;
}
