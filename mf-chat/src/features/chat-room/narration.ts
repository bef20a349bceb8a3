// spec §2: text between asterisks (double or single) is narration; the rest is speech.

export interface Segment {
  kind: 'narration' | 'speech';
  text: string;
}

const NARRATION = /\*\*([^*]+?)\*\*|\*([^*]+?)\*/g;

export function narrationSegments(text: string): Segment[] {
  const segments: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(NARRATION)) {
    const at = match.index ?? 0;
    if (at > last) segments.push({ kind: 'speech', text: text.slice(last, at) });
    segments.push({ kind: 'narration', text: match[1] ?? match[2] ?? '' });
    last = at + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'speech', text: text.slice(last) });
  return segments;
}
