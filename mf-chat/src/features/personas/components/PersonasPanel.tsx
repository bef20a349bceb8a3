import { useState } from 'react';
import styled from 'styled-components';
import { LIMITS, PREVIEWS, type Persona } from '@lakorn/contracts/web';
import { errorMessage, useSession, useToast } from '@lakorn/shell-sdk';
import { Avatar, Button, ConfirmDialog, EmptyState, ErrorState, Icon, IconButton, LoadingState, Muted, PlainList, SectionTitle, theme, truncateText } from '@lakorn/ui';
import { usePersonaActions, usePersonas, type PersonaFields } from '../api';
import { PERSONA_TEXT } from '../messages';
import { PersonaDialog } from './PersonaDialog';

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  h2 { margin: 0; }
`;

const List = styled(PlainList)`
  margin-top: 14px;
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px 12px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface2};
  border: 1px solid ${theme.color.border};
`;

const Text = styled.div`
  flex: 1;
  min-width: 0;
  strong { display: block; font-size: ${theme.font.size.md}; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  span { display: block; font-size: ${theme.font.size.sm}; color: ${theme.color.muted}; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

const Limit = styled.p`
  margin: 8px 0 0;
  font-size: ${theme.font.size.xs};
  color: ${theme.color.amber};
`;

type Editing = { mode: 'create' } | { mode: 'edit'; persona: Persona } | null;

/**
 * Exposed as `./PersonasPanel` for the shell's /profile (spec §2 "a personas tab"): the member's
 * personas with create, edit and delete dialogs; create is disabled with a tooltip at 5 (spec §5).
 */
export default function PersonasPanel() {
  const { profile } = useSession();
  const userId = profile?.id ?? null;
  const { data, error, isLoading, mutate } = usePersonas(userId);
  const actions = usePersonaActions(userId ?? '');
  const { toast } = useToast();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Persona | null>(null);
  const [busy, setBusy] = useState(false);

  const personas = data ?? [];
  const atLimit = personas.length >= LIMITS.personasPerUser;

  const save = async (fields: PersonaFields) => {
    if (!editing) return;
    try {
      if (editing.mode === 'create') {
        await actions.create(fields);
        toast({ title: PERSONA_TEXT.created, variant: 'success' });
      } else {
        await actions.update(editing.persona.id, fields);
        toast({ title: PERSONA_TEXT.updated, variant: 'success' });
      }
      setEditing(null);
    } catch (e) {
      toast({ title: editing.mode === 'create' ? PERSONA_TEXT.createFailed : PERSONA_TEXT.updateFailed, description: errorMessage(e), variant: 'destructive' });
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await actions.remove(deleting.id);
      toast({ title: PERSONA_TEXT.deleted, variant: 'success' });
      setDeleting(null);
    } catch (e) {
      toast({ title: PERSONA_TEXT.deleteFailed, description: errorMessage(e), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (isLoading || (!data && !error)) body = <LoadingState message="กำลังโหลด..." />;
  else if (error) body = <ErrorState message={PERSONA_TEXT.loadFailed} onRetry={() => void mutate()} />;
  else if (personas.length === 0) {
    body = (
      <EmptyState icon="user" title={PERSONA_TEXT.empty}>
        <span>{PERSONA_TEXT.emptyHint}</span>
      </EmptyState>
    );
  } else {
    body = (
      <List>
        {personas.map((p) => (
          <Row key={p.id}>
            <Avatar src={p.profileUrl} name={p.name} size={40} />
            <Text>
              <strong>{p.name}</strong>
              <span>{truncateText(p.personality, PREVIEWS.personaPersonality)}</span>
            </Text>
            <IconButton aria-label={PERSONA_TEXT.edit(p.name)} onClick={() => setEditing({ mode: 'edit', persona: p })}>
              <Icon name="edit" size={18} />
            </IconButton>
            <IconButton aria-label={PERSONA_TEXT.remove(p.name)} onClick={() => setDeleting(p)}>
              <Icon name="trash" size={18} />
            </IconButton>
          </Row>
        ))}
      </List>
    );
  }

  return (
    <section aria-labelledby="personas-title">
      <Head>
        <SectionTitle id="personas-title">{PERSONA_TEXT.title}</SectionTitle>
        {/* A disabled button gets no hover: the tooltip sits on its wrapper (spec §5). */}
        <span title={atLimit ? PERSONA_TEXT.limitReached : undefined}>
          <Button $size="sm" onClick={() => setEditing({ mode: 'create' })} disabled={atLimit || !data} aria-describedby={atLimit ? 'personas-limit' : undefined}>
            <Icon name="plus" size={16} />
            {PERSONA_TEXT.create}
          </Button>
        </span>
      </Head>
      <Muted>{PERSONA_TEXT.intro}</Muted>
      {atLimit ? <Limit id="personas-limit">{PERSONA_TEXT.limitReached}</Limit> : null}
      {body}
      <PersonaDialog open={editing !== null} persona={editing?.mode === 'edit' ? editing.persona : null} onSave={save} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={PERSONA_TEXT.deleteTitle}
        message={deleting ? PERSONA_TEXT.deleteMessage(deleting.name) : ''}
        confirmLabel={PERSONA_TEXT.deleteConfirm}
        busy={busy}
        busyLabel={PERSONA_TEXT.deleting}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
