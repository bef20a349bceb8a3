import { createContext, useContext, useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { theme } from '../theme';
import { Button, IconButton } from './Button';
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
  overscroll-behavior: contain;
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
  /**
   * Without onClose the dialog can only be left through its own buttons (spec §2 maintenance
   * notice, a confirm while it is busy): Escape and a tap outside do nothing.
   */
  onClose?: () => void;
  closeLabel?: string;
}

/** Elements that stay usable while a dialog is open: the toast region (spec §9 toasts), which announces and can be dismissed. */
export const KEEP_LIVE_ATTRIBUTE = 'data-keep-live';

const TABBABLE = 'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

// Open dialogs: only the innermost (deepest, then latest opened) answers Escape and keeps focus,
// and the page behind it is inert (ARCHITECTURE §9 accessibility) and does not scroll. Depth comes
// from the React tree because a nested dialog's effect runs before its parent's.
interface Open {
  overlay: HTMLElement;
  depth: number;
  seq: number;
}
const stack: Open[] = [];
let opened = 0;
const madeInert = new Set<Element>();
let scrollLock: { overflow: string } | null = null;
const DepthContext = createContext(0);

const topOverlay = () =>
  stack.reduce<Open | undefined>((best, o) => (!best || o.depth > best.depth || (o.depth === best.depth && o.seq > best.seq) ? o : best), undefined)?.overlay;

function applyModalState() {
  const top = topOverlay();
  for (const element of madeInert) {
    element.removeAttribute('inert');
    element.removeAttribute('aria-hidden');
  }
  madeInert.clear();
  const root = document.documentElement;
  if (!top) {
    if (scrollLock) root.style.overflow = scrollLock.overflow;
    scrollLock = null;
    return;
  }
  for (const element of Array.from(document.body.children)) {
    if (element === top || element.hasAttribute(KEEP_LIVE_ATTRIBUTE) || element.hasAttribute('inert')) continue;
    element.setAttribute('inert', '');
    element.setAttribute('aria-hidden', 'true');
    madeInert.add(element);
  }
  scrollLock ??= { overflow: root.style.overflow };
  root.style.overflow = 'hidden';
}

const tabbables = (panel: HTMLElement) =>
  Array.from(panel.querySelectorAll<HTMLElement>(TABBABLE)).filter((el) => !el.closest('[inert]') && el.getAttribute('aria-hidden') !== 'true');

/**
 * A modal dialog: bottom sheet on short screens, centred card otherwise. While open, Tab stays in
 * it, the page behind is inert and does not scroll, and Escape closes it unless it is button-only.
 * Not the native <dialog>'s showModal(): its top layer would make the toast region inert too, so a
 * toast raised from a dialog (spec §8 failures) would be neither announced nor dismissible.
 */
export function Dialog({ open, title, children, onClose, closeLabel = 'ปิด' }: DialogProps) {
  const titleId = useId();
  const overlayRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const depth = useContext(DepthContext) + 1;

  useEffect(() => {
    const overlay = overlayRef.current;
    const panel = panelRef.current;
    if (!open || !overlay || !panel) return;
    const previous = document.activeElement as HTMLElement | null;
    const entry: Open = { overlay, depth, seq: ++opened };
    stack.push(entry);
    applyModalState();
    const first = panel.querySelector<HTMLElement>('input, textarea, select, button:not([data-dialog-close])');
    (first ?? panel).focus();

    const isTop = () => topOverlay() === overlay;
    const onKey = (e: KeyboardEvent) => {
      if (!isTop()) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        closeRef.current?.();
      } else if (e.key === 'Tab') {
        const items = tabbables(panel);
        if (items.length === 0) {
          e.preventDefault();
          panel.focus();
          return;
        }
        const firstItem = items[0]!;
        const lastItem = items[items.length - 1]!;
        const inside = panel.contains(document.activeElement);
        if (e.shiftKey && (!inside || document.activeElement === firstItem || document.activeElement === panel)) {
          e.preventDefault();
          lastItem.focus();
        } else if (!e.shiftKey && (!inside || document.activeElement === lastItem)) {
          e.preventDefault();
          firstItem.focus();
        }
      }
    };
    // Focus that lands outside (a script, a click on the backdrop) comes back, except into the toasts.
    const onFocusIn = (e: FocusEvent) => {
      const target = e.target as Node | null;
      if (!isTop() || !target || overlay.contains(target)) return;
      if (target instanceof Element && target.closest(`[${KEEP_LIVE_ATTRIBUTE}]`)) return;
      panel.focus();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
      stack.splice(stack.indexOf(entry), 1);
      applyModalState();
      previous?.focus?.();
    };
  }, [open, depth]);

  if (!open) return null;
  return createPortal(
    <Overlay
      ref={overlayRef}
      style={{ zIndex: 50 + depth }}
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
        <DepthContext.Provider value={depth}>{children}</DepthContext.Provider>
      </Panel>
    </Overlay>,
    document.body,
  );
}

/** A form dialog's cancel and submit buttons: cancel is held while busy; submit shows busyLabel then. */
export function FormActions({
  cancelLabel,
  submitLabel,
  busyLabel,
  busy,
  onCancel,
  submitDisabled = busy,
}: {
  cancelLabel: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onCancel: () => void;
  submitDisabled?: boolean;
}) {
  return (
    <DialogActions>
      <Button $variant="secondary" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button type="submit" disabled={submitDisabled}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </DialogActions>
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
