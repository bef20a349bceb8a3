import { Fragment } from 'react';
import { UNBREAKABLE_THAI_WORDS } from '../text';

const WORD = new RegExp(`(${UNBREAKABLE_THAI_WORDS.join('|')})`, 'u');

/**
 * Text whose lines break only between Thai words: the page's `word-break: normal; line-break: auto`
 * (globalCss) leaves Thai to the browser's dictionary, and the loanwords it splits inside
 * (UNBREAKABLE_THAI_WORDS, "โซเชีย/ลมีเดีย") are kept on one line. The text itself is unchanged.
 */
export function ThaiText({ children }: { children: string }) {
  const parts = children.split(WORD);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <span key={i} style={{ whiteSpace: 'nowrap' }}>
            {part}
          </span>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
