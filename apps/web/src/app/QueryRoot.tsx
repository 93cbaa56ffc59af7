import { Outlet } from 'react-router';
import { WithQueries } from '../lib/with-queries';

/**
 * The query cache, loaded on demand: the login page does without it (its JavaScript budget), every other
 * page sits under this layout route. Parts of the frame that load later (user menu, legal texts) wrap
 * themselves in WithQueries.
 */
export function Component() {
  return (
    <WithQueries>
      <Outlet />
    </WithQueries>
  );
}
