import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { SESSION_ENDED_MESSAGE, type AuthConfig } from '@lakorn/contracts/web';
import { getJson, takeSessionEndedNotice, useSession } from '@lakorn/shell-sdk';
import { Button, Icon, Spinner, theme } from '@lakorn/ui';
import { AUTH_TEXT } from './messages';
import { returnPathAfterSignIn, sharedInvitation, type Invitation } from './returnPath';
import { isMobileDevice, readRedirectReturn, SignInError, signInWithPopup, storeError, takeStoredError, verifyCredential } from './signIn';

const Screen = styled.main`
  min-height: 100dvh;
  display: flex;
  flex-direction: column;
  justify-content: space-between;
  padding: 48px 24px 28px;
  background:
    radial-gradient(120% 60% at 50% 0%, rgba(232, 83, 122, 0.28), transparent 60%),
    radial-gradient(80% 50% at 100% 100%, rgba(245, 181, 68, 0.12), transparent 60%),
    ${theme.color.bg};
`;

const Hero = styled.div`
  margin-top: 8vh;
  text-align: center;
`;

const Mask = styled.div`
  width: 88px;
  height: 88px;
  margin: 0 auto 20px;
  border-radius: 28px;
  display: flex;
  align-items: center;
  justify-content: center;
  background: linear-gradient(140deg, ${theme.color.primary}, #8c3bd1);
  box-shadow: 0 18px 40px rgba(232, 83, 122, 0.35);
  color: #fff;
`;

const Title = styled.h1`
  margin: 0;
  font-size: 40px;
  font-weight: 700;
  letter-spacing: 0.5px;
  span { display: block; font-size: 22px; font-weight: 500; color: ${theme.color.amber}; margin-top: 2px; }
`;

const Tagline = styled.p`
  margin: 16px auto 0;
  max-width: 300px;
  color: ${theme.color.muted};
  font-size: ${theme.font.size.md};
`;

const InvitationCard = styled.div`
  margin: 24px auto 0;
  max-width: 320px;
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 12px 14px;
  text-align: left;
  border-radius: ${theme.radius.lg};
  background: ${theme.color.surface2};
  img { width: 56px; height: 56px; flex: none; border-radius: 50%; object-fit: cover; }
  p { margin: 0; min-width: 0; font-size: ${theme.font.size.sm}; color: ${theme.color.muted}; }
  strong { display: block; color: ${theme.color.text}; font-size: ${theme.font.size.md}; overflow-wrap: anywhere; }
`;

/** A share link opened signed out: whose chat it invites to (returnPath.ts sharedInvitation). */
function ShareInvitation({ invitation }: { invitation: Invitation }) {
  return (
    <InvitationCard data-testid="share-invitation">
      {invitation.imageUrl ? <img src={invitation.imageUrl} alt="" /> : null}
      <p>
        {AUTH_TEXT.invitedTo}
        <strong>{invitation.name}</strong>
        {AUTH_TEXT.invitedSignIn}
      </p>
    </InvitationCard>
  );
}

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

const ErrorBox = styled.div`
  display: flex;
  gap: 10px;
  align-items: flex-start;
  padding: 12px 14px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.dangerBg};
  border: 1px solid ${theme.color.danger};
  color: ${theme.color.text};
  font-size: ${theme.font.size.sm};
  svg { color: ${theme.color.danger}; flex: none; margin-top: 2px; }
`;

const Legal = styled.p`
  margin: 4px 0 0;
  text-align: center;
  font-size: ${theme.font.size.xs};
  color: ${theme.color.faint};
  a { color: ${theme.color.muted}; white-space: nowrap; }
`;

