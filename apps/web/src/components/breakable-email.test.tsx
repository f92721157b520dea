import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BreakableEmail } from './breakable-email.tsx';

afterEach(cleanup);

describe('BreakableEmail', () => {
  it('offers a line break before the @ and each dot, and reads as the address', () => {
    const { container } = render(<BreakableEmail email="kwame.davis@newellbrands.com" />);
    expect(container.textContent).toBe('kwame.davis@newellbrands.com');
    expect(container.innerHTML).toBe('kwame<wbr>.davis<wbr>@newellbrands<wbr>.com');
  });
});
