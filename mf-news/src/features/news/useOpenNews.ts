import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

const PARAM = 'news';
/** Marks the history entry an open pushed, so closing goes back to the entry before it. */
const OPENED_HERE = 'lakorn.newsOpened';

/**
 * The news item open in full (mf-news README "A news item in full"): `?news={id}` on /news, so a
 * reload or a shared link keeps it open and the phone's back closes it.
 */
export function useOpenNews() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const openId = params.get(PARAM);

  const open = useCallback(
    (id: string) => {
      const next = new URLSearchParams(location.search);
      next.set(PARAM, id);
      navigate({ pathname: location.pathname, search: `?${next.toString()}` }, { state: { [OPENED_HERE]: true } });
    },
    [navigate, location.pathname, location.search],
  );

  const close = useCallback(() => {
    if ((location.state as Record<string, unknown> | null)?.[OPENED_HERE]) {
      navigate(-1);
      return;
    }
    const next = new URLSearchParams(location.search);
    next.delete(PARAM);
    const search = next.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [navigate, location]);

  return { openId, open, close };
}
