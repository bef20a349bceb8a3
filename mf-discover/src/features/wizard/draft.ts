import {
  characterCount,
  DRAFT_LIMITS,
  LIMITS,
  type Character,
  type CharacterDraft,
  type CharacterInput,
  type DraftLimitedField,
  type Gender,
  type Genre,
} from '@lakorn/contracts/web';
import { bodyBytes, bodyRefusal, EMPTY_LOREBOOK, lorebookRefusal, LOREBOOK_STEP } from './lorebook';
import { LOREBOOK_TEXT, WIZARD_TEXT } from './messages';

// The wizard's draft and its rules (spec §5 "Character wizard"), apart from the screens.

/** What the wizard edits: the draft fields with a genre and gender always chosen. */
export interface WizardDraft extends Omit<CharacterDraft, 'gender' | 'genre'> {
  gender: Gender;
  genre: Genre;
}

export const TOTAL_STEPS = LIMITS.wizardSteps;

export const EMPTY_DRAFT: WizardDraft = {
  name: '',
  age: '',
  gender: 'female',
  genre: 'romantic',
  appearance: '',
  personality: '',
  firstMessage: '',
  background: '',
  exampleMessages: '',
  isPublic: false,
  isSpicy: false,
  description: '',
  profileUrl: '',
  cardExtras: '',
  alternateGreetings: [],
  creatorNotesMultilingual: {},
  lorebook: EMPTY_LOREBOOK,
};

export function draftFromCharacter(character: Character): WizardDraft {
  return {
    name: character.name,
    age: character.age,
    gender: character.gender,
    genre: character.genre,
    appearance: character.appearance,
    personality: character.personality,
    firstMessage: character.firstMessage,
    background: character.background,
    exampleMessages: character.exampleMessages,
    isPublic: character.isPublic,
    isSpicy: character.isSpicy,
    description: character.description,
    profileUrl: character.profileUrl,
    cardExtras: character.cardExtras,
    // Kept as they came (an imported card's), so an edit's PUT never drops them.
    alternateGreetings: character.alternateGreetings,
    creatorNotesMultilingual: character.creatorNotesMultilingual,
    // Only the owner (and admins) are sent the lorebook; the wizard edits one's own characters.
    lorebook: character.lorebook ?? EMPTY_LOREBOOK,
  };
}

/** An imported card's draft: an unknown gender or genre keeps what the wizard had. */
export function draftFromCard(card: CharacterDraft, current: WizardDraft): WizardDraft {
  const genre = card.genre ?? current.genre;
  return { ...card, gender: card.gender ?? current.gender, genre, isSpicy: genre === 'romantic' && card.isSpicy };
}

/** The body of POST/PUT /api/characters (spec §7: character fields plus userId). */
export function inputOf(draft: WizardDraft, userId: string): CharacterInput {
  return {
    userId,
    ...draft,
    name: draft.name.trim(),
    age: draft.age.trim(),
    description: draft.description.trim(),
    // spec §3: spicy only means something for romantic characters.
    isSpicy: draft.genre === 'romantic' && draft.isSpicy,
  };
}

export const FIELD_LABELS: Record<DraftLimitedField, string> = {
  name: WIZARD_TEXT.name,
  appearance: WIZARD_TEXT.appearance,
  personality: WIZARD_TEXT.personality,
  background: 'ภูมิหลัง',
  exampleMessages: 'ตัวอย่างข้อความ',
  description: WIZARD_TEXT.description,
};

/** The step where each limited field is edited. */
export const FIELD_STEP: Record<DraftLimitedField, number> = {
  name: 2,
  appearance: 3,
  personality: 4,
  background: 6,
  exampleMessages: 7,
  description: 8,
};

export interface StepProblem {
  title: string;
  description?: string;
}

function tooLong(draft: WizardDraft, field: DraftLimitedField): StepProblem | null {
  const max = DRAFT_LIMITS[field];
  return characterCount(draft[field]) > max ? { title: WIZARD_TEXT.tooLongTitle, description: WIZARD_TEXT.tooLong(FIELD_LABELS[field], max) } : null;
}

/** spec §5: what stops the wizard leaving `step`, as the toast to show; null when it may go on. */
export function stepProblem(step: number, draft: WizardDraft): StepProblem | null {
  switch (step) {
    case 2:
      if (draft.name.trim() === '') return { title: WIZARD_TEXT.nameRequired };
      return tooLong(draft, 'name') ?? (characterCount(draft.age.trim()) > LIMITS.characterName ? { title: WIZARD_TEXT.tooLongTitle, description: WIZARD_TEXT.tooLong('อายุ', LIMITS.characterName) } : null);
    case 3:
      return tooLong(draft, 'appearance');
    case 4:
      if (draft.personality.trim() === '') return { title: WIZARD_TEXT.personalityRequired };
      return tooLong(draft, 'personality');
    case 5:
      return draft.firstMessage.trim() === '' ? { title: WIZARD_TEXT.firstMessageRequired } : null;
    case 6:
      return tooLong(draft, 'background');
    case 7:
      return tooLong(draft, 'exampleMessages');
    case 8:
      if (draft.isPublic && draft.description.trim() === '') return { title: WIZARD_TEXT.descriptionRequired };
      return tooLong(draft, 'description');
    default:
      return null;
  }
}

/** What stops the optional lorebook step from being saved, as the toast to show; null when nothing does. */
export function lorebookStepProblem(draft: WizardDraft): StepProblem | null {
  // The body's size with a member id in it (ids are a few dozen bytes; 100 leaves room).
  const refusal = lorebookRefusal(draft.lorebook) ?? bodyRefusal(bodyBytes(inputOf(draft, '')) + 100);
  return refusal ? { title: LOREBOOK_TEXT.problemTitle, description: refusal } : null;
}

/** The first step that stops a submission (an imported card or a deep link can skip steps), the optional lorebook step last. */
export function firstProblem(draft: WizardDraft): { step: number | typeof LOREBOOK_STEP; problem: StepProblem } | null {
  for (let step = 1; step < TOTAL_STEPS; step++) {
    const problem = stepProblem(step, draft);
    if (problem) return { step, problem };
  }
  const lorebook = lorebookStepProblem(draft);
  return lorebook ? { step: LOREBOOK_STEP, problem: lorebook } : null;
}

/** The step in a wizard path (/create-character/4): 1-9, 1 when absent or not a step. */
export function parseStep(raw: string | undefined): number {
  const step = Number(raw);
  return Number.isInteger(step) && step >= 1 && step <= TOTAL_STEPS ? step : 1;
}
