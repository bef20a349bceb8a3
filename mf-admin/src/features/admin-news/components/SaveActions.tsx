import { FormActions } from '@lakorn/ui';
import { ADMIN_NEWS_TEXT } from '../messages';

/** Both add dialogs of /admin/news end the same way: cancel, and save ('saving...' while busy). */
export function SaveActions({ saving, canSave, onCancel }: { saving: boolean; canSave: boolean; onCancel: () => void }) {
  return (
    <FormActions
      cancelLabel={ADMIN_NEWS_TEXT.cancel}
      submitLabel={ADMIN_NEWS_TEXT.save}
      busyLabel={ADMIN_NEWS_TEXT.saving}
      busy={saving}
      submitDisabled={!canSave}
      onCancel={onCancel}
    />
  );
}
