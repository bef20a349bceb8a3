import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { theme } from '../theme';
import { Button } from './Button';
import { IconButton } from './Button';
import { Icon } from './Icon';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 50;
  display: flex;
  align-items: flex-end;
  justify-content: center;
  background: ${theme.color.overlay};
  padding: 0;
  @media (min-height: 560px) { align-items: center; padding: 16px; }
`;

const Panel = styled.div`
  width: 100%;
  max-width: 440px;
  max-height: 92dvh;
  overflow: auto;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.lg} ${theme.radius.lg} 0 0;
  box-shadow: ${theme.shadow};
  padding: 20px;
  @media (min-height: 560px) { border-radius: ${theme.radius.lg}; }
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 12px;
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${theme.font.size.lg};
  font-weight: 700;
  line-height: 1.4;
`;

export const DialogActions = styled.div`
  display: flex;
  gap: 10px;
  justify-content: flex-end;
  margin-top: 20px;
  flex-wrap: wrap;
  & > * { flex: 1 1 0; }
`;

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Without onClose the dialog can only be left through its own buttons (spec §2 maintenance notice). */
  onClose?: () => void;
  closeLabel?: string;
}

/** A modal dialog: bottom sheet on short screens, centred card otherwise. */
export function Dialog({ open, title, children, onClose, closeLabel = 'ปิด' }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>('input, textarea, select, button:not([data-dialog-close])');
    (first ?? panel)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && onClose) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open, onClose]);

  if (!open) return null;
  return createPortal(
    <Overlay
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && onClose) onClose();
      }}
    >
      <Panel ref={panelRef} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <Head>
          <Title id={titleId}>{title}</Title>
          {onClose ? (
            <IconButton aria-label={closeLabel} onClick={onClose} data-dialog-close $size={36}>
              <Icon name="close" />
            </IconButton>
          ) : null}
        </Head>
        {children}
      </Panel>
    </Overlay>,
    document.body,
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  busyLabel?: string;
  danger?: boolean;
}

/** "Are you sure?" with cancel and a confirm that shows progress while busy. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'ยกเลิก',
  onConfirm,
  onCancel,
  busy = false,
  busyLabel,
  danger = true,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} title={title} onClose={busy ? undefined : onCancel}>
      <div style={{ color: theme.color.muted }}>{message}</div>
      <DialogActions>
        <Button $variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button $variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
          {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
