import { preview, type CharacterSnapshot } from '@lakorn/contracts';
import { isThai, type Prompt } from '../prompt';
import type { Responder } from './types';

// ARCHITECTURE §7: with no model configured the app still answers, in character, from the
// character's own fields, so it runs on a fresh machine. Replies are deterministic for a given
// conversation (tests can rely on them) and marked offline so the UI says so. Another answer of the
// same turn (README "Another answer") takes the next of at least ALTERNATIVES_MAX variants, so it
// never repeats an earlier answer of that turn.

/** A stable small number from text: picks among the variants below. */
function pick(text: string, modulo: number): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return h % modulo;
}

const THAI_NARRATION = ['ยิ้มบาง ๆ', 'เอียงคอเล็กน้อยอย่างสนใจ', 'พยักหน้าช้า ๆ', 'หัวเราะเบา ๆ', 'สบตาคุณอย่างอบอุ่น'];
const ENGLISH_NARRATION = ['smiles softly', 'tilts their head with interest', 'nods slowly', 'laughs quietly', 'meets your eyes warmly'];
const THAI_PROMPTS = ['เล่าให้ฟังอีกหน่อยได้ไหม', 'แล้วคุณรู้สึกยังไงกับเรื่องนี้', 'เรามาคุยเรื่องนี้กันต่อนะ'];
const ENGLISH_PROMPTS = ['Tell me a little more?', 'How do you feel about it?', "Let's keep talking about this."];
/** How the character takes up what the member said (`said` the quote, `self` the word for "I"). */
const THAI_TAKES = [
  (said: string, self: string) => `ที่คุณพูดว่า "${said}" ทำให้${self}อยากรู้มากขึ้นเลย`,
  (said: string, self: string) => `พอได้ยินคุณพูดว่า "${said}" ${self}ก็อยากฟังต่อเลย`,
];
const ENGLISH_TAKES = [(said: string) => `You said "${said}", and now I want to know more.`, (said: string) => `Hearing you say "${said}" makes me curious.`];

/**
 * The variant of answer `answer` of a turn: narration × take × close counted from the turn's own
 * start, so answers 0..count−1 are all different (5 × 2 = 10 even with a single close).
 */
function variant(seed: string, answer: number, sizes: { narrations: number; takes: number; closes: number }) {
  const count = sizes.narrations * sizes.takes * sizes.closes;
  const at = (pick(seed, count) + answer) % count;
  return { narration: at % sizes.narrations, take: Math.floor(at / sizes.narrations) % sizes.takes, close: Math.floor(at / (sizes.narrations * sizes.takes)) };
}

/** The first clause of a text (up to the first sentence break), cut to n characters. */
function gist(text: string, n: number): string {
  const first = text.split(/[\n.!?。]|\s{2,}/)[0]?.trim() ?? '';
  return preview(first || text.trim(), n);
}

/** How a Thai speaker of each gender most often says "I" when the character's text does not say. */
const THAI_SELF: Record<CharacterSnapshot['gender'], string> = { male: 'ผม', female: 'ฉัน', 'lgbtq+': 'เรา' };
/** Titles a Thai speaker calls themselves by, which also begin their name (ป้าแจ่ม → "ป้าชื่อแจ่ม"). */
const THAI_TITLES = ['ป้า', 'ลุง', 'ครู', 'พี่', 'น้า', 'อา', 'ยาย', 'ตา', 'ปู่', 'ย่า'];

/**
 * The word the character calls themselves by: what its personality names ("ใช้คำแทนตัวว่า
 * "ป้า"", "แทนตัวเองว่า เรา"), else the usual one for its gender.
 */
