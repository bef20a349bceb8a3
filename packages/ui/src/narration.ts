import { truncateText } from './text';

// spec §2: text between asterisks (double or single) is narration; the rest is speech. One parser
// for every place a message is shown, whole or as a preview, so no screen shows raw asterisks.

export interface NarrationSegment {
  kind: 'narration' | 'speech';
  text: string;
}

const NARRATION = /\*\*([^*]+?)\*\*|\*([^*]+?)\*/g;

/**
 * A message's speech and narration. A mark left open (a cut reply, a typo) makes the rest narration
 * rather than showing its asterisk; stray asterisks with nothing inside are dropped.
 */
export function narrationSegments(text: string): NarrationSegment[] {
  const segments: NarrationSegment[] = [];
  const push = (kind: NarrationSegment['kind'], piece: string) => {
    if (piece) segments.push({ kind, text: piece });
  };
  let last = 0;
  for (const match of text.matchAll(NARRATION)) {
    const at = match.index ?? 0;
    pushSpeech(text.slice(last, at));
    push('narration', match[1] ?? match[2] ?? '');
    last = at + match[0].length;
  }
  pushSpeech(text.slice(last));
  return segments;

  function pushSpeech(piece: string) {
    const open = piece.indexOf('*');
    if (open < 0) return push('speech', piece);
    push('speech', piece.slice(0, open));
    push('narration', piece.slice(open).replace(/\*/g, '').trimStart());
  }
}

/**
 * A preview of a message (the library's last message, a pinned message): its segments cut to at
 * most `max` visible characters with truncateText's Thai-aware rules; the asterisks are never
 * counted, cut or shown.
 */
export function narrationPreview(text: string, max: number, ellipsis = '...'): NarrationSegment[] {
  const whole = narrationSegments(text.replace(/\s+/g, ' ').trim());
  const out: NarrationSegment[] = [];
  let room = max;
  for (const segment of whole) {
    const size = Array.from(segment.text).length;
    if (size <= room) {
      out.push(segment);
      room -= size;
      continue;
    }
    const cut = truncateText(segment.text, room, '');
    if (cut) out.push({ kind: segment.kind, text: cut });
    out.push({ kind: segment.kind, text: ellipsis });
    return mergeSame(out);
  }
  return out;
}

function mergeSame(segments: NarrationSegment[]): NarrationSegment[] {
  const merged: NarrationSegment[] = [];
  for (const s of segments) {
    const last = merged[merged.length - 1];
    if (last && last.kind === s.kind) last.text += s.text;
    else merged.push({ ...s });
  }
  return merged;
}
