import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { emptyOtp, OtpInput } from './otp-input';

function Harness({ length = 4 }: { length?: number }) {
  const [value, setValue] = useState(() => emptyOtp(length));
  return (
    <>
      <OtpInput length={length} value={value} onChange={setValue} />
      <output>{value.join('')}</output>
    </>
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n}` });
const boxes = () => screen.getAllByRole('textbox');
const value = () => screen.getByRole('status').textContent;

describe('OtpInput', () => {
  it('renders one labelled numeric box per digit, defaulting to 4 via emptyOtp', () => {
    render(<Harness />);
    expect(boxes()).toHaveLength(4);
    expect(box(1)).toHaveAttribute('inputmode', 'numeric');
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(box(2)).toHaveAttribute('autocomplete', 'off');
    expect(box(4)).toHaveAttribute('data-testid', 'otp-3');
  });

  it('takes one digit per box and moves focus forward while typing', async () => {
    const user = userEvent.setup();
    render(<Harness length={6} />);
    await user.click(box(1));
    await user.keyboard('1234');
    expect(value()).toBe('1234');
    expect(boxes().map((input) => (input as HTMLInputElement).value)).toEqual(['1', '2', '3', '4', '', '']);
    expect(box(5)).toHaveFocus();
  });

  it('rejects characters that are not digits', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('a');
    expect(box(1)).toHaveValue('');
    expect(box(1)).toHaveFocus();
    await user.keyboard('7');
    expect(box(1)).toHaveValue('7');
    expect(box(2)).toHaveFocus();
  });

  it('fills every box from a valid paste', async () => {
    const user = userEvent.setup();
    render(<Harness length={6} />);
    await user.click(box(1));
    await user.paste('482913');
    expect(value()).toBe('482913');
    expect(box(6)).toHaveFocus();
  });

  it('ignores a paste with any invalid character, or too long', async () => {
    const user = userEvent.setup();
    render(<Harness length={4} />);
    await user.click(box(1));
    await user.paste('12a4');
    expect(value()).toBe('');
    await user.paste('12345');
    expect(value()).toBe('');
  });

  it('backspace clears the box and moves back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('123');
    expect(box(4)).toHaveFocus();
    // On an empty box: clears the previous one and moves there.
    await user.keyboard('{Backspace}');
    expect(value()).toBe('12');
    expect(box(3)).toHaveFocus();
    // On a filled box: clears it and moves back.
    await user.click(box(2));
    await user.keyboard('{Backspace}');
    expect(boxes().map((input) => (input as HTMLInputElement).value)).toEqual(['1', '', '', '']);
    expect(box(1)).toHaveFocus();
  });
});
