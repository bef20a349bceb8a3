import { useState } from 'react';
import styled from 'styled-components';
import { GENDERS, GENRE_LABELS, GENRES, LIMITS, type Gender, type Genre } from '@lakorn/contracts/web';
import { AgeConfirmationDialog, useAgeConfirmation } from '@lakorn/shell-sdk';
import { Avatar, Card, Muted, Pill, TextAreaField, TextField, theme, Toggle } from '@lakorn/ui';
import type { WizardDraft } from '../draft';
import { GENDER_TEXT, GENRE_BLURB_TEXT, WIZARD_TEXT } from '../messages';
import { ImagePicker } from './ImagePicker';

export interface StepProps {
  draft: WizardDraft;
  update: (change: Partial<WizardDraft>) => void;
  characterId: string | null;
}

const Options = styled.div<{ $columns: number }>`
  display: grid;
  grid-template-columns: repeat(${(p) => p.$columns}, minmax(0, 1fr));
  gap: 10px;
  margin-bottom: 16px;
`;

const Option = styled.button<{ $selected: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 4px;
  align-items: flex-start;
  text-align: left;
  min-height: 48px;
  padding: 12px 14px;
  border-radius: ${theme.radius.md};
  border: 1.5px solid ${(p) => (p.$selected ? theme.color.primary : theme.color.border)};
  background: ${(p) => (p.$selected ? 'rgba(232, 83, 122, 0.12)' : theme.color.surface2)};
  color: ${theme.color.text};
  strong { font-size: ${theme.font.size.md}; }
  span { color: ${theme.color.muted}; font-size: ${theme.font.size.xs}; line-height: 1.4; }
`;

const Label = styled.p`
  margin: 0 0 8px;
  font-size: ${theme.font.size.sm};
  font-weight: 600;
`;

const SwitchRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 14px 16px;
  margin-bottom: 16px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface2};
  border: 1px solid ${theme.color.border};
  div { display: flex; flex-direction: column; gap: 2px; }
`;

function GenreStep({ draft, update }: StepProps) {
  // 18+ characters are for members who confirmed their age (the catalog refuses a spicy save
  // without it), so turning spicy on asks for the confirmation first.
  const { confirmed } = useAgeConfirmation();
  const [askingAge, setAskingAge] = useState(false);
  const setSpicy = (isSpicy: boolean) => (isSpicy && !confirmed ? setAskingAge(true) : update({ isSpicy }));
  return (
    <>
      <Muted style={{ marginBottom: 14 }}>{WIZARD_TEXT.genreIntro}</Muted>
      <Options $columns={2} role="radiogroup" aria-label={WIZARD_TEXT.genreLabel}>
        {GENRES.map((genre: Genre) => (
          <Option key={genre} type="button" role="radio" aria-checked={draft.genre === genre} $selected={draft.genre === genre} onClick={() => update({ genre, isSpicy: genre === 'romantic' && draft.isSpicy })}>
            <strong>{GENRE_LABELS[genre]}</strong>
            <span>{GENRE_BLURB_TEXT[genre]}</span>
          </Option>
        ))}
      </Options>
      {draft.genre === 'romantic' ? (
        <SwitchRow>
          <div>
            <strong>{WIZARD_TEXT.spicy}</strong>
            <Muted>{WIZARD_TEXT.spicyHint}</Muted>
          </div>
          <Toggle checked={draft.isSpicy} onChange={setSpicy} label={WIZARD_TEXT.spicy} />
        </SwitchRow>
      ) : null}
      <AgeConfirmationDialog
        open={askingAge}
        onConfirmed={() => {
          setAskingAge(false);
          update({ isSpicy: true });
        }}
        onCancel={() => setAskingAge(false)}
      />
    </>
  );
}

function InfoStep({ draft, update, characterId }: StepProps) {
  return (
    <>
      <ImagePicker value={draft.profileUrl} characterId={characterId} onChange={(profileUrl) => update({ profileUrl })} />
      <TextField label={WIZARD_TEXT.name} value={draft.name} max={LIMITS.characterName} placeholder={WIZARD_TEXT.namePlaceholder} onChange={(e) => update({ name: e.target.value })} />
      <TextField label={WIZARD_TEXT.age} value={draft.age} placeholder={WIZARD_TEXT.agePlaceholder} onChange={(e) => update({ age: e.target.value })} />
      <Label id="gender-label">{WIZARD_TEXT.gender}</Label>
      <Options $columns={3} role="radiogroup" aria-labelledby="gender-label">
        {GENDERS.map((gender: Gender) => (
          <Option key={gender} type="button" role="radio" aria-checked={draft.gender === gender} $selected={draft.gender === gender} onClick={() => update({ gender })}>
            <strong>{GENDER_TEXT[gender]}</strong>
          </Option>
        ))}
      </Options>
    </>
  );
}

function TextStep({ field, label, hint, max, rows = 8 }: { field: 'appearance' | 'personality' | 'firstMessage' | 'background' | 'exampleMessages'; label: string; hint: string; max?: number; rows?: number }) {
  return function Step({ draft, update }: StepProps) {
    return <TextAreaField label={label} hint={hint} max={max} rows={rows} value={draft[field]} onChange={(e) => update({ [field]: e.target.value })} />;
  };
}

const AppearanceStep = TextStep({ field: 'appearance', label: WIZARD_TEXT.appearance, hint: WIZARD_TEXT.appearanceHint, max: LIMITS.appearance });
const PersonalityStep = TextStep({ field: 'personality', label: WIZARD_TEXT.personality, hint: WIZARD_TEXT.personalityHint, max: LIMITS.personality, rows: 10 });
const FirstMessageStep = TextStep({ field: 'firstMessage', label: WIZARD_TEXT.firstMessage, hint: WIZARD_TEXT.firstMessageHint });
const BackgroundStep = TextStep({ field: 'background', label: WIZARD_TEXT.background, hint: WIZARD_TEXT.backgroundHint, max: LIMITS.background, rows: 10 });
const ExampleStep = TextStep({ field: 'exampleMessages', label: WIZARD_TEXT.exampleMessages, hint: WIZARD_TEXT.exampleMessagesHint, max: LIMITS.exampleMessages });

function PrivacyStep({ draft, update }: StepProps) {
  return (
    <>
      <SwitchRow>
        <div>
          <strong>{WIZARD_TEXT.isPublic}</strong>
          <Muted>{draft.isPublic ? WIZARD_TEXT.publicHint : WIZARD_TEXT.privateHint}</Muted>
        </div>
        <Toggle checked={draft.isPublic} onChange={(isPublic) => update({ isPublic })} label={WIZARD_TEXT.isPublic} />
      </SwitchRow>
      <TextField label={WIZARD_TEXT.description} hint={WIZARD_TEXT.descriptionHint} value={draft.description} max={LIMITS.publicDescription} onChange={(e) => update({ description: e.target.value })} />
    </>
  );
}

const Summary = styled.div`
  display: flex;
  gap: 14px;
  align-items: center;
  div { display: flex; flex-direction: column; gap: 6px; min-width: 0; }
  strong { font-size: ${theme.font.size.lg}; overflow-wrap: anywhere; }
`;

const Pills = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

function FinishStep({ draft }: StepProps) {
  return (
    <Card aria-label={WIZARD_TEXT.summary}>
      <Summary>
        <Avatar src={draft.profileUrl || null} name={draft.name || '?'} size={72} />
        <div>
          <strong>{draft.name}</strong>
          <Pills>
            <Pill $tone="primary">{GENRE_LABELS[draft.genre]}</Pill>
            <Pill>{GENDER_TEXT[draft.gender]}</Pill>
            <Pill $tone={draft.isPublic ? 'success' : 'neutral'}>{draft.isPublic ? WIZARD_TEXT.publicLabel : WIZARD_TEXT.privateLabel}</Pill>
            {draft.genre === 'romantic' && draft.isSpicy ? <Pill $tone="danger">{WIZARD_TEXT.spicy}</Pill> : null}
          </Pills>
          {draft.description ? <Muted>{draft.description}</Muted> : null}
        </div>
      </Summary>
    </Card>
  );
}

/** The nine steps in the spec's order (spec §2): genre, info, appearance, personality, first message, background, examples, privacy, finish. */
export const STEPS = [GenreStep, InfoStep, AppearanceStep, PersonalityStep, FirstMessageStep, BackgroundStep, ExampleStep, PrivacyStep, FinishStep] as const;