/** spec §2 sign-in screen. */
export function LoginPage() {
  const { setProfile } = useSession();
  const navigate = useNavigate();
  const [config, setConfig] = useState<AuthConfig | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const invitation = useMemo(sharedInvitation, []);
  // The member came here because the session ended (service-kit README "Sessions"): say so once.
  const [ended] = useState(takeSessionEndedNotice);

  // Settings lost to the network are asked for again when it returns: the button is not left
  // disabled (README "Refinements of the spec").
  const [configTry, setConfigTry] = useState(0);
  useEffect(() => {
    let live = true;
    getJson<AuthConfig>('/api/auth/config')
      .then((c) => {
        if (!live) return;
        if (!c) return setError(AUTH_TEXT.generic);
        setConfig(c);
        setError((shown) => (shown === AUTH_TEXT.generic ? null : shown));
      })
      .catch(() => live && setError(AUTH_TEXT.generic));
    return () => {
      live = false;
    };
  }, [configTry]);
  useEffect(() => {
    if (config) return;
    const again = () => setConfigTry((n) => n + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [config]);

  // spec §2: a failed sign-in stores its error; /login shows a stored error once, prefixed, then
  // clears it: one waiting on arrival, a new one as soon as it is stored.
  const showStoredError = useCallback(() => {
    const stored = takeStoredError();
    if (stored) setError(`${AUTH_TEXT.storedErrorPrefix} ${stored}`);
  }, []);
  const failSignIn = useCallback(
    (message: string) => {
      storeError(message);
      showStoredError();
    },
    [showStoredError],
  );

  // A redirect return is finished here.
  useEffect(() => {
    showStoredError();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const back = readRedirectReturn();
      if (back.kind === 'credential') {
        setBusy(AUTH_TEXT.signingIn);
        verifyCredential(back.credential)
          .then((profile) => {
            setProfile(profile);
            navigate(returnPathAfterSignIn(), { replace: true });
          })
          .catch(() => {
            setBusy(null);
            failSignIn(AUTH_TEXT.verifyFailed);
          });
      } else if (back.kind === 'error') {
        failSignIn(AUTH_TEXT.googleFailed);
      } else if (back.kind === 'failed') {
        setError(AUTH_TEXT.failedReturn);
      } else if (back.kind === 'pending') {
        timer = setTimeout(check, back.remainingMs + 50);
      }
    };
    check();
    return () => clearTimeout(timer);
  }, [navigate, setProfile, showStoredError, failSignIn]);

  const onSignIn = async () => {
    if (!config) return;
    setError(null);
    setBusy(AUTH_TEXT.signingIn);
    try {
      const outcome = await signInWithPopup();
      if (outcome.kind === 'signed-in') {
        setProfile(outcome.profile);
        navigate(returnPathAfterSignIn(), { replace: true });
      } else if (outcome.popupBlocked) {
        setBusy(isMobileDevice() ? AUTH_TEXT.popupBlockedMobile : AUTH_TEXT.popupBlockedDesktop);
      }
    } catch (e) {
      setBusy(null);
      if (e instanceof SignInError) failSignIn(AUTH_TEXT.verifyFailed);
      else setError(AUTH_TEXT.generic);
    }
  };

  return (
    <Screen>
      <Hero>
        <Mask aria-hidden>
          <Icon name="sparkles" size={40} />
        </Mask>
        <Title>
          {AUTH_TEXT.title}
          <span>{AUTH_TEXT.titleThai}</span>
        </Title>
        <Tagline>{AUTH_TEXT.tagline}</Tagline>
        {invitation ? <ShareInvitation invitation={invitation} /> : null}
      </Hero>
      <Actions>
        {ended && !error ? (
          <ErrorBox role="status">
            <Icon name="alert" size={18} />
            <span>{SESSION_ENDED_MESSAGE}</span>
          </ErrorBox>
        ) : null}
        {error ? (
          <ErrorBox role="alert">
            <Icon name="alert" size={18} />
            <span>{error}</span>
          </ErrorBox>
        ) : null}
        <Button $size="lg" $block onClick={onSignIn} disabled={!config || busy !== null} aria-busy={busy !== null}>
          {busy ? (
            <>
              <Spinner $size={18} />
              {busy}
            </>
          ) : config?.provider === 'dev' ? (
            AUTH_TEXT.signInDev
          ) : (
            AUTH_TEXT.signInGoogle
          )}
        </Button>
        <Legal>
          {AUTH_TEXT.agree} <a href="/terms.html">{AUTH_TEXT.terms}</a> {AUTH_TEXT.and} <a href="/privacy.html">{AUTH_TEXT.privacy}</a>
        </Legal>
      </Actions>
    </Screen>
  );
}
