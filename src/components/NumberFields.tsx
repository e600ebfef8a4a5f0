import { useId, type ReactNode } from 'react';
import { readRupiah, rupiahToText } from '../lib/number-input';
import { FieldHint, FieldLabel } from './FieldParts';

interface AffixedFieldProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  hint?: ReactNode;
  required?: boolean;
  placeholder?: string;
}

interface AffixedInputProps extends AffixedFieldProps {
  prefix?: string;
  suffix?: string;
  inputMode: 'numeric' | 'decimal';
  onBlur?: () => void;
}

/** A labelled text input with a fixed unit beside the value ("Rp", "%"), typed as text so a decimal comma or thousands dots stay as typed. */
function AffixedInput({ label, value, onChange, hint, required, placeholder, prefix, suffix, inputMode, onBlur }: AffixedInputProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="bj-field">
      <FieldLabel htmlFor={id} label={label} required={required} />
      <div className="bj-affixed">
        {prefix ? <span className="bj-affixed__unit" aria-hidden="true">{prefix}</span> : null}
        <input
          id={id}
          className="bj-field__input bj-affixed__input"
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          value={value}
          placeholder={placeholder}
          aria-required={required || undefined}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
        {suffix ? <span className="bj-affixed__unit" aria-hidden="true">{suffix}</span> : null}
      </div>
      <FieldHint id={hintId} hint={hint} />
    </div>
  );
}

/**
 * Whole rupiah typed as Indonesians write them ("1.500.000"); on leaving the field a readable
 * amount is shown grouped, so "1500000" becomes "1.500.000". The screen reads the text with
 * lib/number-input's readRupiah when it saves.
 */
export function RupiahField(props: AffixedFieldProps) {
  const regroup = () => {
    const reading = readRupiah(props.value, props.label);
    if (reading.ok) props.onChange(rupiahToText(reading.value));
  };
  return <AffixedInput {...props} prefix="Rp" inputMode="numeric" onBlur={regroup} />;
}

/** A percentage with a decimal comma ("5,75"); the screen reads it into basis points with readPercentBps. */
export function PercentField(props: AffixedFieldProps) {
  return <AffixedInput {...props} suffix="%" inputMode="decimal" />;
}
