import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  MODERATION_ERROR_CODES,
  MODERATION_MESSAGES,
  SEED_MAX,
  seedCookie,
  seedFromCookie,
  TIMERS,
  type CategoryId,
  type CharacterSummary,
  type Chat,
  type CreateChatBody,
  type DiscoverSort,
  type LikeResult,
  type LikeStatus,
  type PublicCharactersPage,
} from '@lakorn/contracts/web';
import { useSWRConfig } from 'swr';
import { ApiError, getJson, mutate, preloadApi, seedApi, takeFirstScreenAnswers, useApi, useSession, useToast } from '@lakorn/shell-sdk';
import { DISCOVER_TEXT } from './messages';

/**
 * spec §2: the grid is in random order. The order is the server's rank rotated by a seed; one
 * seed per browser session keeps the order (and paging) steady while the member moves around,
 * and a new session starts somewhere else. It lives in a session cookie, which the gateway reads
 * to draw the home's first screen in the same order (README "First screen from the server").
 */
export function sessionSeed(): number {
  const kept = seedFromCookie(document.cookie);
  if (kept !== undefined) return kept;
  const seed = 1 + ((crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) % SEED_MAX);
  document.cookie = seedCookie(seed);
  return seed;
}

/**
 * Where the page's hooks take the seed from: the browser session's, or, when the server draws the
 * first screen (firstScreen.server.tsx), the one the gateway drew it with.
 */
export const SeedContext = createContext<() => number>(sessionSeed);

/** The session's seed, read once per component. */
function useSeed(): number {
  const seedOf = useContext(SeedContext);
  return useMemo(seedOf, [seedOf]);
}

export function publicPath(query: { genre: CategoryId; q: string; seed: number; cursor?: string; sort?: DiscoverSort; limit?: number }): string {
  const params = new URLSearchParams();
  if (query.genre !== 'all') params.set('genre', query.genre);
  if (query.q) params.set('q', query.q);
  params.set('seed', String(query.seed));
  // The random order is the server's default: its path stays as it was (and cached as it was).
  if (query.sort && query.sort !== 'random') params.set('sort', query.sort);
  if (query.limit) params.set('limit', String(query.limit));
  if (query.cursor) params.set('cursor', query.cursor);
  return `/api/characters/public?${params.toString()}`;
}

/** No characters (yet): one array, so a page that compares answers sees no change while loading. */
const NONE: CharacterSummary[] = [];

/** How many characters the "popular now" row shows. */
export const POPULAR_ROW_SIZE = 10;

/** The two reads discover opens on (all categories, no search, its default order): the popular row and the grid's first page. */
export function openingPaths(seed: number): [popular: string, first: string] {
  return [
    publicPath({ genre: 'all', q: '', seed, sort: 'popular', limit: POPULAR_ROW_SIZE }),
    publicPath({ genre: 'all', q: '', seed, sort: 'random' }),
  ];
}

/**
 * Starts discover's opening reads when its module loads on `/`, so they travel while the page's
 * JavaScript runs and React renders; the page's own queries (same paths) take them in flight. A
 * read the server's first screen was drawn from is not asked again: its answer is the page's.
 */
export function preloadDiscover(): void {
  const drawn = takeFirstScreenAnswers();
  for (const path of openingPaths(sessionSeed())) {
    if (path in drawn) seedApi(path, drawn[path] as PublicCharactersPage);
    else preloadApi<PublicCharactersPage>(path);
  }
}

/**
 * The "popular now" row: the first characters of the popular order (most distinct members chatting
 * in the last 7 days) in the category, cached 60 s as the grid's first page is.
 */
export function usePopularNow(genre: CategoryId) {
  const seed = useSeed();
  const result = useApi<PublicCharactersPage>(publicPath({ genre, q: '', seed, sort: 'popular', limit: POPULAR_ROW_SIZE }), {
    maxAgeMs: TIMERS.publicCharactersCache,
  });
  return {
    characters: result.data?.characters ?? NONE,
    loading: result.isLoading,
    failed: !result.isLoading && (result.error !== undefined || result.data === null),
    retry: () => void result.mutate(),
  };
}

export interface DiscoverList {
  characters: CharacterSummary[];
  loading: boolean;
  /** The first page could not be loaded. */
  failed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  /** The last further page could not be loaded; loadMore tries it again. */
  moreFailed: boolean;
  loadMore: () => void;
  retry: () => void;
}

/**
 * Public characters for a category and search, a page at a time. The first page is an SWR
 * query cached 60 s (spec §7 "GET /api/characters/public … cached 60 s"); later pages follow the
 * cursor and are appended.
 */
