import { useState, type FormEvent } from 'react';
import { characterCount, ERROR_CODES, LIMITS, USERNAME_NOT_ALLOWED_MESSAGE, type Profile } from '@lakorn/contracts/web';
import { ApiError, mutate, useSession, useToast } from '@lakorn/shell-sdk';
import { Button, Dialog, DialogActions, TextField } from '@lakorn/ui';
import { PROFILE_TEXT } from './messages';

/** The client's view of spec §5 username rules; the server enforces the same. */
export function usernameError(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return PROFILE_TEXT.usernameRequired;
  if (characterCount(trimmed) > LIMITS.username) return PROFILE_TEXT.usernameTooLong;
  return null;
}

export function EditProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { profile, setProfile } = useSession();
  const { toast } = useToast();
  const [username, setUsername] = useState(profile?.username ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!profile) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = usernameError(username);
    if (problem) {
      setError(problem);
      return;
    }
    if (username.trim() === profile.username) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      const next = await mutate<Profile>('PUT', '/api/users/username', { uid: profile.uid, username: username.trim() });
      setProfile(next);
      toast({ title: PROFILE_TEXT.saved, variant: 'success' });
      onClose();
    } catch (err) {
      const code = err instanceof ApiError ? err.code : undefined;
      setError(code === ERROR_CODES.usernameTaken ? PROFILE_TEXT.usernameTaken : code === ERROR_CODES.usernameNotAllowed ? USERNAME_NOT_ALLOWED_MESSAGE : PROFILE_TEXT.usernameFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} title={PROFILE_TEXT.editProfile} onClose={saving ? undefined : onClose}>
      <form onSubmit={submit} noValidate>
        <TextField
          label={PROFILE_TEXT.username}
          value={username}
          max={LIMITS.username}
          onChange={(e) => {
            setUsername(e.target.value);
            setError(null);
          }}
          error={error ?? undefined}
          autoComplete="nickname"
        />
        <TextField label={PROFILE_TEXT.email} value={profile.email} readOnly hint={PROFILE_TEXT.emailHint} />
        <DialogActions>
          <Button $variant="secondary" onClick={onClose} disabled={saving}>
            {PROFILE_TEXT.cancel}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? PROFILE_TEXT.saving : PROFILE_TEXT.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
