import { useState } from 'react';
import { useSWRConfig } from 'swr';
import type { NewsItem, SpecialCheckinDay } from '@lakorn/contracts/web';
import { useProfile, useToast } from '@lakorn/shell-sdk';
import { ConfirmDialog } from '@lakorn/ui';
import { useForgetQueries, isCalendarQuery } from '../../../shared/queries';
import { deleteNews, deleteSpecialDay, NEWS_PATH, SPECIAL_DAYS_PATH } from '../api';
import { ADMIN_NEWS_TEXT, DELETE_TEXT } from '../messages';
import { adminErrorText } from '../../../shared/errors';

/** What the delete confirmation was opened for (spec §4: a target kind and id). */
export interface DeleteTarget {
  kind: 'news' | 'special-day';
  id: string;
}

/** spec §2: 'Are you sure? This cannot be undone…' with cancel or delete; closed after success. */
export function DeleteDialog({ target, onClose }: { target: DeleteTarget | null; onClose: () => void }) {
  const profile = useProfile();
  const { toast } = useToast();
  const { mutate } = useSWRConfig();
  const forget = useForgetQueries();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!target?.id) {
      // spec §5: a delete needs a target id.
      toast({ title: DELETE_TEXT.missingId, variant: 'destructive' });
      onClose();
      return;
    }
    setBusy(true);
    try {
      if (target.kind === 'news') {
        await deleteNews(target.id, profile.uid);
        await mutate<NewsItem[] | null>(NEWS_PATH, (list) => list?.filter((n) => n.id !== target.id), { revalidate: true });
      } else {
        await deleteSpecialDay(target.id, profile.uid);
        await mutate<SpecialCheckinDay[] | null>(SPECIAL_DAYS_PATH, (list) => list?.filter((d) => d.id !== target.id), { revalidate: true });
        // The day's amount on the members' calendars goes back to its weekday's.
        void forget(isCalendarQuery);
      }
      toast({ title: DELETE_TEXT.deleted, variant: 'success' });
      onClose();
    } catch (error) {
      toast({
        title: target.kind === 'news' ? DELETE_TEXT.failedNews : DELETE_TEXT.failedSpecialDay,
        description: adminErrorText(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={target !== null}
      title={DELETE_TEXT.title}
      message={DELETE_TEXT.message}
      confirmLabel={DELETE_TEXT.confirm}
      cancelLabel={ADMIN_NEWS_TEXT.cancel}
      busy={busy}
      busyLabel={DELETE_TEXT.deleting}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
