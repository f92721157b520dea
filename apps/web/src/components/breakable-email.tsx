import { Fragment } from 'react';

/**
 * An email address that, where it must wrap, wraps before its "@" and its dots: a narrow column
 * had broken "kwame.davis@newellbrands.co" / "m". A longer part still breaks anywhere, as the
 * container's overflow-wrap allows.
 */
export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
