import { Outlet } from 'react-router';
import { WithQueries } from '../lib/with-queries';
import { ThemeRoot } from './ThemeRoot';

/**
 * The query cache and the component library's theme, loaded on demand: the login page does without them
 * (its JavaScript budget), every other page sits under this layout route. Parts of the frame that load
 * later (navigation, legal texts) wrap themselves in both.
 */
export function Component() {
  return (
    <WithQueries>
      <ThemeRoot>
        <Outlet />
      </ThemeRoot>
    </WithQueries>
  );
}
