import { useRef, useState } from 'react';
import styled from 'styled-components';
import { LIMITS } from '@lakorn/contracts/web';
import { errorMessage, useSession, useToast } from '@lakorn/shell-sdk';
import { Button, Icon, Muted, Spinner, theme, useImageFallback } from '@lakorn/ui';
import { uploadImage } from '../api';
import { pictureForUpload } from '../uploadPicture';
import { WIZARD_TEXT } from '../messages';

const Row = styled.div`
  display: flex;
  gap: 14px;
  align-items: center;
  margin-bottom: 16px;
`;

/** The preview's width (px), which its picture is drawn at. */
const PREVIEW_SIZE = 96;

const Preview = styled.div`
  position: relative;
  flex: none;
  width: ${PREVIEW_SIZE}px;
  height: 128px;
  border-radius: ${theme.radius.md};
  overflow: hidden;
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${theme.color.surface2};
  border: 1px dashed ${theme.color.border};
  color: ${theme.color.faint};
  img { width: 100%; height: 100%; object-fit: cover; }
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 8px;
  min-width: 0;
`;

const Label = styled.span`
  font-size: ${theme.font.size.sm};
  font-weight: 600;
`;

/** A picture the browser should accept as an image at all (the server checks the bytes). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/** spec §2: the image upload with its JPG/PNG hint and a preview; spec §5 type and size checks. */
export function ImagePicker({ value, characterId, onChange }: { value: string; characterId: string | null; onChange: (url: string) => void }) {
  const { profile } = useSession();
  const { toast } = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const image = useImageFallback(value || null);

  async function choose(file: File | undefined) {
    if (!file) return;
    const fail = (description: string) => toast({ title: WIZARD_TEXT.uploadFailed, description, variant: 'destructive' });
    if (!profile) return fail(WIZARD_TEXT.notAuthenticated);
    if (!file.type.startsWith('image/')) return fail(WIZARD_TEXT.fileInvalid);
    if (file.size > LIMITS.imageBytes) return fail(WIZARD_TEXT.fileTooLarge);
    setUploading(true);
    try {
      const picture = await pictureForUpload(file);
      const { url } = await uploadImage(picture.blob, picture.name, profile.uid, characterId);
      onChange(url);
    } catch (error) {
      fail(errorMessage(error));
    } finally {
      setUploading(false);
    }
  }

  return (
    <Row>
      <Preview>
        {value && image.src ? <img src={image.src} srcSet={image.srcSet} sizes={`${PREVIEW_SIZE}px`} alt={WIZARD_TEXT.imagePreview} onError={image.onError} /> : <Icon name="image" size={32} />}
        {uploading ? <Spinner style={{ position: 'absolute' }} /> : null}
      </Preview>
      <Actions>
        <Label>{WIZARD_TEXT.image}</Label>
        <Muted>{WIZARD_TEXT.imageHint}</Muted>
        <Button $variant="secondary" $size="sm" disabled={uploading} onClick={() => input.current?.click()}>
          <Icon name="image" size={16} />
          {uploading ? WIZARD_TEXT.uploading : value ? WIZARD_TEXT.changeImage : WIZARD_TEXT.chooseImage}
        </Button>
        {value && !uploading ? (
          <Button $variant="ghost" $size="sm" onClick={() => onChange('')}>
            {WIZARD_TEXT.removeImage}
          </Button>
        ) : null}
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          data-testid="image-input"
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </Actions>
    </Row>
  );
}
