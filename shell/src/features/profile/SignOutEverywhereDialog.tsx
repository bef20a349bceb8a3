import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '@lakorn/shell-sdk';
import { Button, Dialog, DialogActions, ErrorText, theme } from '@lakorn/ui';
import { PROFILE_TEXT } from './messages';

/** "Sign out everywhere", confirmed first: every session of the member ends (service-kit README "Sessions"). */
export function SignOutEverywhereDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { signOutEverywhere } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await signOutEverywhere();
      navigate('/login', { replace: true });
    } catch {
      setBusy(false);
      setError(PROFILE_TEXT.logoutEverywhereFailed);
    }
  };

  return (
    <Dialog open={open} title={PROFILE_TEXT.logoutEverywhereTitle} onClose={busy ? undefined : onClose}>
      <p style={{ marginTop: 0, color: theme.color.muted }}>{PROFILE_TEXT.logoutEverywhereWarning}</p>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      <DialogActions>
        <Button $variant="secondary" onClick={onClose} disabled={busy}>
          {PROFILE_TEXT.cancel}
        </Button>
        <Button $variant="danger" onClick={confirm} disabled={busy}>
          {busy ? PROFILE_TEXT.loggingOutEverywhere : PROFILE_TEXT.logoutEverywhereConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
