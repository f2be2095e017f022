import { CreatorList } from '../creator-list/CreatorList';

/** /dev/creator-list: the 'All Creators' grid (spec §2 Other screens). */
export function CreatorListDevPage() {
  return <CreatorList />;
}
