import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { mutate, useForgetAnswers, useSession, useToast } from '@lakorn/shell-sdk';
import { Button, Dialog, DialogActions, ErrorText, TextField, theme } from '@lakorn/ui';
import { PROFILE_TEXT } from './messages';

/** spec §4: the confirm button is enabled only when the typed text equals the username. */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { profile, setProfile } = useSession();
  const { toast } = useToast();
  const navigate = useNavigate();
  const forgetAnswers = useForgetAnswers();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  if (!profile) return null;
  const matches = typed === profile.username;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!matches) {
      setError(PROFILE_TEXT.deleteMismatch);
      return;
    }
    setDeleting(true);
    try {
      await mutate('DELETE', '/api/users/me');
      toast({ title: PROFILE_TEXT.deleted, variant: 'success' });
      setProfile(null);
      await forgetAnswers();
      navigate('/login', { replace: true });
    } catch {
      setDeleting(false);
      setError(PROFILE_TEXT.deleteFailed);
    }
  };

  return (
    <Dialog open={open} title={PROFILE_TEXT.deleteTitle} onClose={deleting ? undefined : onClose}>
      <form onSubmit={submit} noValidate>
        <p style={{ marginTop: 0, color: theme.color.muted }}>{PROFILE_TEXT.deleteWarning}</p>
        <TextField label={PROFILE_TEXT.deletePrompt(profile.username)} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
        {error ? <ErrorText role="alert">{error}</ErrorText> : null}
        <DialogActions>
          <Button $variant="secondary" onClick={onClose} disabled={deleting}>
            {PROFILE_TEXT.cancel}
          </Button>
          <Button type="submit" $variant="danger" disabled={!matches || deleting}>
            {deleting ? PROFILE_TEXT.deleting : PROFILE_TEXT.deleteConfirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
