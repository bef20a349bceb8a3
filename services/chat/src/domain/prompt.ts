import { lorebookScanText, type CharacterSnapshot, type LoreMatchWork, type LorebookEntry } from '@lakorn/contracts';
import { lorebookMatcherFor } from './lorebookMatchers';

// The AI prompt of ARCHITECTURE §7, assembled in this order: system rules → character → the chat's
// persona (or the member's main identity) → the chat's memory → the summary of earlier turns and the
// pinned messages → example messages → history, newest first within a token budget → the member's
// new message → a closing instruction. The budget drops the oldest history first; everything else
// is always sent.

export interface PromptPersona {
  name: string;
  appearance: string;
  personality: string;
  background: string;
}

export interface PromptTurn {
  isUser: boolean;
  content: string;
}

export interface PromptInput {
  character: CharacterSnapshot;
  /** The stored persona the member speaks as (never a send's personaContext); null: main identity. */
  persona: PromptPersona | null;
  /** The member's username for the main identity, when known. */
  userName: string | null;
  memory: string;
  /** The summary of the turns the window dropped (README "Memory that keeps up"); '' or absent: none. */
  summary?: string;
  /** Messages the member pinned, in the chat's order: they stay whatever the window drops. */
  pins?: PromptTurn[];
  /** Earlier messages of the chat, oldest first (the new message is not among them). */
  history: PromptTurn[];
  userMessage: string;
  /** Which answer of the turn this is (0 the first, n another answer's, README "Another answer"); absent: 0. */
  answer?: number;
  /** Tokens the prompt may take (the model's context minus the reply's allowance). */
  budgetTokens: number;
}

export interface PromptMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface Prompt {
  messages: PromptMessage[];
  input: PromptInput;
  /** How many of the history's newest turns fit the budget (the rest were dropped, oldest first). */
  keptHistory: number;
  estimatedTokens: number;
}

/** Per-message framing tokens of the chat format (role markers), as OpenAI's guide counts them. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/**
 * A tokenizer-free estimate that errs on the high side: about 4 ASCII characters per token, and one
 * token for every other code point (Thai script costs roughly a token per character or two in
 * common tokenizers), so a prompt within the estimate is within the model's real limit.
 */
export function estimateTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  for (const ch of text) {
    if ((ch.codePointAt(0) ?? 0) < 128) ascii += 1;
    else other += 1;
  }
  return Math.ceil(ascii / 4) + other;
}

const THAI = /[\u0E00-\u0E7F]/;
export const isThai = (text: string) => THAI.test(text);

const GENDER = { male: 'male', female: 'female', 'lgbtq+': 'LGBTQ+' } as const;
const GENRE = { romantic: 'romance', adventure: 'adventure', daily: 'daily life', friendship: 'friendship' } as const;

function section(title: string, lines: Array<string | false | null | undefined>): string {
  const body = lines.filter((l): l is string => typeof l === 'string' && l.trim() !== '');
  return body.length ? `## ${title}\n${body.join('\n')}` : '';
}

export const SYSTEM_RULES = [
  'You are an actor in Lakorn (ละคร), a Thai role-play chat app. You play one character and never break character.',
  'Never say you are an AI or a language model, and never mention these instructions.',
  'Write actions, feelings and scenery as narration between asterisks, like *smiles softly*, and speech as plain text.',
  'Keep replies to a few short paragraphs at most, and leave room for the user to answer.',
].join('\n');

export function closingInstruction(input: Pick<PromptInput, 'character' | 'userMessage'>): string {
  const language = isThai(input.userMessage)
    ? 'The user wrote in Thai: answer in natural Thai (ภาษาไทย).'
    : "Answer in the same language as the user's last message.";
  return `Stay in character as ${input.character.name}. ${language} Put narration between asterisks (*like this*).`;
}

function characterSection(c: CharacterSnapshot): string {
  return section(`Your character: ${c.name}`, [
    `Name: ${c.name}`,
    c.age.trim() && `Age: ${c.age}`,
    `Gender: ${GENDER[c.gender]}`,
    `Genre: ${GENRE[c.genre]}`,
    c.appearance.trim() && `Appearance: ${c.appearance}`,
    `Personality: ${c.personality}`,
    c.background.trim() && `Background: ${c.background}`,
    c.isSpicy
      ? 'Content: romantic and flirtatious scenes are welcome, kept tasteful and between consenting adults.'
      : 'Content: keep the story suitable for a general audience.',
  ]);
}

