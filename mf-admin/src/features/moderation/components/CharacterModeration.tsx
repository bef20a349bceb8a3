import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { hiddenReasonLabel, isAdultCharacter, isSystemCreator, SYSTEM_CREATOR_LABEL, type Character, type ModerationBody } from '@lakorn/contracts/web';
import { ApiError, useToast } from '@lakorn/shell-sdk';
import { Avatar, Button, Card, ConfirmDialog, ErrorState, LoadingState, Muted, SectionTitle, TextField, theme, Toggle } from '@lakorn/ui';
import { characterIdFrom, moderateCharacter, useAfterModeration, useModeratedCharacter } from '../api';
import { MODERATION_TEXT } from '../messages';

const Lookup = styled.form`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  & > div { flex: 1; margin-bottom: 0; }
  & > button { margin-top: 27px; }
`;

const Who = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  min-width: 0;
  margin-bottom: 8px;
  & > div { min-width: 0; }
  strong { display: block; font-size: ${theme.font.size.lg}; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  small { display: block; color: ${theme.color.muted}; font-size: ${theme.font.size.xs}; overflow-wrap: anywhere; }
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 10px 0;
  & > div { min-width: 0; }
  strong { display: block; font-size: ${theme.font.size.md}; }
`;

const Choices = styled.div`
  display: flex;
  gap: 6px;
  margin: 8px 0 4px;
  & > * { flex: 1; }
`;

type Adult = 'follow' | 'always' | 'never';
const adultOf = (c: Character): Adult => (c.adultOverride === null ? 'follow' : c.adultOverride ? 'always' : 'never');
const ADULT_VALUE: Record<Adult, boolean | null> = { follow: null, always: true, never: false };
const ADULT_LABEL: Record<Adult, string> = { follow: MODERATION_TEXT.adultFollow, always: MODERATION_TEXT.adultAlways, never: MODERATION_TEXT.adultNever };

/** The direct controls of one character: look it up by id or share link, then hide or show it and set its 18+. */
export function CharacterModeration({ characterId, onLookup }: { characterId: string | null; onLookup: (id: string) => void }) {
  const [text, setText] = useState(characterId ?? '');
  const lookup = (e: FormEvent) => {
    e.preventDefault();
    const id = characterIdFrom(text);
    if (id) onLookup(id);
  };
  return (
    <>
      <Lookup onSubmit={lookup} role="search">
        <TextField label={MODERATION_TEXT.lookupLabel} value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" spellCheck={false} />
        <Button type="submit" $variant="secondary" disabled={characterIdFrom(text) === ''}>
          {MODERATION_TEXT.lookup}
        </Button>
      </Lookup>
      {characterId ? <Controls key={characterId} id={characterId} /> : <Muted style={{ marginTop: 12 }}>{MODERATION_TEXT.lookupHint}</Muted>}
    </>
  );
}

function Controls({ id }: { id: string }) {
  const query = useModeratedCharacter(id);
  const { toast } = useToast();
  const afterChange = useAfterModeration();
  const [saving, setSaving] = useState<keyof ModerationBody | null>(null);
  const [confirmHide, setConfirmHide] = useState(false);

  if (query.isLoading) return <LoadingState message={MODERATION_TEXT.characterLoading} />;
  const character = query.data;
  if (!character) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return <ErrorState message={missing || !query.error ? MODERATION_TEXT.lookupFailed : MODERATION_TEXT.loadFailed} onRetry={missing ? undefined : () => void query.mutate()} />;
  }

  const save = async (body: ModerationBody) => {
    setSaving(body.hidden !== undefined ? 'hidden' : 'adult');
    try {
      const next = await moderateCharacter(character.id, body);
      await query.mutate(next, { revalidate: false });
      toast({ title: MODERATION_TEXT.saved, variant: 'success' });
      setConfirmHide(false);
      void afterChange({ alsoReports: true });
    } catch {
      toast({ title: MODERATION_TEXT.saveFailed, variant: 'destructive' });
    } finally {
      setSaving(null);
    }
  };

  const adult = adultOf(character);
  return (
    <Card aria-label={MODERATION_TEXT.controlsTitle(character.name)} style={{ marginTop: 14 }}>
      <Who>
        <Avatar src={character.profileUrl} name={character.name} size={56} />
        <div>
          <strong>{character.name}</strong>
          <small>{MODERATION_TEXT.owner(isSystemCreator(character.userId) ? SYSTEM_CREATOR_LABEL : character.creatorUsername)}</small>
          <small>{character.id}</small>
        </div>
      </Who>
      <SectionTitle>{MODERATION_TEXT.visibility}</SectionTitle>
      <Row>
        <div>
          <strong>{MODERATION_TEXT.hiddenSwitch}</strong>
          <Muted>{character.hidden ? MODERATION_TEXT.hiddenOn : MODERATION_TEXT.hiddenOff}</Muted>
          {character.hidden && character.hiddenReason ? <Muted>{MODERATION_TEXT.hiddenBecause(hiddenReasonLabel(character.hiddenReason))}</Muted> : null}
        </div>
        <Toggle
          label={MODERATION_TEXT.hiddenSwitch}
          checked={character.hidden}
          disabled={saving !== null}
          onChange={(hidden) => (hidden ? setConfirmHide(true) : void save({ hidden: false }))}
        />
      </Row>
      <SectionTitle>{MODERATION_TEXT.adult}</SectionTitle>
      <Choices role="radiogroup" aria-label={MODERATION_TEXT.adult}>
        {(['follow', 'always', 'never'] as const).map((choice) => (
          <Button
            key={choice}
            role="radio"
            aria-checked={adult === choice}
            $size="sm"
            $variant={adult === choice ? 'primary' : 'secondary'}
            disabled={saving !== null}
            onClick={() => adult !== choice && void save({ adult: ADULT_VALUE[choice] })}
          >
            {ADULT_LABEL[choice]}
          </Button>
        ))}
      </Choices>
      <Muted>
        {adult === 'follow' ? MODERATION_TEXT.adultFollowHint(character.isSpicy) : MODERATION_TEXT.adultNow(isAdultCharacter(character))}
        {saving ? ` · ${MODERATION_TEXT.saving}` : null}
      </Muted>
      <ConfirmDialog
        open={confirmHide}
        title={MODERATION_TEXT.hideTitle(character.name)}
        message={MODERATION_TEXT.hideDirectMessage}
        confirmLabel={MODERATION_TEXT.hide}
        busyLabel={MODERATION_TEXT.hiding}
        busy={saving === 'hidden'}
        onConfirm={() => void save({ hidden: true })}
        onCancel={() => setConfirmHide(false)}
      />
    </Card>
  );
}
