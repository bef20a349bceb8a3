import styled from 'styled-components';
import { narrationPreview, narrationSegments } from '../narration';

const Narration = styled.em`
  font-style: italic;
`;

/**
 * A message's text with its narration (spec §2, between asterisks) in italics, never as raw
 * asterisks; with `max`, a one-paragraph preview of at most that many visible characters
 * (narrationPreview). The italics take the colour of the text around them unless styled.
 */
export function NarrationText({ text, max }: { text: string; max?: number }) {
  const segments = max === undefined ? narrationSegments(text) : narrationPreview(text, max);
  return (
    <>
      {segments.map((segment, i) =>
        segment.kind === 'narration' ? (
          <Narration key={i} data-kind="narration">
            {segment.text}
          </Narration>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </>
  );
}
