/**
 * DateField: staff type or pick dates in Indonesian (DD-MMM-YYYY) whatever the browser's locale,
 * and the parent receives the business date `YYYY-MM-DD`.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateField, INVALID_DATE_MESSAGE, parseDateText } from '@src/components/DateField';

afterEach(cleanup);

function type(text: string) {
  const input = screen.getByLabelText('Tanggal bayar', { selector: 'input' });
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
  return input as HTMLInputElement;
}

describe('parseDateText', () => {
  it('reads Indonesian month names and day-first numbers, and refuses days that do not exist', () => {
    expect(parseDateText('05-Agt-2026')).toBe('2026-08-05');
    expect(parseDateText('5 agustus 2026')).toBe('2026-08-05');
    expect(parseDateText('03-Mei-2026')).toBe('2026-05-03');
    expect(parseDateText('5/8/2026')).toBe('2026-08-05');
    expect(parseDateText('05-08-2026')).toBe('2026-08-05');
    expect(parseDateText('2026-08-05')).toBe('2026-08-05');
    expect(parseDateText('')).toBe('');
    expect(parseDateText('31/02/2026')).toBeNull();
    expect(parseDateText('05-Aug-2026')).toBeNull();
    expect(parseDateText('kemarin')).toBeNull();
  });
});

describe('DateField', () => {
  it('typing 05-Agt-2026 gives 2026-08-05 to the parent', () => {
    const onChange = vi.fn();
    render(<DateField label="Tanggal bayar" onChange={onChange} />);
    type('05-Agt-2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-08-05');
  });

  it('typing 5/8/2026 gives 2026-08-05 and is shown back as 05-Agt-2026', () => {
    const onChange = vi.fn();
    render(<DateField label="Tanggal bayar" onChange={onChange} />);
    const input = type('5/8/2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-08-05');
    expect(input.value).toBe('05-Agt-2026');
  });

  it("shows the value '2026-08-05' as 05-Agt-2026 and sends it with the form under its name", () => {
    const { container } = render(
      <form>
        <DateField label="Tanggal bayar" name="paidAt" defaultValue="2026-08-05" />
      </form>,
    );
    expect((screen.getByLabelText('Tanggal bayar', { selector: 'input' }) as HTMLInputElement).value).toBe('05-Agt-2026');
    expect(new FormData(container.querySelector('form')!).get('paidAt')).toBe('2026-08-05');
  });

  it('shows the Indonesian message for text that is not a date, and marks the field invalid', () => {
    const onChange = vi.fn();
    render(<DateField label="Tanggal bayar" defaultValue="2026-08-05" onChange={onChange} />);
    const input = type('31/02/2026');
    expect(screen.getByRole('alert').textContent).toBe(INVALID_DATE_MESSAGE);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.validity.valid).toBe(false);
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('refuses a date after max with the limit in Indonesian', () => {
    render(<DateField label="Tanggal bayar" max="2026-08-05" />);
    type('06-Agt-2026');
    expect(screen.getByRole('alert').textContent).toBe('Tanggal tidak boleh setelah 05-Agt-2026.');
  });

  it('the calendar picks a day, closes, and the field shows it', () => {
    function Parent() {
      const [value, setValue] = useState('2026-08-05');
      return (
        <>
          <DateField label="Tanggal bayar" value={value} onChange={setValue} />
          <output data-testid="value">{value}</output>
        </>
      );
    }
    render(<Parent />);
    const button = screen.getByRole('button', { name: 'Buka kalender: Tanggal bayar' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const calendar = screen.getByRole('dialog', { name: 'Kalender: Tanggal bayar' });
    expect(within(calendar).getByRole('grid')).toBeTruthy();
    fireEvent.click(within(calendar).getByRole('button', { name: /20 Agustus 2026/ }));
    expect(screen.getByTestId('value').textContent).toBe('2026-08-20');
    expect((screen.getByLabelText('Tanggal bayar', { selector: 'input' }) as HTMLInputElement).value).toBe('20-Agt-2026');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape closes the calendar and gives focus back to its button', () => {
    render(<DateField label="Tanggal bayar" defaultValue="2026-08-05" />);
    const button = screen.getByRole('button', { name: 'Buka kalender: Tanggal bayar' });
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
