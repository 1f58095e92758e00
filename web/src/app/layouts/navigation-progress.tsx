import { texts } from '@tools-factory/contract';
import { useNavigation } from 'react-router';

/** A thin bar at the very top while the next page's chunk is on its way. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="fixed inset-x-0 top-0 z-50" role="progressbar" aria-label={texts.loading}>
      <progress className="progress progress-primary block h-1 w-full rounded-none" />
    </div>
  );
}
