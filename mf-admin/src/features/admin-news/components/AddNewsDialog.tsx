import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import styled from 'styled-components';
import { LIMITS, NEWS_CONTENT_MAX, NEWS_TITLE_MAX, NEWS_TYPES, type NewsItem, type NewsType } from '@lakorn/contracts/web';
import { useProfile, useToast } from '@lakorn/shell-sdk';
import { Button, Dialog, ErrorText, Icon, Muted, SelectField, Spinner, TextAreaField, TextField, theme } from '@lakorn/ui';
import { createNews, NEWS_PATH, uploadNewsImage } from '../api';
import { ADMIN_NEWS_TEXT, NEWS_TAB_TEXT } from '../messages';
import { SaveActions } from './SaveActions';
import { adminErrorText } from '../../../shared/errors';

interface Draft {
  title: string;
  type: NewsType;
  content: string;
  imageUrl: string | null;
}

/** spec §5: news type defaults to update; the image is optional. */
const EMPTY: Draft = { title: '', type: 'update', content: '', imageUrl: null };

/** spec §5 image upload: an image type ('ไฟล์ไม่ถูกต้อง'), at most 5 MB ('ไฟล์ขนาดใหญ่เกินไป'). */
function checkImage(file: File): string | null {
  if (!file.type.startsWith('image/')) return NEWS_TAB_TEXT.invalidFile;
  if (file.size > LIMITS.imageBytes) return NEWS_TAB_TEXT.fileTooLarge;
  return null;
}

/**
 * spec §2 add-news dialog: title, type, content and an optional image. The image is uploaded
 * through the catalog as soon as it is chosen (spec §7 answers {url}), so saving only sends the
 * URL; saving waits while an upload runs.
 */
export function AddNewsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const profile = useProfile();
  const { toast } = useToast();
  const { mutate } = useSWRConfig();
  const fileInputId = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [uploading, setUploading] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) {
      setDraft(EMPTY);
      setImageError(null);
    }
  }, [open]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const chooseImage = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkImage(file);
    setImageError(problem);
    if (problem) return;
    setUploading(true);
    try {
      const { url } = await uploadNewsImage(file, profile.id);
      set('imageUrl', url);
    } catch (error) {
      toast({ title: NEWS_TAB_TEXT.uploadFailed, description: adminErrorText(error), variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  };

  // News title and content have no client rules in the spec; blank ones are simply not sendable.
  const canSave = draft.title.trim() !== '' && draft.content.trim() !== '' && !uploading && !saving;

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSave) return;
    setSaving(true);
    try {
      const created = await createNews({
        title: draft.title.trim(),
        content: draft.content.trim(),
        type: draft.type,
        imageUrl: draft.imageUrl,
        userId: profile.uid,
      });
      // The list here and /news (same query) show the item at once, then reload from the server.
      await mutate<NewsItem[] | null>(NEWS_PATH, (list) => [created, ...(list ?? []).filter((n) => n.id !== created.id)], { revalidate: true });
      toast({ title: NEWS_TAB_TEXT.added, description: created.title, variant: 'success' });
      onClose();
    } catch (error) {
      toast({ title: NEWS_TAB_TEXT.addFailed, description: adminErrorText(error), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} title={NEWS_TAB_TEXT.dialogTitle} onClose={saving ? undefined : onClose} closeLabel={ADMIN_NEWS_TEXT.cancel}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <TextField
          label={NEWS_TAB_TEXT.titleLabel}
          placeholder={NEWS_TAB_TEXT.titlePlaceholder}
          value={draft.title}
          maxLength={NEWS_TITLE_MAX}
          onChange={(e) => set('title', e.target.value)}
        />
        <SelectField label={NEWS_TAB_TEXT.typeLabel} value={draft.type} onChange={(e) => set('type', e.target.value as NewsType)}>
          {NEWS_TYPES.map((t) => (
            <option key={t} value={t}>
              {NEWS_TAB_TEXT.types[t]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={NEWS_TAB_TEXT.contentLabel}
          placeholder={NEWS_TAB_TEXT.contentPlaceholder}
          value={draft.content}
          maxLength={NEWS_CONTENT_MAX}
          onChange={(e) => set('content', e.target.value)}
        />

        <ImageField>
          <FieldLabel id={`${fileInputId}-label`}>{NEWS_TAB_TEXT.imageLabel}</FieldLabel>
          {draft.imageUrl ? (
            <Preview>
              <img src={draft.imageUrl} alt={NEWS_TAB_TEXT.imagePreview} />
              <Button $size="sm" $variant="secondary" onClick={() => set('imageUrl', null)} disabled={uploading || saving}>
                <Icon name="trash" size={16} />
                {NEWS_TAB_TEXT.removeImage}
              </Button>
            </Preview>
          ) : null}
          <PickRow>
            <HiddenFile
              id={fileInputId}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              aria-labelledby={`${fileInputId}-label`}
              disabled={uploading || saving}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = ''; // the same file may be chosen again after a failure
                void chooseImage(file);
              }}
            />
            <PickButton htmlFor={fileInputId} aria-disabled={uploading || saving}>
              <Icon name="image" size={18} />
              {draft.imageUrl ? NEWS_TAB_TEXT.changeImage : NEWS_TAB_TEXT.chooseImage}
            </PickButton>
            {uploading ? (
              <Uploading>
                <Spinner $size={18} />
                {NEWS_TAB_TEXT.uploading}
              </Uploading>
            ) : null}
          </PickRow>
          {imageError ? <ErrorText role="alert">{imageError}</ErrorText> : <Muted>{NEWS_TAB_TEXT.imageHint}</Muted>}
        </ImageField>

        <SaveActions saving={saving} canSave={canSave} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

const ImageField = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

const FieldLabel = styled.span`
  font-size: ${theme.font.size.sm};
  font-weight: 600;
`;

const Preview = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 8px;
  img {
    width: 100%;
    aspect-ratio: 16 / 9;
    object-fit: cover;
    border-radius: ${theme.radius.md};
    border: 1px solid ${theme.color.border};
    background: ${theme.color.surface2};
  }
`;

const PickRow = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
  input:focus-visible + label { border-color: ${theme.color.primary}; outline: 2px solid ${theme.color.primary}; }
`;

const PickButton = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 40px;
  padding: 0 14px;
  border-radius: ${theme.radius.md};
  border: 1px dashed ${theme.color.border};
  background: ${theme.color.surface2};
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  cursor: pointer;
  &[aria-disabled='true'] { opacity: 0.5; pointer-events: none; }
  &:hover { border-color: ${theme.color.primary}; }
`;

const Uploading = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-size: ${theme.font.size.sm};
  color: ${theme.color.muted};
`;

/** Visually hidden but reachable: the label above opens it, tests and keyboards reach it too. */
const HiddenFile = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
`;