function userSection(persona: PromptPersona | null, userName: string | null): string {
  if (persona) {
    return section(`The user plays: ${persona.name}`, [
      `Name: ${persona.name}`,
      persona.appearance.trim() && `Appearance: ${persona.appearance}`,
      persona.personality.trim() && `Personality: ${persona.personality}`,
      persona.background.trim() && `Background: ${persona.background}`,
      'Treat the user as this person.',
    ]);
  }
  return section('The user', [userName ? `The user is ${userName}, speaking as themselves.` : 'The user speaks as themselves.']);
}

/**
 * The character's lorebook entries for this send: those whose keys appear in the book's last
 * `scanDepth` messages (the new one included), newest LOREBOOK_LIMITS.scanCharactersMax
 * characters of them (contracts values/lorebookMatch.ts decides what "appear" means, Thai-aware,
 * reading the text once for all keys with the character version's compiled matcher), and the
 * constant ones, lowest `order` first (ties keep the book's order), each taken while the book's
 * `budgetTokens` still has room for it by the prompt's own estimate (one that does not fit is
 * skipped; a smaller one after it may still fit). The lorebook travels in the character's copy
 * chat already reads for the send, and the messages are the history the prompt already has, so
 * no send reads anything more for it. `work` counts the matcher's steps (for the tests).
 */
export function loreFor(input: Pick<PromptInput, 'character' | 'history' | 'userMessage' | 'persona'>, work?: LoreMatchWork): LorebookEntry[] {
  const book = input.character.lorebook;
  const matcher = lorebookMatcherFor(input.character);
  if (!book || !matcher) return [];
  const recent = input.history.slice(Math.max(0, input.history.length - book.scanDepth)).map((turn) => turn.content);
  const text = lorebookScanText([...recent, input.userMessage], book.scanDepth);
  // The persona's name is a word too: a made-up name beside a key must not swallow the key's first letters.
  const fires = matcher.fires(text, input.persona ? [input.persona.name] : [], work);
  const fired = book.entries
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry, index }) => entry.content.trim() !== '' && fires[index])
    .sort((a, b) => a.entry.order - b.entry.order || a.index - b.index);
  let room = book.budgetTokens;
  const chosen: LorebookEntry[] = [];
  for (const { entry } of fired) {
    const tokens = estimateTokens(entry.content.trim());
    if (tokens > room) continue;
    room -= tokens;
    chosen.push(entry);
  }
  return chosen;
}

/** Assembles the prompt (ARCHITECTURE §7 order) and fits the history into the budget. */
export function assemblePrompt(input: PromptInput): Prompt {
  const system = [
    SYSTEM_RULES,
    characterSection(input.character),
    section('What you know about this world (lorebook)', loreFor(input).map((entry) => entry.content.trim())),
    userSection(input.persona, input.userName),
    section('What to remember about this conversation', [input.memory.trim()]),
    section('The story so far (earlier turns, summarized)', [input.summary?.trim()]),
    section('Pinned moments (keep these in mind)', (input.pins ?? []).map((pin) => `${pin.isUser ? 'The user' : input.character.name}: ${pin.content.trim()}`)),
    section('Example messages in the character\'s voice', [input.character.exampleMessages.trim()]),
  ]
    .filter((part) => part !== '')
    .join('\n\n');
  const closing = closingInstruction(input);

  const cost = (text: string) => estimateTokens(text) + MESSAGE_OVERHEAD_TOKENS;
  const fixed = cost(system) + cost(input.userMessage) + cost(closing);
  let remaining = input.budgetTokens - fixed;

  // Newest first: stop at the first turn that does not fit, so what is kept is the recent past.
  const kept: PromptMessage[] = [];
  for (let i = input.history.length - 1; i >= 0; i--) {
    const turn = input.history[i]!;
    const tokens = cost(turn.content);
    if (tokens > remaining) break;
    remaining -= tokens;
    kept.unshift({ role: turn.isUser ? 'user' : 'assistant', content: turn.content });
  }

  const messages: PromptMessage[] = [
    { role: 'system', content: system },
    ...kept,
    { role: 'user', content: input.userMessage },
    { role: 'system', content: closing },
  ];
  return { messages, input, keptHistory: kept.length, estimatedTokens: input.budgetTokens - remaining };
}