function thaiSelf(character: CharacterSnapshot): string {
  const named = /แทนตัว(?:เอง)?\s*(?:ว่า)?\s*["“'‘]?([\u0E00-\u0E7F]{1,8})/.exec(character.personality);
  return named?.[1] ?? THAI_SELF[character.gender];
}

/**
 * The lines the character says in its example messages (the wizard's step 7 asks for examples of
 * how the character speaks): one a line, the member's lines and card markers left out, `{{char}}:` or
 * "name:" prefixes dropped, `{{user}}`/`{{char}}` filled in.
 */
export function characterLines(character: CharacterSnapshot, addressee: string | null): string[] {
  const own = new RegExp(`^(?:\\{\\{char\\}\\}|${character.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})\\s*:\\s*`, 'i');
  return character.exampleMessages
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^<start>$/i.test(line) && !/^(?:\{\{user\}\}|user|you|คุณ|ผู้ใช้)\s*:/i.test(line))
    .map((line) => line.replace(own, '').replace(/\{\{user\}\}/gi, addressee ?? 'คุณ').replace(/\{\{char\}\}/gi, character.name).trim())
    .filter((line) => line !== '');
}

/** The reply the offline responder gives to this prompt. */
export function offlineReply(prompt: Prompt): string {
  const { character, userMessage, persona, userName, history } = prompt.input;
  const name = character.name;
  const seed = `${userMessage}|${history.length}`;
  const addressee = persona?.name ?? userName ?? null;
  // Narration marks are left out of the quote: its cut could fall inside one (*ยิ้...) and leave a lone *.
  const said = preview(userMessage.replace(/\*/g, '').trim().replace(/\s+/g, ' '), 40);
  const personality = gist(character.personality.replace(/\*/g, ''), 60);
  const firstTurn = !history.some((turn) => turn.isUser);
  const thai = isThai(userMessage);
  // The close is something the character itself says (its example messages, in the member's
  // language), so even offline the answer sounds like this character and not like any other.
  const lines = characterLines(character, addressee).filter((line) => isThai(line) === thai);
  const closes = lines.length > 0 ? lines : thai ? THAI_PROMPTS : ENGLISH_PROMPTS;
  const narrations = thai ? THAI_NARRATION : ENGLISH_NARRATION;
  const takes = thai ? THAI_TAKES : ENGLISH_TAKES;
  const chosen = variant(seed, prompt.input.answer ?? 0, { narrations: narrations.length, takes: takes.length, closes: closes.length });
  const close = closes[chosen.close]!;
  const narration = `*${name} ${narrations[chosen.narration]}*`;

  if (thai) {
    const self = thaiSelf(character);
    const title = THAI_TITLES.includes(self) && name.startsWith(self) && name.length > self.length ? name.slice(self.length) : name;
    const greeting = firstTurn
      ? `สวัสดี${addressee ? `นะ ${addressee}` : ''} ${self}ชื่อ${title} คนที่รู้จัก${self}บอกว่า${self}${personality}`
      : `${addressee ? `${addressee} ` : ''}${self}ฟังอยู่นะ`;
    return `${narration} ${greeting} ${THAI_TAKES[chosen.take]!(said, self)} ${close}`;
  }
  const greeting = firstTurn
    ? `Hello${addressee ? `, ${addressee}` : ''}! I'm ${name}. People who know me say: ${personality}.`
    : `${addressee ? `${addressee}, ` : ''}${name} is listening.`;
  return `${narration} ${greeting} ${ENGLISH_TAKES[chosen.take]!(said)} ${close}`;
}

/** Splits a reply into small pieces for streaming (a few characters each, never inside a code point). */
export function streamPieces(text: string, size = 4): string[] {
  const chars = Array.from(text);
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(''));
  return pieces;
}

export function offlineResponder(options: { streamDelayMs: number }): Responder {
  return {
    offline: true,
    async reply(prompt, { signal, onDelta }) {
      const text = offlineReply(prompt);
      if (!onDelta) return text;
      for (const piece of streamPieces(text)) {
        if (signal.aborted) throw new Error('The reply was cancelled');
        onDelta(piece);
        if (options.streamDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.streamDelayMs));
      }
      return text;
    },
  };
}
