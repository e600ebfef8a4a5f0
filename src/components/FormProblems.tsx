import { useEffect, useRef, type ReactNode } from 'react';
import { Notice } from './Notice';

/**
 * What stops a form, above its button: every problem the server (or the form) named, listed, or
 * another notice. It takes the focus when it appears or changes, so a keyboard or a screen reader
 * meets it first.
 */
export function FormProblems({ problems, title = 'Periksa isian berikut', children }: { problems?: readonly string[]; title?: string; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const key = problems?.join('\n') ?? title;
  useEffect(() => {
    ref.current?.focus();
  }, [key]);
  return (
    <div className="bj-form__full" ref={ref} tabIndex={-1}>
      <Notice tone={problems ? 'danger' : 'warning'} title={title}>
        {problems ? (
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : (
          children
        )}
      </Notice>
    </div>
  );
}
