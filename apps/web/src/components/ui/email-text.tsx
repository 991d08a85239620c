import { Fragment } from 'react';

import { emailBreakParts } from '../../lib/format-contact.ts';

/**
 * An e-mail address that wraps after '@' or before a dot rather than mid-word, and
 * only mid-word when one part alone is wider than its box.
 */
export function EmailText({ email, className = '' }: { email: string; className?: string }) {
  return (
    <span className={`min-w-0 break-words ${className}`}>
      {emailBreakParts(email).map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
