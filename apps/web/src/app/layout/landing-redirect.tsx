import { useEffect } from 'react';
import { Loader } from '@/components/ui/loader';
import { paths } from '@/config/paths';

/** Any unknown path: the browser goes to the English static index page. */
export function LandingRedirect() {
  useEffect(() => {
    window.location.replace(paths.landing);
  }, []);
  return <Loader />;
}
