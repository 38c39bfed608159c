import { Link } from 'react-router-dom';
import { PlaceholderPage } from '@/components/layouts/placeholder-page';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  return (
    <PlaceholderPage
      title="Page not found"
      description="The page you are looking for does not exist."
    >
      <Link to={paths.home} className={buttonClassName('primary')}>
        Go to SnapTrack
      </Link>
    </PlaceholderPage>
  );
}