export function useDiscoverList(genre: CategoryId, q: string, sort: DiscoverSort = 'random'): DiscoverList {
  const seed = useSeed();
  const firstPath = publicPath({ genre, q, seed, sort });
  const first = useApi<PublicCharactersPage>(firstPath, { maxAgeMs: TIMERS.publicCharactersCache });
  const [more, setMore] = useState<{ path: string; pages: PublicCharactersPage[] }>({ path: firstPath, pages: [] });
  const [loadingMore, setLoadingMore] = useState(false);
  // The query whose further page failed (a new category or search starts clean).
  const [failedPath, setFailedPath] = useState<string | null>(null);
  const pages = useMemo(() => (more.path === firstPath ? more.pages : []), [more, firstPath]);
  const last = pages[pages.length - 1] ?? first.data ?? null;
  const nextCursor = last?.nextCursor ?? null;

  const loadMore = useCallback(() => {
    if (!nextCursor || loadingMore) return;
    setLoadingMore(true);
    setFailedPath(null);
    getJson<PublicCharactersPage>(publicPath({ genre, q, seed, sort, cursor: nextCursor }))
      .then((page) => {
        if (!page) throw new Error('no page');
        setMore((current) => ({ path: firstPath, pages: [...(current.path === firstPath ? current.pages : []), page] }));
      })
      // CONVENTIONS: never a silent no-op; the page shows the failure with a retry.
      .catch(() => setFailedPath(firstPath))
      .finally(() => setLoadingMore(false));
  }, [nextCursor, loadingMore, genre, q, seed, sort, firstPath]);

  const characters = useMemo(() => {
    const all = [first.data?.characters ?? [], ...pages.map((p) => p.characters)].flat();
    const seen = new Set<string>();
    return all.filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)));
  }, [first.data, pages]);

  return {
    characters,
    loading: first.isLoading,
    failed: !first.isLoading && (first.error !== undefined || first.data === null),
    hasMore: nextCursor !== null,
    loadingMore,
    moreFailed: failedPath === firstPath,
    loadMore,
    retry: () => void first.mutate(),
  };
}

/**
 * spec §4 Like: the status check waits a random 0-1 s (so a grid of cards does not ask all at
 * once); a like shows at once (liked, count + 1), is reverted on failure, and cannot be undone.
 */
export function useLike(character: Pick<CharacterSummary, 'id' | 'likes'>) {
  const { profile } = useSession();
  const { toast } = useToast();
  const [liked, setLiked] = useState(false);
  const [count, setCount] = useState(character.likes);
  const [pending, setPending] = useState(false);
  const uid = profile?.uid;

  useEffect(() => setCount(character.likes), [character.likes]);

  useEffect(() => {
    if (!uid) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      getJson<LikeStatus>(`/api/characters/${encodeURIComponent(character.id)}/like/${encodeURIComponent(uid)}`)
        .then((status) => {
          if (!cancelled && status?.hasLiked) setLiked(true);
        })
        .catch(() => undefined); // spec §8: a failed status check means not liked
    }, Math.random() * TIMERS.likeStatusMaxDelay);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [character.id, uid]);

  const like = useCallback(async () => {
    if (liked || pending) return;
    if (!uid) {
      toast({ title: DISCOVER_TEXT.signInTitle, description: DISCOVER_TEXT.signInToLike, variant: 'destructive' });
      return;
    }
    setLiked(true);
    setCount((c) => c + 1);
    setPending(true);
    try {
      const result = await mutate<LikeResult>('POST', `/api/characters/${encodeURIComponent(character.id)}/like`, { userId: uid });
      setCount(result.likes);
    } catch {
      setLiked(false);
      setCount((c) => Math.max(0, c - 1));
      toast({ title: DISCOVER_TEXT.likeFailedTitle, description: DISCOVER_TEXT.likeFailed, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }, [liked, pending, uid, character.id, toast]);

  return { liked, count, pending, like };
}

/** The character of a card is no longer there for this member: gone (404), hidden or 18+ (403 with its code). */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const codes: readonly string[] = [MODERATION_ERROR_CODES.characterHidden, MODERATION_ERROR_CODES.ageConfirmationRequired];
  return error.status === 404 || (error.status === 403 && error.code !== undefined && codes.includes(error.code));
}

/**
 * spec §2: tapping a card starts a new chat and opens /chat/{id}. spec §7: discover sends the uid
 * as userId. Failures give the spec §8 toasts.
 */
export function useStartChat() {
  const { profile } = useSession();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [starting, setStarting] = useState<string | null>(null);
  const busy = useRef(false);
  const { mutate: mutateCache } = useSWRConfig();

  const start = useCallback(
    async (characterId: string) => {
      if (busy.current) return;
      if (!profile) {
        toast({ title: DISCOVER_TEXT.signInTitle, description: DISCOVER_TEXT.signInToChat, variant: 'destructive' });
        return;
      }
      busy.current = true;
      setStarting(characterId);
      try {
        const body: CreateChatBody = { userId: profile.uid, characterId, newChat: true };
        const chat = await mutate<Chat>('POST', '/api/chats', body);
        if (!chat || typeof chat.id !== 'string') throw new Error('The chat service answered no chat id');
        navigate(`/chat/${encodeURIComponent(chat.id)}`);
      } catch (error) {
        if (isUnavailable(error)) {
          // A card still in the 60 s cache whose character was hidden, turned 18+ or deleted since:
          // say so plainly (not as a failure) and load the lists again without it.
          toast({ title: MODERATION_MESSAGES.unavailable });
          void mutateCache((key) => typeof key === 'string' && key.startsWith('/api/characters/public'));
        } else {
          toast({ title: DISCOVER_TEXT.startFailedTitle, description: DISCOVER_TEXT.startFailed, variant: 'destructive' });
        }
      } finally {
        busy.current = false;
        setStarting(null);
      }
    },
    [profile, toast, navigate, mutateCache],
  );

  return { start, starting };
}
